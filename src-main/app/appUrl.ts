/**
 * Where the desktop app's page comes from. Kept free of Electron so tests can pin it in plain Node.
 *
 * The built renderer is served from a privileged custom scheme, `app://studio/`, not `file://`:
 * a file:// page shares its origin with every local file, while app://studio is an origin of its
 * own that only the studio's protocol handler answers (Electron security checklist, item 18).
 */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://studio`;

/**
 * The page to load: the dev server's URL while developing (electron-vite sets ELECTRON_RENDERER_URL),
 * the built page otherwise. A packaged app ignores the variable, so that nobody can point the
 * trusted window at another page by setting it; in development only a loopback http URL is taken.
 */
export function appUrl(options: { packaged: boolean; env: NodeJS.ProcessEnv }): string {
  const dev = options.env.ELECTRON_RENDERER_URL;
  if (!options.packaged && dev && isLoopbackHttp(dev)) return dev;
  return `${APP_ORIGIN}/index.html`;
}

function isLoopbackHttp(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && (u.hostname === 'localhost' || u.hostname === '127.0.0.1' || u.hostname === '[::1]');
  } catch {
    return false;
  }
}
