/**
 * Whether an IPC message comes from our own renderer: the app's index.html in production
 * (file://…/out/renderer/index.html) or the dev server's origin. Anything else — an iframe, a page
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
  if (app.protocol === 'file:') return frame.protocol === 'file:' && frame.pathname === app.pathname;
  return frame.origin === app.origin;
}
