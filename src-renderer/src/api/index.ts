import type { Channel, EventName, EventPayloads, RequestOf, ResponseOf } from '@shared/api/contract';
import type { ImportFile } from '@shared/workload/imports';
import type { ApiResult } from '@shared/results/result';
import { httpTransport, takeTokenFromLocation } from './httpTransport';
import { ipcTransport } from './ipcTransport';
import type { Transport } from './transport';
import { errorInWords } from '../utils/errorWords';

const token = window.studio ? undefined : takeTokenFromLocation();

// A new serve URL pasted into this tab changes only the fragment, which reloads nothing: take its
// token and start again with it, rather than go on with the old one (refused by a relaunched serve).
if (!window.studio) {
  window.addEventListener('hashchange', () => {
    if (!/(?:^#|&)token=/.test(window.location.hash)) return;
    takeTokenFromLocation();
    window.location.reload();
  });
}

/** In a browser without the access token every call would be refused: the app shows only that. */
export const missingToken = !window.studio && !token;

/** Picked once at start-up: the preload bridge inside Electron, loopback HTTP in a browser. */
function pickTransport(): Transport {
  return window.studio ? ipcTransport(window.studio) : httpTransport(token);
}

const transport = pickTransport();

/** Typed access to the studio's API; every call answers with the result envelope, never throws. */
export const api = {
  async call<C extends Channel>(channel: C, request: RequestOf<C>): Promise<ApiResult<ResponseOf<C>>> {
    const r = (await transport.invoke(channel, request)) as ApiResult<ResponseOf<C>>;
    return r.ok ? r : { ok: false, error: errorInWords(r.error) };
  },
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void {
    return transport.listen(event, listener as (payload: unknown) => void);
  },
  /**
   * Let the user choose a workload file. In Electron main opens its own dialog (the renderer never
   * sees a path); in a browser the file is picked here and uploaded to main. `undefined` = cancelled.
   */
  async pickWorkloadFile(chooseInBrowser: () => Promise<File | undefined>): Promise<ApiResult<ImportFile> | undefined> {
    if (!transport.upload) {
      const r = await transport.invoke('imports:pickFile', { purpose: 'workload' });
      if (r.ok && 'cancelled' in (r.data as object)) return undefined;
      return r as ApiResult<ImportFile>;
    }
    const file = await chooseInBrowser();
    if (!file) return undefined;
    return (await transport.upload(file)) as ApiResult<ImportFile>;
  },
};
