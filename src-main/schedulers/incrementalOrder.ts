import type { CoreView } from '../engine/scheduling/schedulerApi';
import { grown } from '../engine/core/grow';

/**
 * The active jobs sorted by (key, tie, index), kept sorted as jobs change instead of sorted afresh
 * (docs/architecture.md "Job orders"). `key` may read only job j's own state — its running tasks,
 * its application master — which changes only with an entry for j in the engine's change log;
 * `tie` must not change while the job is active (its submit time, its deadline).
 *
 * Each changed job leaves the order (found by binary search on the key it was placed with) and
 * comes back at its new place, so a state change costs O(log n) comparisons and one array move,
 * not a sort of the whole queue. The result is the one a full sort gives: (key, tie, index) is a
 * total order. A view without a change log (an MR-cluster's) is sorted afresh at each change.
 *
 * With `keysFixed` (MinEDF's deadlines) a job's key never changes while it is active: the order
 * then only takes in jobs that became active and lets go of those that ended, and a job's other
 * changes (a task started or ended) cost nothing.
 *
 * With `includes`, only the active jobs it picks are in the order (Fair's map walk: the jobs with a
 * pending map). Like `key`, it may read only job j's own state.
 */
export class IncrementalJobOrder<V extends CoreView = CoreView> {
  private list: number[] = [];
  private at = -1;
  private placedKey = new Float64Array(64);
  private placedTie = new Float64Array(64);
  private member = new Uint8Array(64);

  constructor(
    private readonly key: (view: V, j: number) => number,
    private readonly tie: (view: V, j: number) => number,
    private readonly options: { keysFixed?: boolean; includes?: (view: V, j: number) => boolean } = {},
  ) {}

  /** The order now. Read-only: it changes in place at the next call after a state change. */
  current(view: V): readonly number[] {
    const version = view.stateVersion();
    if (version === this.at) return this.list;
    const changed = this.at >= 0 ? view.jobsChangedSince(this.at) : undefined;
    if (changed) this.update(view, changed);
    else this.rebuild(view);
    this.at = version;
    return this.list;
  }

  private rebuild(view: V): void {
    this.member.fill(0);
    const includes = this.options.includes;
    const jobs = includes ? view.activeJobs.filter((j) => includes(view, j)) : [...view.activeJobs];
    for (const j of jobs) this.place(view, j);
    view.work.orderSorts++;
    jobs.sort((a, b) => this.compare(view, a, b));
    this.list = jobs;
  }

  private update(view: V, changed: ArrayLike<number>): void {
    const seen = new Set<number>();
    for (let i = 0; i < changed.length; i++) seen.add(changed[i]);
    // Out first, each found by binary search on the key it was placed with; then back in.
    for (const j of seen) {
      if (!this.isMember(j) || (this.options.keysFixed && active(view, j))) continue;
      this.list.splice(this.indexOf(view, j), 1);
      this.member[j] = 0;
    }
    for (const j of seen) {
      if (this.isMember(j) || !active(view, j) || (this.options.includes && !this.options.includes(view, j))) continue;
      this.place(view, j);
      this.list.splice(this.indexOf(view, j), 0, j);
    }
  }

  private isMember(j: number): boolean {
    return j < this.member.length && this.member[j] === 1;
  }

  /** Note j's key and tie now: it is found by them until it changes again. */
  private place(view: V, j: number): void {
    if (j >= this.member.length) {
      const size = Math.max(j + 1, this.member.length * 2);
      this.placedKey = grown(this.placedKey, size);
      this.placedTie = grown(this.placedTie, size);
      this.member = grown(this.member, size);
    }
    this.placedKey[j] = this.key(view, j);
    this.placedTie[j] = this.tie(view, j);
    this.member[j] = 1;
  }

  /** Where j is, or goes, in the list: the first job not before it (binary search on placed keys). */
  private indexOf(view: V, j: number): number {
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(view, this.list[mid], j) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private compare(view: V, a: number, b: number): number {
    view.work.orderComparisons++;
    return order(this.placedKey[a], this.placedKey[b]) || order(this.placedTie[a], this.placedTie[b]) || a - b;
  }
}

/** Ascending, with equal infinities equal (a − b would give NaN for two jobs without a deadline). */
function order(x: number, y: number): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Submitted and not finished (a job's finish time is NaN until it ends). */
function active(view: CoreView, j: number): boolean {
  return !Number.isNaN(view.jobSubmitTime(j)) && Number.isNaN(view.jobFinishTime(j));
}
