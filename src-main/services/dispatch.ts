import { contract, isChannel } from '@shared/api/contract';
import type { ApiResult } from '@shared/results/result';
import { internalError, invalidRequest } from '@shared/api/validation';
import { StoreError } from '../store/errors';
import type { Handlers } from './handlerTypes';
import { ServiceError } from './serviceError';

export type Dispatch = (channel: string, payload: unknown) => Promise<ApiResult<unknown>>;

/**
 * The single entry every transport calls: checks the channel exists, validates the payload with the
 * contract's schema, runs the handler and folds every outcome into the result envelope. Unexpected
 * errors are logged and reported without internals.
 */
export function createDispatch(handlers: Handlers, log: (message: string, err: unknown) => void = console.error): Dispatch {
  return async (channel, payload) => {
    if (!isChannel(channel)) return { ok: false, error: { code: 'unknown_channel', message: `unknown channel "${String(channel)}"` } };
    const parsed = contract[channel].request.safeParse(payload ?? {});
    if (!parsed.success) return { ok: false, error: invalidRequest(parsed.error) };
    try {
      const handler = handlers[channel] as (req: unknown) => unknown;
      const data = await handler(parsed.data);
      return { ok: true, data };
    } catch (err) {
      if (err instanceof ServiceError || err instanceof StoreError) {
        return { ok: false, error: { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) } };
      }
      log(`[${channel}] failed`, err);
      return { ok: false, error: internalError(err instanceof Error ? err.message : String(err)) };
    }
  };
}
