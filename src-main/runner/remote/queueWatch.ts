import type { Redis } from 'ioredis';

export interface QueueWatchOptions {
  /** A connection that fails at once while Redis is out of reach (no offline queue), kept for the watch. */
  probe: Redis;
  /** The Redis key of a job's record. */
  jobKey: (jobId: string) => string;
  /** The queue's address without its password, for messages. */
  display: string;
  /** How often the batch's unfinished jobs are looked for. */
  intervalMs: number;
  /** How long Redis may stay out of reach before every unfinished run counts as lost. */
  unreachableLimitMs: number;
  /** Each run's deadline once a worker took it, in ms (a stuck worker keeps renewing its lock). */
  runLimitMs: (jobId: string) => number;
  now?: () => number;
}

/**
 * Watches a batch's jobs on the queue for what BullMQ itself never reports to the one waiting: a
 * job whose record is gone (Redis restarted without its data, or flushed), Redis out of reach for
 * longer than the limit, and a run that goes on far past its estimate. Each unfinished job found so
 * is reported once, with the reason in words, and the batch goes on with the rest.
 */
export class QueueWatch {
  private readonly pending = new Set<string>();
  private readonly startedAt = new Map<string, number>();
  private unreachableSince: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private readonly now: () => number;

  constructor(
    private readonly options: QueueWatchOptions,
    private readonly onLost: (jobId: string, reason: string) => void,
  ) {
    this.now = options.now ?? Date.now;
  }

  start(jobIds: readonly string[]): void {
    for (const id of jobIds) this.pending.add(id);
    this.timer = setInterval(() => void this.check(), this.options.intervalMs);
  }

  /** A worker took the job: its run's deadline counts from now. */
  started(jobId: string): void {
    if (!this.startedAt.has(jobId)) this.startedAt.set(jobId, this.now());
  }

  /** The job finished, failed or left the queue on a cancel: no longer watched. */
  settled(jobId: string): void {
    this.pending.delete(jobId);
    this.startedAt.delete(jobId);
  }

  stop(): void {
    clearInterval(this.timer);
    this.pending.clear();
  }

  /** One look at every unfinished job (exported for tests; the timer calls it). */
  async check(): Promise<void> {
    if (this.busy || this.pending.size === 0) return;
    this.busy = true;
    try {
      const ids = [...this.pending];
      let exists: number[];
      try {
        const pipeline = this.options.probe.pipeline();
        for (const id of ids) pipeline.exists(this.options.jobKey(id));
        const replies = (await pipeline.exec()) ?? [];
        exists = replies.map(([err, n]) => {
          if (err) throw err;
          return Number(n);
        });
        this.unreachableSince = undefined;
      } catch {
        this.unreachableSince ??= this.now();
        const out = this.now() - this.unreachableSince;
        if (out >= this.options.unreachableLimitMs) {
          for (const id of ids) this.lose(id, `Redis (${this.options.display}) has been out of reach for ${Math.round(out / 1000)} s`);
        }
        return;
      }
      ids.forEach((id, k) => {
        if (exists[k] === 0)
          this.lose(
            id,
            `its job is gone from Redis (${this.options.display}): Redis lost its data (restarted without persistence, or flushed) while the run waited or ran`,
          );
      });
      for (const [id, since] of this.startedAt) {
        const limit = this.options.runLimitMs(id);
        if (this.pending.has(id) && this.now() - since > limit)
          this.lose(
            id,
            `it has run for ${Math.round((this.now() - since) / 60_000)} min on a worker, past the ${Math.round(limit / 60_000)} min allowed for it (20 times its estimate, and 10 min more): its worker may be stuck`,
          );
      }
    } finally {
      this.busy = false;
    }
  }

  private lose(jobId: string, reason: string): void {
    if (!this.pending.has(jobId)) return;
    this.settled(jobId);
    this.onLost(jobId, reason);
  }
}
