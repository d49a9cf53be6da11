import * as fs from 'node:fs';
import * as path from 'node:path';
import { FolderError, makeFolders } from '../files/makeFolders';
import { CliUsageError, type CliIo } from './output';

/**
 * Where `--out` may write, checked before a command does its work: a run of an hour must not end
 * in "no such folder". And the file system's refusals in words, for what no check can foresee
 * (a full disk), in place of Node's error codes and a stack trace.
 */

const FS_WORDS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'this user may not write there',
  EPERM: 'this user may not write there',
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'it already exists',
  ENOSPC: 'the disk is full',
  EROFS: 'the disk is read-only',
};

/** A file system error in words (`path: what went wrong`), or undefined for any other error. */
export function fsErrorWords(err: unknown): string | undefined {
  const e = err as NodeJS.ErrnoException | null | undefined;
  const words = typeof e?.code === 'string' ? FS_WORDS[e.code] : undefined;
  return words && typeof e?.path === 'string' ? `${e.path}: ${words}` : undefined;
}

const isFolder = (p: string) => fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;

function writableFolder(folder: string): void {
  try {
    fs.accessSync(folder, fs.constants.W_OK);
  } catch {
    throw new CliUsageError(`--out: this user may not write in ${folder}`);
  }
}

/** `--out FILE`: its folder exists and may be written, and it is not itself a folder. */
export function checkOutFile(out: string | boolean | undefined, example = 'file.json'): void {
  if (typeof out !== 'string') return;
  if (isFolder(out)) throw new CliUsageError(`--out: ${out} is a folder: name a file in it, such as ${path.join(out, example)}`);
  const folder = path.dirname(path.resolve(out));
  if (!isFolder(folder)) throw new CliUsageError(`--out: the folder ${folder} does not exist`);
  writableFolder(folder);
}

/**
 * `--out DIR` for a command that writes several files: made with its missing parents, one level
 * at a time (Node's recursive mkdir never returns on some special file systems, such as /proc).
 */
export function makeOutFolder(dir: string): void {
  try {
    makeFolders(dir, '--out');
  } catch (err) {
    if (err instanceof FolderError) throw new CliUsageError(err.message);
    throw err;
  }
  // Made or found: the documents go in it.
  writableFolder(path.resolve(dir));
}

/** A document to `--out FILE` (saying so on stderr) or, without it, to stdout. */
export function writeDocument(content: string, out: string | boolean | undefined, io: CliIo): void {
  checkOutFile(out);
  if (typeof out === 'string') {
    fs.writeFileSync(out, content);
    io.err(`wrote ${out}\n`);
  } else {
    io.out(content);
  }
}
