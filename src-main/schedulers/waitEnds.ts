import type { CoreView } from '../engine/scheduling/schedulerApi';
import { grown } from '../engine/core/grow';
import type { DelayScheduling } from './delayScheduling';

/** A minimum over job ids kept as values change: a complete binary tree in one array (leaves from `size`). */
class MinTree {
  private size = 1;
  private tree = new Float64Array(2).fill(Infinity);

  get min(): number {
    return this.tree[1];
  }

  set(j: number, value: number): void {
    if (j >= this.size) this.grow(j + 1);
    let i = this.size + j;
    // Most changes to a job (a task ended) leave its opening where it was.
    if (this.tree[i] === value) return;
    this.tree[i] = value;
    for (i >>= 1; i >= 1; i >>= 1) this.tree[i] = Math.min(this.tree[2 * i], this.tree[2 * i + 1]);
  }

  private grow(n: number): void {
    let size = this.size;
    while (size < n) size *= 2;
    const next = new Float64Array(2 * size).fill(Infinity);
    next.set(this.tree.subarray(this.size, 2 * this.size), size);
    for (let i = size - 1; i >= 1; i--) next[i] = Math.min(next[2 * i], next[2 * i + 1]);
    this.size = size;
    this.tree = next;
  }
}

/**
 * Under delay scheduling, the earliest time any job with a pending map may go rack-local, and
 * anywhere (DelayScheduling.opensAt): before then, a node with no pending map local to it can place
 * no map (Scheduler.nodePlacesNothing). A minimum over jobs, brought up to date from the engine's
 * change log: a launch restarts a job's wait, and a job gains or loses pending maps, only with an
 * entry for it there.
 */
export class WaitEnds {
  private readonly rack = new MinTree();
  private readonly any = new MinTree();
  private at = -1;
  private readonly opens = { rack: Infinity, any: Infinity };
  private known = new Uint8Array(64);

  constructor(private readonly delay: DelayScheduling) {}

  /** The earliest rack-local opening now (−∞: some job may already go rack-local). */
  rackOpens(view: CoreView): number {
    this.sync(view);
    return this.rack.min;
  }

  /** The earliest opening to anywhere now. */
  anyOpens(view: CoreView): number {
    this.sync(view);
    return this.any.min;
  }

  private sync(view: CoreView): void {
    const version = view.stateVersion();
    if (version === this.at) return;
    const changed = this.at >= 0 ? view.jobsChangedSince(this.at) : undefined;
    if (changed) for (let i = 0; i < changed.length; i++) this.update(view, changed[i]);
    else {
      // No log to read (the first call, or one too far back): every job the tree holds, and every active one.
      for (let j = 0; j < this.known.length; j++) if (this.known[j]) this.update(view, j);
      for (const j of view.activeJobs) this.update(view, j);
    }
    this.at = version;
  }

  private update(view: CoreView, j: number): void {
    if (j >= this.known.length) this.known = grown(this.known, Math.max(j + 1, this.known.length * 2));
    // Only an active job has pending maps (none before its submission, none once it ended).
    const waiting = view.pendingMaps(j) > 0;
    if (waiting) this.delay.opensAt(j, this.opens);
    this.rack.set(j, waiting ? this.opens.rack : Infinity);
    this.any.set(j, waiting ? this.opens.any : Infinity);
    this.known[j] = waiting ? 1 : 0;
  }
}
