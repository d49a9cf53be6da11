import { BrowserWindow, ipcMain } from 'electron';
import { CHANNEL_NAMES, EVENT_IPC_CHANNEL } from '../shared/api/channels';
import type { Services } from '../services';
import { isTrustedRendererUrl } from './trustedSender';

/** One ipcMain handler per allowlisted channel; each checks the sender before dispatching. */
export function registerIpc(services: Services, appUrl: string): () => void {
  for (const channel of CHANNEL_NAMES) {
    ipcMain.handle(channel, (event, request: unknown) => {
      if (!isTrustedRendererUrl(event.senderFrame?.url, appUrl)) {
        return { ok: false, error: { code: 'forbidden', message: 'IPC from an untrusted frame was refused' } };
      }
      return services.dispatch(channel, request);
    });
  }
  const unsubscribe = services.events.subscribe((event) => {
    for (const win of BrowserWindow.getAllWindows()) {
      if (!win.isDestroyed()) win.webContents.send(EVENT_IPC_CHANNEL, event);
    }
  });
  return () => {
    unsubscribe();
    for (const channel of CHANNEL_NAMES) ipcMain.removeHandler(channel);
  };
}
