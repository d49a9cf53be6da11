import type { Channel, EventName, EventPayloads, RequestOf, ResponseOf } from '@shared/contract';
import type { ApiResult } from '@shared/result';
import { httpTransport, takeTokenFromLocation } from './httpTransport';
import { ipcTransport } from './ipcTransport';
import type { Transport } from './transport';

/** Picked once at start-up: the preload bridge inside Electron, loopback HTTP in a browser. */
function pickTransport(): Transport {
  return window.studio ? ipcTransport(window.studio) : httpTransport(takeTokenFromLocation());
}

const transport = pickTransport();

/** Typed access to the studio's API; every call answers with the result envelope, never throws. */
export const api = {
  call<C extends Channel>(channel: C, request: RequestOf<C>): Promise<ApiResult<ResponseOf<C>>> {
    return transport.invoke(channel, request) as Promise<ApiResult<ResponseOf<C>>>;
  },
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void {
    return transport.listen(event, listener as (payload: unknown) => void);
  },
};
