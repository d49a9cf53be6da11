import type { ApiResult } from '@shared/result';

/** How requests reach the services; the rest of the renderer never knows which one it has. */
export interface Transport {
  readonly kind: 'ipc' | 'http';
  invoke(channel: string, request: unknown): Promise<ApiResult<unknown>>;
  /** Subscribe to a push event; returns the unsubscribe function. */
  listen(event: string, listener: (payload: unknown) => void): () => void;
}
