import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The Electron shell's guards, exercised with a fake `electron` module (the real binary cannot run
 * here): what matters is what the guards do with the events Electron would send them.
 */
const fake = vi.hoisted(() => {
  const appListeners: Record<string, (...args: unknown[]) => void> = {};
  return {
    appListeners,
    opened: [] as string[],
    app: { on: (name: string, fn: (...args: unknown[]) => void) => void (appListeners[name] = fn) },
    shell: { openExternal: async (url: string) => void fake.opened.push(url) },
  };
});
vi.mock('electron', () => ({ app: fake.app, shell: fake.shell }));

import { guardAllWebContents, lockDownSession, openExternalSafely } from '../../src-main/app/security';

const APP = 'app://studio/index.html';

function fakeContents() {
  const handlers: Record<string, (event: { preventDefault(): void }, url?: string) => void> = {};
  let windowOpen: ((d: { url: string }) => { action: string }) | undefined;
  return {
    on: (name: string, fn: (event: { preventDefault(): void }, url?: string) => void) => void (handlers[name] = fn),
    setWindowOpenHandler: (fn: (d: { url: string }) => { action: string }) => void (windowOpen = fn),
    fire(name: string, url?: string) {
      const event = {
        prevented: false,
        preventDefault() {
          this.prevented = true;
        },
      };
      handlers[name](event, url);
      return event.prevented;
    },
    open: (url: string) => windowOpen!({ url }),
  };
}

describe('web contents guards', () => {
  beforeEach(() => {
    fake.opened.length = 0;
    guardAllWebContents((url) => url.startsWith(APP));
  });

  it('blocks navigation and redirects away from the app, and every webview', () => {
    const contents = fakeContents();
    fake.appListeners['web-contents-created']({}, contents);
    expect(contents.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(contents.fire('will-navigate', APP)).toBe(false);
    expect(contents.fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(contents.fire('will-attach-webview')).toBe(true);
  });

  it('never opens a new window; vetted links go to the browser, others nowhere', async () => {
    const contents = fakeContents();
    fake.appListeners['web-contents-created']({}, contents);
    expect(contents.open('https://doi.org/10.1145/2591971.2591998')).toEqual({ action: 'deny' });
    expect(contents.open('file:///bin/sh')).toEqual({ action: 'deny' });
    await Promise.resolve();
    expect(fake.opened).toEqual(['https://doi.org/10.1145/2591971.2591998']);
    expect(await openExternalSafely('smb://attacker/share')).toBe(false);
  });
});

describe('session lock-down', () => {
  it('denies every permission request and check, and sets the CSP header', () => {
    let request: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | undefined;
    let check: (() => boolean) | undefined;
    let device: (() => boolean) | undefined;
    let headers: ((d: { responseHeaders: Record<string, string[]> }, cb: (r: { responseHeaders: Record<string, string[]> }) => void) => void) | undefined;
    lockDownSession({
      setPermissionRequestHandler: (fn: typeof request) => void (request = fn),
      setPermissionCheckHandler: (fn: typeof check) => void (check = fn),
      setDevicePermissionHandler: (fn: typeof device) => void (device = fn),
      webRequest: { onHeadersReceived: (fn: typeof headers) => void (headers = fn) },
    } as never);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      let granted: boolean | undefined;
      request!({}, permission, (g) => (granted = g));
      expect(granted, permission).toBe(false);
    }
    expect(check!()).toBe(false);
    expect(device!()).toBe(false);
    let out: Record<string, string[]> = {};
    headers!({ responseHeaders: { 'X-Other': ['1'] } }, (r) => (out = r.responseHeaders));
    expect(out['Content-Security-Policy'][0]).toMatch(/^default-src 'none'/);
    expect(out['X-Other']).toEqual(['1']);
  });
});
