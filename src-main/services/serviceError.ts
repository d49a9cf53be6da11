import type { ErrorCode } from '@shared/results/result';

/** An error a handler raises on purpose; dispatch turns it into `{ok:false, error}` as is. */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}
