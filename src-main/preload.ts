import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CHANNEL_NAMES, EVENT_IPC_CHANNEL, EVENT_NAMES } from './shared/api/channels';

/**
 * Runs sandboxed, before the page. Exposes one function per allowlisted channel and one
 * subscription per event — nothing generic, so the page can reach no other IPC channel.
 */
const api: Record<string, (request: unknown) => Promise<unknown>> = {};
for (const channel of CHANNEL_NAMES) {
  api[channel] = (request: unknown) => ipcRenderer.invoke(channel, request);
}

const on: Record<string, (listener: (payload: unknown) => void) => () => void> = {};
for (const name of EVENT_NAMES) {
  on[name] = (listener) => {
    // What arrives on the channel is whatever the main process sent: checked, not trusted.
    const handler = (_e: IpcRendererEvent, event: { event: string; payload: unknown } | undefined) => {
      if (event?.event === name) listener(event.payload);
    };
    ipcRenderer.on(EVENT_IPC_CHANNEL, handler);
    return () => ipcRenderer.removeListener(EVENT_IPC_CHANNEL, handler);
  };
}

contextBridge.exposeInMainWorld('studio', Object.freeze({ api: Object.freeze(api), on: Object.freeze(on) }));
