import { fairOptions } from '@shared/schedulers/fair';
import type { SchedulerSpecOf } from '@shared/schedulers';
import { definePlugin } from './plugin';
import type { ClusterView, Scheduler } from '../engine/scheduling/schedulerApi';
import { grown } from '../engine/core/grow';
import { Locality } from '../engine/resources/topology';
import { byFewestRunning, byRunningCounts, fewestRunningFirst, sortJobs } from './jobOrder';
import { ALLOWED_WORDS, DelayScheduling } from './delayScheduling';
import { fillOneAtATime } from './placementLoop';
import { LEVEL_WORDS, launchReduce, SlotTable } from './slotHelpers';
import { fullSlots, orderReason } from './whyNotReasons';

type FairSpec = SchedulerSpecOf<'fair'>;

/** The first index from `from` where `before` turns false, in an array where it is true then false. */
function lowerBound(list: readonly number[], before: (k: number) => boolean, from = 0): number {
  let lo = from;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Hadoop Fair Scheduler with pools, min shares and weights, and delay scheduling (Zaharia et al.,
 * EuroSys'10, Algorithm 2): jobs are ordered by how far they are below their share — pools under
 * their min share first (by running / minShare), then by running tasks / weight. A job that cannot
 * launch a node-local map is skipped for up to `nodeLocalityWaitS`, then may go rack-local, and
 * after a further `rackLocalityWaitS` anywhere; a launch resets its wait. With both waits at 0
 * this is the "PureFair" greedy-locality scheduler the ILA paper compares against.
 */
export function fairScheduler(spec: FairSpec): Scheduler {
  const pools = new Map(spec.pools.map((p) => [p.name, p]));
  const slots = new SlotTable(spec);
  const found = { level: Locality.Node as Locality };
  const delay = new DelayScheduling(spec.nodeLocalityWaitS, spec.rackLocalityWaitS, spec.serverLocality);
  const greedy = delay.greedy;

  const running = (view: ClusterView, j: number) => view.runningMaps(j) + view.runningReduces(j);
  let cached: number[] = [];
  let cachedAt = -1;
  /** The one queue every job of `cached` is in, when the cheap one-pool order applies; undefined otherwise. */
  let cachedQueue: string | undefined;
  /** Jobs submitted and not finished (the change log also names finished ones). */
  let live = new Uint8Array(64);

  /**
   * Jobs furthest below their share first; unchanged while no task starts or ends. With one pool
   * the order moves by the jobs that changed since it was made (the engine's change log), so a
   * state change costs what changed, not the length of the queue.
   */
  function order(view: ClusterView): number[] {
    const version = view.stateVersion();
    if (cachedAt === version) return cached;
    const changed = cachedQueue !== undefined && cached.length > 0 ? view.jobsChangedSince(cachedAt) : undefined;
    if (!changed || !update(view, changed)) cached = computeOrder(view);
    cachedAt = version;
    return cached;
  }

  /**
   * Running tasks of each job when it took its place in the one-pool order: the order is sorted by
   * these, so a changed job is found by binary search (its count has moved since), not by a scan.
   */
  let placedRunning = new Int32Array(64);
  const place = (view: ClusterView, j: number) => {
    if (j >= placedRunning.length) placedRunning = grown(placedRunning, Math.max(j + 1, placedRunning.length * 2));
    placedRunning[j] = running(view, j);
  };
  /** The one-pool order's comparator on the placed counts: negative when job a comes before job b. */
  const byPlaced = (view: ClusterView, a: number, b: number) => {
    view.work.orderComparisons++;
    return byRunningCounts(view, a, placedRunning[a], b, placedRunning[b]);
  };

  /** Take the changed jobs out of the one-pool order and put the active ones back where they now belong; false when it no longer applies. */
  function update(view: ClusterView, changed: ArrayLike<number>): boolean {
    const moved = new Set<number>();
    for (let i = 0; i < changed.length; i++) {
      const j = changed[i];
      if (live[j] && view.job(j).queue !== cachedQueue) return false;
      moved.add(j);
    }
    // Out first, each found by binary search on the counts it was placed with; then back in.
    const kept = cached;
    for (const j of moved) {
      if (j >= placedRunning.length) continue;
      const at = lowerBound(kept, (k) => byPlaced(view, k, j) < 0);
      if (at < kept.length && kept[at] === j) kept.splice(at, 1);
    }
    for (const j of moved) {
      if (!live[j]) continue;
      place(view, j);
      kept.splice(lowerBound(kept, (k) => byPlaced(view, k, j) < 0), 0, j);
    }
    cached = kept;
    return true;
  }

  /** The whole order, sorted afresh; notes whether the one-pool order applies (cachedQueue). */
  function computeOrder(view: ClusterView): number[] {
    const active = view.activeJobs;
    const count = active.length;
    cachedQueue = undefined;
    if (pools.size === 0) {
      let oneQueue = true;
      for (let i = 1; i < count && oneQueue; i++) oneQueue = view.job(active[i]).queue === view.job(active[0]).queue;
      if (oneQueue) {
        // One pool, equal weights: the job with the fewest running tasks is furthest below its share.
        if (count > 0) cachedQueue = view.job(active[0]).queue;
        for (let i = 0; i < count; i++) place(view, active[i]);
        return fewestRunningFirst(view);
      }
    }
    const poolRunning = new Map<string, number>();
    const poolJobs = new Map<string, number>();
    for (let i = 0; i < count; i++) {
      const j = active[i];
      const q = view.job(j).queue;
      poolRunning.set(q, (poolRunning.get(q) ?? 0) + view.runningMaps(j) + view.runningReduces(j));
      poolJobs.set(q, (poolJobs.get(q) ?? 0) + 1);
    }
    // Sort keys: (below min share first, share measure, submit time, job index).
    const below = new Uint8Array(count);
    const measure = new Float64Array(count);
    const submit = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const j = active[i];
      const q = view.job(j).queue;
      const pool = pools.get(q);
      const running = poolRunning.get(q) ?? 0;
      submit[i] = view.jobSubmitTime(j);
      if (pool && pool.minShare > 0 && running < pool.minShare) {
        below[i] = 0;
        measure[i] = running / pool.minShare;
      } else {
        below[i] = 1;
        const weight = (pool?.weight ?? 1) / (poolJobs.get(q) ?? 1);
        measure[i] = (view.runningMaps(j) + view.runningReduces(j)) / weight;
      }
    }
    const idx = sortJobs(
      view,
      Array.from({ length: count }, (_, i) => i),
      (a, b) => below[a] - below[b] || measure[a] - measure[b] || submit[a] - submit[b] || active[a] - active[b],
    );
    return idx.map((i) => active[i]);
  }

  /**
   * After job jobs[i] launched a task, move it back past jobs that are now further below their
   * share (running counts are read from the view, which has already counted the launch).
   */
  function reposition(jobs: number[], i: number, view: ClusterView): void {
    const j = jobs[i];
    const q = view.job(j).queue;
    const pool = pools.get(q);
    if (pool && pool.minShare > 0) {
      // Min-share and weight bookkeeping is per pool: recompute the whole order in this rare case.
      const fresh = computeOrder(view);
      jobs.splice(0, jobs.length, ...fresh);
      return;
    }
    if (cachedQueue !== undefined) {
      // The one-pool order never decreases in running tasks, so j's new place (before the first
      // job running at least as many) is found by binary search and the jobs between shift once.
      const r = running(view, j);
      const to =
        lowerBound(
          jobs,
          (k) => {
            view.work.orderComparisons++;
            return running(view, k) < r;
          },
          i + 1,
        ) - 1;
      for (let k = i; k < to; k++) jobs[k] = jobs[k + 1];
      jobs[to] = j;
      return;
    }
    while (i + 1 < jobs.length) {
      const next = jobs[i + 1];
      const nextPool = pools.get(view.job(next).queue);
      if (nextPool && nextPool.minShare > 0) break;
      view.work.orderComparisons++;
      if (running(view, next) >= running(view, j)) break;
      jobs[i] = next;
      jobs[i + 1] = j;
      i++;
    }
  }

  return {
    name: greedy ? 'fair (greedy locality)' : 'fair (delay)',
    onJobSubmitted(j, view) {
      delay.submitted(j, view.now);
      if (j >= live.length) live = grown(live, Math.max(j + 1, live.length * 2));
      live[j] = 1;
    },
    onJobFinished(j) {
      live[j] = 0;
    },
    onHeartbeat(n: number, view: ClusterView) {
      const freeMaps = slots.maps(view.topology, n) - view.nodeRunningMaps(n);
      const freeReduces = slots.reduces(view.topology, n) - view.nodeRunningReduces(n);
      if (freeMaps <= 0 && freeReduces <= 0) return;
      if (view.pendingTasks() === 0) return;
      // A job that launches moves back by one task (the cache is rebuilt at the next state change);
      // the copy is made only once something launches, as most heartbeats place nothing.
      let jobs = order(view);
      let copied = false;
      const tryMap = (j: number): boolean => {
        if (view.pendingMaps(j) === 0) return false;
        const allowed = delay.allowed(j, view.now);
        const task = view.findMap(j, n, allowed, found, spec.serverLocality);
        // None here: it keeps waiting for a better placed slot (its wait clock keeps running).
        if (task < 0) return false;
        const at = found.level;
        const why = greedy
          ? `Fair: job ${view.job(j).id} is furthest below its fair share`
          : `Fair (delay): job ${view.job(j).id} is furthest below its fair share, may go ${ALLOWED_WORDS[allowed]}`;
        if (!view.launch(task, n, () => `${why}; ${LEVEL_WORDS[at]} map`, { memoryMb: spec.slotMemoryMb })) return false;
        delay.launched(j, at, allowed, view.now);
        return true;
      };
      fillOneAtATime(freeMaps, () => jobs, tryMap, (i) => {
        if (!copied) {
          jobs = [...jobs];
          copied = true;
        }
        reposition(jobs, i, view);
      });
      // In the one-pool order only the jobs whose reduces may start can take the slot, and they
      // come in the order's own comparator: sort those few instead of walking every queued job.
      // No job has a reduce to place: no walk at all.
      const reduceOrder = (): readonly number[] => {
        if (view.pendingReduceTasks() === 0) return [];
        const byShare = order(view);
        return cachedQueue !== undefined ? sortJobs(view, [...view.reduceReadyJobs()], (a, b) => byFewestRunning(view, a, b), false) : byShare;
      };
      fillOneAtATime(freeReduces, reduceOrder, (j) => launchReduce(view, j, n, () => `Fair: job ${view.job(j).id} is furthest below its fair share`, spec.slotMemoryMb));
    },
    nodeIsFull: (n, view) => slots.isFull(n, view),
    explain(j, n, view) {
      const out = fullSlots(view, slots, j, n);
      // Said whether or not a slot is free now: with one free, it would still wait.
      if (view.pendingMaps(j) > 0) {
        const wait = delay.waiting(j, view.now);
        const here = { level: Locality.Node as Locality };
        if (wait && view.findMap(j, n, Locality.OffRack, here, spec.serverLocality) >= 0 && here.level > wait.allowed) {
          out.push({ kind: 'localityWait', allowed: ALLOWED_WORDS[wait.allowed], bestHere: LEVEL_WORDS[here.level], waited: wait.waited, wait: wait.wait, next: ALLOWED_WORDS[wait.next] });
        }
      }
      const pool = pools.get(view.job(j).queue);
      const r = running(view, j);
      const key = `${r} running task${r === 1 ? '' : 's'}${pool && pool.weight !== 1 ? ` / weight ${pool.weight}` : ''}${pool && pool.minShare > 0 ? `, pool ${pool.name} min share ${pool.minShare}` : ''}`;
      const rank = orderReason(view, order(view), j, key);
      if (rank) out.push(rank);
      return out;
    },
  };
}

export const fairPlugin = definePlugin({ description: fairOptions, create: (spec) => fairScheduler(spec) });
