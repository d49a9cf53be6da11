import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ServerResponse } from 'node:http';
import { decodeOrUndefined } from './requestPath';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export type StaticFile = { ok: true; file: string; type: string } | { ok: false; status: 400 | 403 | 404; message: string };

/**
 * Which file of the built renderer a URL path names. The path is resolved inside `root` and
 * anything that escapes it is refused; unknown paths fall back to index.html (the app routes on
 * the client). Shared by serve mode and the desktop app's `app://` protocol.
 */
export function resolveStaticFile(root: string, urlPath: string): StaticFile {
  const decoded = decodeOrUndefined(urlPath);
  if (decoded === undefined) return { ok: false, status: 400, message: 'bad path' };
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return { ok: false, status: 403, message: 'forbidden' };
  let file = resolved;
  if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(root, 'index.html');
  if (!fs.existsSync(file)) return { ok: false, status: 404, message: 'the renderer is not built: run `npm run build`' };
  return { ok: true, file, type: MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream' };
}

/** Serve a file of the built renderer over HTTP (serve mode). */
export function serveStatic(root: string, urlPath: string, res: ServerResponse, headers: Record<string, string>): void {
  const found = resolveStaticFile(root, urlPath);
  if (!found.ok) {
    res.writeHead(found.status, headers).end(found.message);
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Type': found.type, 'Cache-Control': 'no-cache' });
  fs.createReadStream(found.file).pipe(res);
}
