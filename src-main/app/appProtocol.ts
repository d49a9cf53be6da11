import { protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { CONTENT_SECURITY_POLICY_HEADER } from '../shared/api/csp';
import { resolveStaticFile } from '../server/staticFiles';
import { APP_ORIGIN, APP_SCHEME } from './appUrl';

/**
 * `app://` as a standard, secure scheme: it must be declared before the app is ready, so that the
 * page gets a real origin (storage, fetch) without the extra powers file:// pages have.
 */
export function declareAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** Answer app://studio/… from the built renderer folder and nothing else. */
export function serveAppScheme(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    // URL.origin is "null" for custom schemes: compare the scheme and host themselves.
    if (`${url.protocol}//${url.host}` !== APP_ORIGIN) return new Response('not found', { status: 404 });
    const found = resolveStaticFile(rendererDir, url.pathname);
    if (!found.ok) return new Response(found.message, { status: found.status });
    return new Response(await readFile(found.file), {
      headers: { 'Content-Type': found.type, 'Content-Security-Policy': CONTENT_SECURITY_POLICY_HEADER, 'X-Content-Type-Options': 'nosniff' },
    });
  });
}
