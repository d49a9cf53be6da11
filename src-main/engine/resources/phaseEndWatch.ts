import type { EventHeap } from '../core/eventHeap';

/**
 * When the next phase of any attempt ends at the rates of the moment: the earliest of the hosts'
 * queued completion events (RateSolver keeps one per host, moved in place). Asked only by the
 * no-progress stop rule, once a day has passed without progress; one pass over the hosts, kept
 * until the next flush moves the events.
 */
export class PhaseEndWatch {
  private flushes = 0;
  private askedAt = -1;
  private cached = Infinity;

  constructor(
    private readonly heap: EventHeap,
    /** Each host's event slot (−1: none) and its generation: the solver's own arrays, read, never written. */
    private readonly slots: Int32Array,
    private readonly generations: Int32Array,
  ) {}

  /** The solver flushed: the host events may have moved. */
  moved(): void {
    this.flushes++;
  }

  /** Infinity when none is due (every attempt paused or stalled). `now`: a cached time already past is asked again. */
  next(now: number): number {
    if (this.askedAt === this.flushes && this.cached >= now) return this.cached;
    let next = Infinity;
    for (let h = 0; h < this.slots.length; h++) if (this.heap.holds(this.slots[h], this.generations[h])) next = Math.min(next, this.heap.timeOf(this.slots[h]));
    this.askedAt = this.flushes;
    this.cached = next;
    return next;
  }
}
