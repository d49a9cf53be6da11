import { BrowserWindow, session } from 'electron';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A report's HTML printed to PDF by Electron itself (`webContents.printToPDF`), so the installed
 * app needs no browser. The page is loaded from a temporary file into a hidden window that runs no
 * script, has no preload, and lives in an in-memory session of its own: the report cannot reach
 * the studio's API or its storage. The window and the file are gone when the PDF is made.
 */

/** The report pages being printed now: the only URLs the print session may load. */
const printing = new Set<string>();

export async function printHtmlToPdf(html: string): Promise<Uint8Array> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-report-'));
  const page = path.join(dir, 'report.html');
  const pageUrl = pathToFileURL(page).href;
  const printSession = session.fromPartition('report-print');
  // Nothing the report could ask for is allowed, and it may load only its own file, no other file:// URL.
  printSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  printSession.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !printing.has(details.url) }));
  printing.add(pageUrl);
  const win = new BrowserWindow({
    show: false,
    width: 1000,
    height: 1400,
    webPreferences: {
      session: printSession,
      javascript: false,
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
      disableBlinkFeatures: 'Auxclick',
    },
  });
  try {
    await fs.writeFile(page, html);
    await win.loadFile(page);
    return await win.webContents.printToPDF({ printBackground: true, pageSize: 'A4', margins: { top: 0.5, bottom: 0.5, left: 0.5, right: 0.5 } });
  } finally {
    printing.delete(pageUrl);
    win.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
