const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
  ENOTDIR: 'a part of the path is not a folder',
  ENXIO: 'no such device or address',
};

/**
 * Why the system would not open or look at a file, in words ("no such file", not "ENOENT"); a
 * reason without words keeps the system's own message, which names it.
 */
export function fileErrorWords(err: unknown): string {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return (typeof code === 'string' ? REASONS[code] : undefined) ?? (typeof message === 'string' ? message : String(err));
}
