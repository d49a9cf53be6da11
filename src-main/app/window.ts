import { app, BrowserWindow, nativeTheme } from 'electron';
import * as path from 'node:path';

/** The built renderer, which the app:// protocol serves. */
export function rendererDir(): string {
  return path.join(__dirname, '../renderer');
}

/** The studio's window on `url` (appUrl.ts decides which). */
export function createMainWindow(url: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Workload Studio',
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#16181d' : '#f6f7f9',
    icon: path.join(__dirname, '../../resources/icon.png'),
    // Written out here, not built by a helper, so static checkers (electronegativity) can read it;
    // tests/security/webPreferences.test.ts pins every value.
    webPreferences: {
      preload: path.join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      // Middle-click would otherwise open links in a new window, bypassing the window-open handler.
      disableBlinkFeatures: 'Auxclick',
      // No developer tools in an installed app, not even by their keyboard shortcut.
      devTools: !app.isPackaged,
    },
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(url);
  return win;
}
