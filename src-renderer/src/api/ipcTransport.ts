import type { ApiResult } from '@shared/result';
import type { Transport } from './transport';

/** Electron: the preload's per-channel functions. */
export function ipcTransport(bridge: StudioBridge): Transport {
  return {
    kind: 'ipc',
    invoke(channel, request) {
      const fn = bridge.api[channel];
      if (!fn) return Promise.resolve({ ok: false, error: { code: 'unknown_channel', message: `channel ${channel} is not exposed` } });
      return fn(request) as Promise<ApiResult<unknown>>;
    },
    listen(event, listener) {
      const subscribe = bridge.on[event];
      return subscribe ? subscribe(listener) : () => undefined;
    },
  };
}
