import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { appUrl, APP_ORIGIN } from '../../src-main/app/appUrl';
import { resolveStaticFile } from '../../src-main/server/staticFiles';
import { useTempDirs } from '../helpers/tempDir';

/**
 * The packaged app's hardening, pinned without running Electron (its binary cannot be downloaded
 * here): which page a build loads, the app:// protocol that serves it, and the fuses set at packaging.
 */
const root = path.resolve(__dirname, '../..');
const tempDir = useTempDirs();

const fake = vi.hoisted(() => ({
  privileged: [] as { scheme: string; privileges: Record<string, boolean> }[],
  handler: undefined as ((request: { url: string }) => Promise<Response>) | undefined,
}));
vi.mock('electron', () => ({
  protocol: {
    registerSchemesAsPrivileged: (schemes: { scheme: string; privileges: Record<string, boolean> }[]) => void fake.privileged.push(...schemes),
    handle: (_scheme: string, fn: (request: { url: string }) => Promise<Response>) => void (fake.handler = fn),
  },
}));
import { declareAppScheme, serveAppScheme } from '../../src-main/app/appProtocol';

describe('the page the desktop app loads', () => {
  it('is app://studio in a packaged build, whatever ELECTRON_RENDERER_URL says', () => {
    expect(appUrl({ packaged: true, env: { ELECTRON_RENDERER_URL: 'https://evil.example/' } })).toBe(`${APP_ORIGIN}/index.html`);
    expect(appUrl({ packaged: true, env: { ELECTRON_RENDERER_URL: 'http://localhost:5173/' } })).toBe('app://studio/index.html');
    expect(appUrl({ packaged: false, env: {} })).toBe('app://studio/index.html');
  });

  it('is the dev server only while developing, and only on loopback http', () => {
    expect(appUrl({ packaged: false, env: { ELECTRON_RENDERER_URL: 'http://localhost:5173/' } })).toBe('http://localhost:5173/');
    expect(appUrl({ packaged: false, env: { ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173/' } })).toBe('http://127.0.0.1:5173/');
    for (const bad of ['https://evil.example/', 'http://192.168.1.5:5173/', 'file:///tmp/x.html', 'not a url']) {
      expect(appUrl({ packaged: false, env: { ELECTRON_RENDERER_URL: bad } }), bad).toBe('app://studio/index.html');
    }
  });

  it('never comes from file:// in the shell, which declares app:// before the app is ready', () => {
    const index = fs.readFileSync(path.join(root, 'src-main/index.ts'), 'utf8');
    expect(index.indexOf('declareAppScheme();')).toBeGreaterThan(0);
    expect(index.indexOf('declareAppScheme();')).toBeLessThan(index.indexOf('app.whenReady()'));
    expect(index).toMatch(/serveAppScheme\(rendererDir\(\)\)/);
    expect(index).toMatch(/appUrl\(\{ packaged: app\.isPackaged, env: process\.env \}\)/);
    for (const file of ['src-main/index.ts', 'src-main/app/window.ts']) expect(fs.readFileSync(path.join(root, file), 'utf8'), file).not.toMatch(/file:\/\//);
  });
});

describe('the app:// protocol', () => {
  it('is standard and secure, and serves the built renderer with the CSP, refusing other hosts and escapes', async () => {
    declareAppScheme();
    expect(fake.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>studio</title>');
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(path.dirname(dir), `secret-${path.basename(dir)}.txt`), 'secret');
    serveAppScheme(dir);
    const get = (url: string) => fake.handler!({ url });

    const page = await get('app://studio/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(await page.text()).toMatch(/<title>studio/);
    expect((await get('app://studio/assets/app.js')).headers.get('content-type')).toMatch(/javascript/);
    // Client-side routes fall back to the page.
    expect(await (await get('app://studio/experiments/42')).text()).toMatch(/<title>studio/);
    expect((await get('app://elsewhere/index.html')).status).toBe(404);
    // An escaped climb out of the folder stays inside it (and falls back to the page).
    expect(await (await get(`app://studio/..%2f..%2fsecret-${path.basename(dir)}.txt`)).text()).not.toMatch(/secret/);
    expect((await get('app://studio/%E0%A4%A')).status).toBe(400);
    fs.rmSync(path.join(path.dirname(dir), `secret-${path.basename(dir)}.txt`));
  });

  it('resolves no path outside the renderer folder', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'index.html'), 'x');
    for (const p of ['/../etc/passwd', '/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd']) {
      const found = resolveStaticFile(dir, p);
      if (found.ok) expect(found.file.startsWith(dir), p).toBe(true);
    }
  });
});

describe('fuses set when packaging (electron-builder.yml)', () => {
  const config = parse(fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as { electronFuses: Record<string, boolean>; asar: boolean };
  it('turn off every way to run the app as a general Node runtime', () => {
    expect(config.electronFuses).toMatchObject({ runAsNode: false, enableNodeOptionsEnvironmentVariable: false, enableNodeCliInspectArguments: false });
  });
  it('load the app only from its integrity-checked asar, encrypt cookies, and give file:// nothing extra', () => {
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toMatchObject({
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});
