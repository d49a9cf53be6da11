import type { CoreView } from '../engine/scheduling/schedulerApi';
import { grown } from '../engine/core/grow';
import { IncrementalJobOrder, type JobList } from './incrementalOrder';

/** A Fair pool as the spec gives it: the queue it names, its min share (tasks) and weight. */
export interface FairPool {
  name: string;
  minShare: number;
  weight: number;
}

/**
 * A queue's share terms: under its min share, running / minShare (the same for all its jobs);
 * otherwise weight / active jobs, which each job's running tasks are divided by.
 */
interface Share {
  below: boolean;
  term: number;
}

/** One queue's kept orders of its jobs with a pending map, its counts, and the list this heartbeat walks. */
interface QueueOrders {
  pool: FairPool | undefined;
  /** Fewest running tasks first, then submit time, then index: its order over its min share. */
  byRunning: IncrementalJobOrder;
  /** Submit time, then index: its order while under its min share (pools with one only). */
  bySubmit: IncrementalJobOrder | undefined;
  active: number;
  /** Running tasks of its active jobs (kept for pools with a min share only). */
  running: number;
  /** The list this heartbeat walks, and whether it is the under-min-share one. */
  beatList: Int32Array | undefined;
  beatBelow: boolean;
}

/** A queue's place in the walk of one slot: its list, how far the walk got, and its share terms. */
interface Cursor extends Share {
  queue: QueueOrders;
  list: Int32Array;
  at: number;
}

const running = (view: CoreView, j: number) => view.runningMaps(j) + view.runningReduces(j);
const measure = (view: CoreView, s: Share, j: number) => (s.below ? s.term : running(view, j) / s.term);
const pendingMapIn = (q: string) => (view: CoreView, j: number) => view.job(j).queue === q && view.pendingMaps(j) > 0;
const isActive = (view: CoreView, j: number) => !Number.isNaN(view.jobSubmitTime(j)) && Number.isNaN(view.jobFinishTime(j));

/**
 * Where the job at `i` of a fewest-running-first list goes after it launched: before the first
 * later job running at least as many tasks (binary search), so ahead of its new equals, as a
 * stable re-sort of Hadoop's order puts it. Returns that index (≥ i).
 */
