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

/**
 * This process held the write lock, was paused past the stale time (Ctrl+Z, SIGSTOP, a suspended
 * laptop), and another process took the lock over. Nothing of the save was written; the store
 * tries the same writes again under a fresh lock, and only says this when that fails too.
 */
export class LockLostError extends StoreError {
  constructor(attempts = 1) {
    super(
      'store_busy',
      `nothing was saved: another process took over the data folder while this one was paused (its write lock went stale), so saving now would overwrite that process's changes.${attempts > 1 ? ` Tried ${attempts} times.` : ''} Try again.`,
    );
    this.name = 'LockLostError';
  }
}
