/** The envelope every API call answers with, whatever the transport. */

export type ErrorCode =
  | 'invalid_request' // the request failed its schema; `field` names the offending path
  | 'not_found'
  | 'conflict' // e.g. a name already taken; `field` names it
  | 'unknown_channel'
  | 'unauthorized' // loopback transport: missing or wrong token
  | 'forbidden' // IPC sender or URL not allowed
  | 'unsupported' // the verb exists but this transport cannot do it (e.g. open a browser on a remote box)
  | 'store_unavailable' // the database could not be opened; see store:status
  | 'store_busy' // another process kept the data folder's write lock for longer than a writer waits
  | 'cancelled' // the user stopped the request before it answered (a why-not replay)
  | 'internal';

export interface ApiError {
  code: ErrorCode;
  message: string;
  /** Dotted path of the request field at fault, e.g. `spec.racks.0.hosts.3.type`. */
  field?: string;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data });
export const fail = (error: ApiError): ApiResult<never> => ({ ok: false, error });
