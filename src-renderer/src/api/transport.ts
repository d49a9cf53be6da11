import type { ApiResult } from '@shared/results/result';

/** How requests reach the services; the rest of the renderer never knows which one it has. */
export interface Transport {
  readonly kind: 'ipc' | 'http';
  invoke(channel: string, request: unknown): Promise<ApiResult<unknown>>;
  /** Subscribe to a push event; returns the unsubscribe function. */
  listen(event: string, listener: (payload: unknown) => void): () => void;
  /** Browser only: send a file the user picked to main, which answers an import token. */
  upload?(file: File): Promise<ApiResult<unknown>>;
}
