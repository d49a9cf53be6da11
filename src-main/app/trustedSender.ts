import { APP_SCHEME } from './appUrl';

/**
 * Whether an IPC message comes from our own renderer: a page of the app:// origin in production
 * (app://studio/…) or the dev server's origin. Anything else — an iframe, a page
 * that somehow got navigated elsewhere — is refused before its request is even parsed.
 */
export function isTrustedRendererUrl(frameUrl: string | undefined, appUrl: string): boolean {
  if (!frameUrl) return false;
  let frame: URL;
  let app: URL;
  try {
    frame = new URL(frameUrl);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  // URL.origin is "null" for custom schemes such as app://, so compare scheme and host themselves.
  if (app.protocol === `${APP_SCHEME}:`) return frame.protocol === app.protocol && frame.host === app.host;
  return app.origin !== 'null' && frame.origin === app.origin;
}
