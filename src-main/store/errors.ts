/** Errors the store raises on purpose; services turn them into API errors with these codes. */
export class StoreError extends Error {
  constructor(
    readonly code: 'not_found' | 'conflict' | 'invalid_request' | 'store_unavailable' | 'store_busy',
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
