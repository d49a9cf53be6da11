import type { Database } from 'sql.js';
import { LockLostError } from './errors';

export interface WriteOptions {
  /** The change may leave payload files that nothing names (a removal, a replaced spec): collect them after the save. */
  dropsPayloads?: boolean;
}

export interface QueuedWrite {
  fn: (db: Database) => unknown;
  options: WriteOptions;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * How often a batch of writes is tried when the lock is taken over each time before its save: a
 * process paused past the stale time once (a suspended laptop) gets it on the next try; one that
 * keeps being paused mid-save is told so rather than looping.
 */
const LOCK_LOST_ATTEMPTS = 3;

/** The latest time another process took this one's write lock over while it was paused. */
export interface LockTakeover {
  at: string;
  /** Writes whose save was abandoned then and made again under a fresh lock. */
  writesSavedAgain: number;
  /** Writes that could not be saved even so (the take-over repeated on every try). */
  writesLost: number;
}

/** What the queue needs of the store it serves. */
export interface WriteQueueHost {
  /** Take the data folder's write lock; resolves to its release. */
  acquireLock(): Promise<() => Promise<void>>;
  /** Under the lock: each write in its own transaction, then one save if any succeeded. */
  applyAndSave(batch: QueuedWrite[]): Outcome[];
  /** The save (or the re-read before it) threw: the memory copy may hold what is not on disk. */
  saveFailed(): void;
  /** The lock was taken over while this process was paused: what became of the batch's writes. */
  tookOver(writes: number, lost: boolean): void;
  /** Whether the store is still open (a closed one flushes nothing more). */
  isOpen(): boolean;
}

/**
 * The store's writes, queued: those queued together share one turn of the lock and one save, each
 * in its own transaction. If the lock was taken over before the save (this process was paused past
 * the stale time), nothing was written: the same writes are applied again to the file as the other
 * process left it, under a fresh lock, as if they had arrived after its writes.
 */
export class WriteQueue {
  private queue: QueuedWrite[] = [];
  private flushing: Promise<void> | undefined;

  constructor(private readonly host: WriteQueueHost) {}

  /** Queue a change; resolves once it is durably on disk (or rejects with why it is not). */
  push<T>(fn: (db: Database) => T, options: WriteOptions): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, options, resolve: resolve as (v: unknown) => void, reject });
      this.schedule();
    });
  }

  /** Every write queued so far has been saved or refused. */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private schedule(): void {
    if (this.flushing) return;
    this.flushing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.flush())
      .finally(() => {
        this.flushing = undefined;
        if (this.queue.length && this.host.isOpen()) this.schedule();
      });
  }

  private async flush(): Promise<void> {
    const batch: QueuedWrite[] = [];
    for (let attempt = 1; ; attempt++) {
      let release: () => Promise<void>;
      try {
        release = await this.host.acquireLock();
      } catch (err) {
        for (const w of [...batch, ...this.queue.splice(0)]) w.reject(err);
        return;
      }
      batch.push(...this.queue.splice(0));
      let outcomes: Outcome[];
      try {
        outcomes = this.host.applyAndSave(batch);
      } catch (error) {
        // Nothing of this batch is on disk, and the memory copy may hold it: dropped at the next use.
        this.host.saveFailed();
        outcomes = batch.map(() => ({ ok: false, error }));
      } finally {
        await release();
      }
      const lockLost = outcomes.some((o) => !o.ok && o.error instanceof LockLostError);
      if (lockLost && attempt < LOCK_LOST_ATTEMPTS) continue;
      if (attempt > 1 || lockLost) this.host.tookOver(batch.length, lockLost);
      batch.forEach((w, i) => {
        const o = outcomes[i];
        if (o.ok) w.resolve(o.value);
        else w.reject(lockLost ? new LockLostError(attempt) : o.error);
      });
      return;
    }
  }
}
