/** The path of a request line, or undefined when it is not one (`//`, `http://elsewhere/`, garbage). */
export function parseRequestPath(raw: string | undefined): URL | undefined {
  const target = raw ?? '/';
  if (!target.startsWith('/') || target.startsWith('//')) return undefined;
  try {
    return new URL(target, 'http://127.0.0.1');
  } catch {
    return undefined;
  }
}

/** decodeURIComponent without the URIError a malformed `%`-escape throws. */
export function decodeOrUndefined(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
