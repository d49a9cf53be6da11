import type { CoreView } from '../engine/scheduling/schedulerApi';
import { grown } from '../engine/core/grow';

/** A job order as policies read it: a kept order's Int32Array, or an array sorted afresh. */
export type JobList = ArrayLike<number> & Iterable<number>;

/**
 * The active jobs sorted by (key, tie, index), kept sorted as jobs change instead of sorted afresh
 * (docs/architecture.md "Job orders"). `key` may read only job j's own state — its running tasks,
 * its application master — which changes only with an entry for j in the engine's change log;
 * `tie` must not change while the job is active (its submit time, its deadline).
 *
 * Each changed job is found by binary search on the key it was placed with and moves to its new
 * place, shifting only the jobs it passes: a state change costs O(log n) comparisons and one
 * memory move of the jobs between, not a sort of the whole queue. The list is an Int32Array, since
 * a launch moves its job past all its equals (every job with as many running tasks) and a typed
 * array's copyWithin moves them at memory speed. The result is the one a full sort gives:
 * (key, tie, index) is a total order. A view without a change log (an MR-cluster's) is sorted
 * afresh at each change.
 *
 * With `keysFixed` (MinEDF's deadlines) a job's key never changes while it is active: the order
 * then only takes in jobs that became active and lets go of those that ended, and a job's other
 * changes (a task started or ended) cost nothing.
 *
 * With `includes`, only the active jobs it picks are in the order (Fair's map walk: the jobs with a
 * pending map). Like `key`, it may read only job j's own state.
 */
export class IncrementalJobOrder<V extends CoreView = CoreView> {
  /** The order: the first `length` entries of `buffer`; `list` is that prefix, remade when either changes. */
  private buffer = new Int32Array(64);
  private length = 0;
  private list: Int32Array = this.buffer.subarray(0, 0);
  private listOf = this.buffer;
  private at = -1;
  private placedKey = new Float64Array(64);
  private placedTie = new Float64Array(64);
  private member = new Uint8Array(64);
  /** Moves made for one heartbeat (moveForBeat), as (from, to) pairs: undone before the order is next read. */
  private readonly beatMoves: number[] = [];
  /** Per job, the last update that took it in (`stamp`): a job changed several times moves once. */
  private seenAt = new Int32Array(64);
  private stamp = 0;

  constructor(
    private readonly key: (view: V, j: number) => number,
    private readonly tie: (view: V, j: number) => number,
    private readonly options: { keysFixed?: boolean; includes?: (view: V, j: number) => boolean } = {},
  ) {}

  /** The order now. Read-only: it changes in place at the next call after a state change. */
  current(view: V): Int32Array {
    if (this.beatMoves.length > 0) this.undoBeatMoves();
    const version = view.stateVersion();
    if (version === this.at) return this.list;
    const changed = this.at >= 0 ? view.jobsChangedSince(this.at) : undefined;
    if (changed) this.update(view, changed);
    else this.rebuild(view);
    this.at = version;
    // Compared with the buffer the list was cut from, not with `list.buffer`: that getter is slow.
    if (this.listOf !== this.buffer || this.list.length !== this.length) {
      this.list = this.buffer.subarray(0, this.length);
      this.listOf = this.buffer;
    }
    return this.list;
  }

  /**
   * For the rest of one heartbeat, move the job at `from` back to `to` (> from), shifting those
   * between forward: Fair's within-beat order after a launch (fair.ts `reposition`), which differs
   * from this order's. The list is put back at the next `current`, so the kept order stays a full
   * sort's; a move costs the jobs it passes, where a copy of the order would cost the queue.
   */
  moveForBeat(from: number, to: number): void {
    this.shift(from, to);
    this.beatMoves.push(from, to);
  }

  private undoBeatMoves(): void {
    const moves = this.beatMoves;
    for (let m = moves.length - 2; m >= 0; m -= 2) this.shift(moves[m + 1], moves[m]);
    moves.length = 0;
  }

  /** Move the job at `from` to `to`, the jobs between closing up behind it (one memory move). */
  private shift(from: number, to: number): void {
    const b = this.buffer;
    const j = b[from];
    if (from < to) b.copyWithin(from, from + 1, to + 1);
    else b.copyWithin(to + 1, to, from);
    b[to] = j;
  }

  private rebuild(view: V): void {
    this.member.fill(0);
    const includes = this.options.includes;
    const jobs = includes ? view.activeJobs.filter((j) => includes(view, j)) : [...view.activeJobs];
    for (const j of jobs) this.place(view, j);
    view.work.orderSorts++;
    jobs.sort((a, b) => this.compare(view, a, b));
    if (jobs.length > this.buffer.length) this.buffer = new Int32Array(Math.max(jobs.length, 2 * this.buffer.length));
    this.buffer.set(jobs);
    this.length = jobs.length;
  }

  private update(view: V, changed: ArrayLike<number>): void {
    // One job at a time (once, however many changes it had), each found by binary search on the
    // key it was placed with. A job that stays moves to its new place past the jobs between; the
    // others always sit at their placed keys, so the list stays sorted by them.
    const stamp = ++this.stamp;
    for (let c = 0; c < changed.length; c++) {
      const j = changed[c];
      if (j >= this.seenAt.length) this.seenAt = grown(this.seenAt, Math.max(j + 1, 2 * this.seenAt.length));
      if (this.seenAt[j] === stamp) continue;
      this.seenAt[j] = stamp;
      const stays = active(view, j) && (this.options.includes === undefined || this.options.includes(view, j));
      if (this.isMember(j)) {
        if (this.options.keysFixed && stays) continue;
        const i = this.indexOf(view, j);
        if (stays) this.move(view, j, i);
        else {
          this.buffer.copyWithin(i, i + 1, this.length);
          this.length--;
          this.member[j] = 0;
        }
      } else if (stays) {
        this.place(view, j);
        const i = this.indexOf(view, j);
        if (this.length === this.buffer.length) this.buffer = grown(this.buffer, 2 * this.buffer.length);
        this.buffer.copyWithin(i + 1, i, this.length);
        this.buffer[i] = j;
        this.length++;
      }
    }
  }

  /** j, at index i, takes its new key and moves to its place among the others. */
  private move(view: V, j: number, i: number): void {
    this.place(view, j);
    const b = this.buffer;
    if (i + 1 < this.length && this.compare(view, b[i + 1], j) < 0) {
      // Later: past every job before it (the list without j is sorted, so search after i).
      this.shift(i, this.indexOf(view, j, i + 1) - 1);
    } else if (i > 0 && this.compare(view, j, b[i - 1]) < 0) {
      this.shift(i, this.indexOf(view, j, 0, i));
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

  /** Where j is, or goes, in the order's [from, to): the first job not before it (binary search on placed keys). */
  private indexOf(view: V, j: number, from = 0, to = this.length): number {
    const b = this.buffer;
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(view, b[mid], j) < 0) lo = mid + 1;
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
