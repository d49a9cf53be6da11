import { app, shell, type Session, type WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY_HEADER } from '../shared/api/csp';
import { isAllowedExternalUrl } from '../services/externalLinks';

/** Deny every permission (camera, notifications, geolocation, …): the studio needs none. */
export function lockDownSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  // The renderer's own meta tag carries the same policy; the header also covers the dev server.
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY_HEADER] } });
  });
}

/**
 * The one vetted way out to the browser: https links to known documentation hosts only.
 * Returns whether the URL was allowed.
 */
export async function openExternalSafely(url: string): Promise<boolean> {
  if (!isAllowedExternalUrl(url)) return false;
  await shell.openExternal(url, { activate: true });
  return true;
}

/** Every web contents ever created: no navigation away, no new windows, no webviews. */
export function guardAllWebContents(isAppUrl: (url: string) => boolean): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      // Links the user clicks (target=_blank) go to the browser if vetted; no Electron window opens.
      void openExternalSafely(url);
      return { action: 'deny' };
    });
  });
}
