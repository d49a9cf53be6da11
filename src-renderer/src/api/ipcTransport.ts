import type { ApiResult } from '@shared/results/result';
import type { Transport } from './transport';

/** Electron: the preload's per-channel functions. */
export function ipcTransport(bridge: StudioBridge): Transport {
  return {
    kind: 'ipc',
    invoke(channel, request) {
      // The preload exposes the channels it was built with; an older preload may lack a newer one.
      const fn = (bridge.api as Partial<StudioBridge['api']>)[channel];
      if (!fn) return Promise.resolve({ ok: false, error: { code: 'unknown_channel', message: `channel ${channel} is not exposed` } });
      return fn(request) as Promise<ApiResult<unknown>>;
    },
    listen(event, listener) {
      const subscribe = (bridge.on as Partial<StudioBridge['on']>)[event];
      return subscribe ? subscribe(listener) : () => undefined;
    },
  };
}
