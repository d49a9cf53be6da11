// Every scheduler is registered before anything reads a design (src-main/schedulers/registry.ts).
import './schedulers/registry';
import { app, BrowserWindow, dialog, session } from 'electron';
import { startServices, type Services } from './services';
import { createMainWindow, rendererDir } from './app/window';
import { appUrl } from './app/appUrl';
import { declareAppScheme, serveAppScheme } from './app/appProtocol';
import { guardAllWebContents, lockDownSession, openExternalSafely } from './app/security';
import { registerIpc } from './app/ipc';
import { installMenu } from './app/menu';
import { printHtmlToPdf } from './app/pdfPrinter';
import { isTrustedRendererUrl } from './app/trustedSender';
import { keychainPassword } from './app/keychainPassword';

// The thin Electron shell: everything it does is wiring; the studio itself lives in services.
app.enableSandbox();
declareAppScheme();

if (!app.requestSingleInstanceLock()) {
  // A second copy would keep its own in-memory database and race the first one's saves.
  app.quit();
} else {
  let services: Services | undefined;
  const url = appUrl({ packaged: app.isPackaged, env: process.env });

  app.on('second-instance', () => {
    const win = BrowserWindow.getAllWindows().at(0);
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });

  guardAllWebContents((target) => isTrustedRendererUrl(target, url));

  void app.whenReady().then(async () => {
    lockDownSession(session.defaultSession);
    serveAppScheme(rendererDir());
    try {
      services = await startServices({
        dataDir: app.getPath('userData'),
        queuePassword: keychainPassword(app.getPath('userData')),
        printPdf: printHtmlToPdf,
        openExternal: async (link) => {
          if (!(await openExternalSafely(link))) throw new Error(`refused to open ${link}`);
        },
        pickFile: async () => {
          const options = {
            title: 'Import a workload',
            properties: ['openFile' as const],
            filters: [
              { name: 'Workload files', extensions: ['tsv', 'txt', 'json', 'csv', 'gz'] },
              { name: 'All files', extensions: ['*'] },
            ],
          };
          const focused = BrowserWindow.getFocusedWindow();
          const chosen = focused ? await dialog.showOpenDialog(focused, options) : await dialog.showOpenDialog(options);
          return chosen.canceled ? undefined : chosen.filePaths[0];
        },
      });
    } catch (err) {
      dialog.showErrorBox('Workload Studio cannot open its data', (err as Error).message);
      app.exit(1);
      return;
    }
    registerIpc(services, url);
    installMenu();
    createMainWindow(url);
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createMainWindow(url);
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let flushed = false;
  app.on('before-quit', (event) => {
    if (flushed || !services) return;
    // Let the last queued save reach the disk before the process goes.
    event.preventDefault();
    void services.close().finally(() => {
      flushed = true;
      app.quit();
    });
  });
}