export function placeAfterLaunch(jobs: JobList, i: number, view: CoreView): number {
  const r = running(view, jobs[i]);
  let lo = i + 1;
  let hi = jobs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    view.work.orderComparisons++;
    if (running(view, jobs[mid]) < r) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Fair's order with pools or several queues (fair.ts), walked lazily. Jobs are ordered by how far
 * they are below their share: pools under their min share first (by running / minShare), then
 * running tasks over the job's part of its pool's weight (weight / the pool's active jobs); ties
 * by submit time and index. Within one queue every job shares those terms, so its jobs keep one
 * order (by running tasks, or by submit time while its pool is under its min share), and a free
 * slot walks the queues' orders merged by the terms as they stand: it examines the jobs it
 * passes, never the whole queue. Within a heartbeat a job that launched goes ahead of its equals
 * (the one-pool order's rule, fair.ts): moved in its queue's list for the beat, and first among
 * equal measures in the merge, the latest launch first.
 */
export class FairPoolOrder {
  private readonly queues = new Map<string, QueueOrders>();
  private readonly all: QueueOrders[] = [];
  private readonly cursors: Cursor[] = [];
  private inUse = 0;
  /** Whether any queue in use has a min share (only then are running tasks summed per queue). */
  private minShares = false;
  /** Launches this heartbeat that moved in their queue's list, by job: later launches higher. */
  private readonly launchedInBeat = new Map<number, number>();
  /** Per job, the running tasks last added to its queue's sum, and the state the sums are at. */
  private counted = new Int32Array(64);
  private countedAt = -1;

  constructor(private readonly pools: ReadonlyMap<string, FairPool>) {}

  /** How many queues have active jobs. */
  get queuesInUse(): number {
    return this.inUse;
  }

  submitted(queue: string): void {
    let q = this.queues.get(queue);
    if (!q) {
      const pool = this.pools.get(queue);
      const includes = pendingMapIn(queue);
      const bySubmit =
        pool && pool.minShare > 0
          ? new IncrementalJobOrder(
              () => 0,
              (view, j) => view.jobSubmitTime(j),
              { includes, keysFixed: true },
            )
          : undefined;
      q = {
        pool,
        byRunning: new IncrementalJobOrder(running, (view, j) => view.jobSubmitTime(j), { includes }),
        bySubmit,
        active: 0,
        running: 0,
        beatList: undefined,
        beatBelow: false,
      };
      this.queues.set(queue, q);
      this.all.push(q);
      if (bySubmit) this.minShares = true;
    }
    if (q.active++ === 0) this.inUse++;
  }

  finished(queue: string): void {
    const q = this.queues.get(queue);
    if (q && --q.active === 0) this.inUse--;
  }

  /** A heartbeat begins: each queue's list is read afresh at its first walk. */
  beginBeat(): void {
    for (const q of this.all) q.beatList = undefined;
    // Only when it holds something: clearing a Map allocates its table afresh, and this runs at every beat.
    if (this.launchedInBeat.size > 0) this.launchedInBeat.clear();
  }

  /**
   * One free slot: the jobs with a pending map in the order as it stands, until `tryJob` takes the
   * slot (true) or none is left (false). Asked again for the next slot, it sees the launch.
   */
  walk(view: CoreView, tryJob: (j: number) => boolean): boolean {
    this.countRunning(view);
    const cursors = this.cursors;
    cursors.length = 0;
    for (const q of this.all) {
      if (q.active === 0) continue;
      const share = this.share(q);
      // A pool reaching its min share mid-beat walks its running order from then on, read afresh.
      if (q.beatList === undefined || q.beatBelow !== share.below) {
        q.beatList = share.below ? q.bySubmit!.current(view) : q.byRunning.current(view);
        q.beatBelow = share.below;
      }
      if (q.beatList.length > 0) cursors.push({ queue: q, list: q.beatList, at: 0, ...share });
    }
    for (;;) {
      let best: Cursor | undefined;
      for (const c of cursors) if (c.at < c.list.length && (!best || this.compareHeads(view, c, best) < 0)) best = c;
      if (!best) return false;
      const at = best.at++;
      if (!tryJob(best.list[at])) continue;
      if (!best.below) {
        const j = best.list[at];
        const to = placeAfterLaunch(best.list, at, view);
        if (to > at) best.queue.byRunning.moveForBeat(at, to);
        this.launchedInBeat.set(j, this.launchedInBeat.size + 1);
      }
      return true;
    }
  }

  /** The order of two active jobs as it stands, without the heartbeat's moves (negative: a first): what the reduce walk and the why-panel sort by. */
  compare(view: CoreView, a: number, b: number): number {
    this.countRunning(view);
    const sa = this.share(this.queues.get(view.job(a).queue)!);
    const sb = this.share(this.queues.get(view.job(b).queue)!);
    view.work.orderComparisons++;
    return (sa.below ? 0 : 1) - (sb.below ? 0 : 1) || measure(view, sa, a) - measure(view, sb, b) || view.jobSubmitTime(a) - view.jobSubmitTime(b) || a - b;
  }

  /** Queue q's share terms now. */
  private share(q: QueueOrders): Share {
    const pool = q.pool;
    const below = pool !== undefined && pool.minShare > 0 && q.running < pool.minShare;
    return { below, term: below ? q.running / pool!.minShare : (pool?.weight ?? 1) / q.active };
  }

  /** (under min share first, share measure, launched this beat — the latest first, submit time, index). */
  private compareHeads(view: CoreView, a: Cursor, b: Cursor): number {
    view.work.orderComparisons++;
    const ja = a.list[a.at];
    const jb = b.list[b.at];
    const shares = (a.below ? 0 : 1) - (b.below ? 0 : 1) || measure(view, a, ja) - measure(view, b, jb);
    if (shares !== 0) return shares;
    const launched = (this.launchedInBeat.get(jb) ?? 0) - (this.launchedInBeat.get(ja) ?? 0);
    return launched || view.jobSubmitTime(ja) - view.jobSubmitTime(jb) || ja - jb;
  }

  /**
   * Each min-share pool's running tasks, brought up to the engine's state from its change log (a
   * job's change in running tasks is added to its queue's sum); without a log (an MR-cluster's
   * view), summed afresh.
   */
  private countRunning(view: CoreView): void {
    if (!this.minShares) return;
    const version = view.stateVersion();
    if (version === this.countedAt) return;
    const changed = this.countedAt >= 0 ? view.jobsChangedSince(this.countedAt) : undefined;
    this.countedAt = version;
    if (!changed) {
      for (const q of this.all) q.running = 0;
      this.counted.fill(0);
      for (const j of view.activeJobs) this.recount(view, j);
      return;
    }
    for (let k = 0; k < changed.length; k++) this.recount(view, changed[k]);
  }

  private recount(view: CoreView, j: number): void {
    if (j >= this.counted.length) this.counted = grown(this.counted, Math.max(j + 1, 2 * this.counted.length));
    const now = isActive(view, j) ? running(view, j) : 0;
    if (now === this.counted[j]) return;
    const q = this.queues.get(view.job(j).queue);
    if (q) q.running += now - this.counted[j];
    this.counted[j] = now;
  }
}
