import { START_A_WORKER } from '@shared/api/settings';

export interface WorkerPresenceOptions {
  /** How many workers listen on the queue now (BullMQ's count of the queue's worker connections). */
  count: () => Promise<number>;
  /** How many of the batch's runs no worker has taken yet. */
  waiting: () => number;
  /** The queue's address without its password, for the notice. */
  display: string;
  intervalMs: number;
  /** How long runs may wait with no worker on the queue before the notice is given. */
  graceMs: number;
  now?: () => number;
}

/**
 * Says when a batch's runs wait on a queue that no worker listens to: BullMQ keeps them there
 * without a word, so a batch sent before any `workload-studio worker` started would show
 * "queued" for ever. The notice is given once the queue has had no worker for `graceMs` while runs
 * wait, and taken back (undefined) when one appears. A Redis that refuses to list its clients (some
 * managed services do) gives no notice at all rather than a wrong one.
 */
export class WorkerPresence {
  private timer: NodeJS.Timeout | undefined;
  private emptySince: number | undefined;
  private said = false;
  private busy = false;
  private blind = false;
  private readonly now: () => number;

  constructor(
    private readonly options: WorkerPresenceOptions,
    private readonly onNotice: (notice: string | undefined) => void,
  ) {
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.timer = setInterval(() => void this.check(), this.options.intervalMs);
  }

  /** The batch has ended: nothing waits any more, so a notice given is taken back. */
  stop(): void {
    clearInterval(this.timer);
    this.heard();
  }

  /** One look at the queue's workers (exported for tests; the timer calls it). */
  async check(): Promise<void> {
    if (this.busy || this.blind) return;
    this.busy = true;
    try {
      if (this.options.waiting() === 0) return this.heard();
      let workers: number;
      try {
        workers = await this.options.count();
      } catch {
        this.blind = true;
        return this.heard();
      }
      if (workers > 0) return this.heard();
      this.emptySince ??= this.now();
      if (!this.said && this.now() - this.emptySince >= this.options.graceMs) {
        this.said = true;
        this.onNotice(`No worker is taking runs from ${this.options.display}: the runs wait there until one starts (${START_A_WORKER}).`);
      }
    } finally {
      this.busy = false;
    }
  }

  /** A worker is there, or no run waits for one: any notice given is taken back. */
  private heard(): void {
    this.emptySince = undefined;
    if (this.said) this.onNotice(undefined);
    this.said = false;
  }
}
