import { fairOptions } from '@shared/schedulers/fair';
import type { SchedulerSpecOf } from '@shared/schedulers';
import { definePlugin } from './plugin';
import type { Scheduler, ViewWith } from '../engine/scheduling/schedulerApi';
import { Locality } from '../engine/resources/topology';
import { byFewestRunning, fewestRunningOrder, sortJobs } from './jobOrder';
import { ALLOWED_WORDS, DelayScheduling } from './delayScheduling';
import { fillOneAtATime } from './placementLoop';
import type { JobList } from './incrementalOrder';
import type { LaunchReason } from '@shared/results/launchReason';
import { LEVEL_WORDS, launchReduce, mapAt, SlotTable } from './slotHelpers';
import { fullSlots, orderReason } from './whyNotReasons';
import { WaitEnds } from './waitEnds';

/** A wait that ends at `opens` is over at `at` (DelayScheduling.allowed compares `at − last ≥ wait`; a hair early here only simulates a beat). */
const opened = (opens: number, at: number) => opens <= at + 1e-9 * Math.max(1, Math.abs(at));

/** The view this policy asked for (its plug-in's capabilities). */
type View = ViewWith<'attempts' | 'pendingPlaces'>;

type FairSpec = SchedulerSpecOf<'fair'>;

/** The first index from `from` where `before` turns false, in an array where it is true then false. */
function lowerBound(list: JobList, before: (k: number) => boolean, from = 0): number {
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
export function fairScheduler(spec: FairSpec): Scheduler<View> {
  const pools = new Map(spec.pools.map((p) => [p.name, p]));
  const slots = new SlotTable(spec);
  const found = { level: Locality.Node as Locality };
  const delay = new DelayScheduling(spec.nodeLocalityWaitS, spec.rackLocalityWaitS, spec.serverLocality);
  const greedy = delay.greedy;
  /**
   * Whether beats that only waiting for locality leaves idle are told apart (nodePlacesNothing).
   * Not under server locality, where a co-hosted VM's replica counts as local: the counts are per
   * node and rack.
   */
  const waitingForLocality = !greedy && !spec.serverLocality;
  const waitEnds = new WaitEnds(delay);

  const running = (view: View, j: number) => view.runningMaps(j) + view.runningReduces(j);
  let cached: JobList = [];
  let cachedAt = -1;
  /** Whether the orders are the one-pool ones (fewest running tasks first), which a launch moves by one shift. */
  let onePool = false;
  /** With no pools and every active job in one queue, the order is fewest running first, kept as jobs change. */
  const fewestRunning = fewestRunningOrder();
  /**
   * The same order of the jobs with a pending map: what a free map slot walks. The jobs whose maps
   * are all placed would only be asked and passed over, and there are as many of them as run.
   */
  const fewestRunningWithMaps = fewestRunningOrder((view, j) => view.pendingMaps(j) > 0);
  /** Active jobs per queue, and how many queues have any: the one-pool order applies while at most one has. */
  const activeInQueue = new Map<string, number>();
  let queuesInUse = 0;

  /**
   * Jobs furthest below their share first; unchanged while no task starts or ends. With one pool
   * the order moves by the jobs that changed since it was made (the engine's change log), so a
   * state change costs what changed, not the length of the queue.
   */
  function order(view: View): JobList {
    const version = view.stateVersion();
    if (cachedAt === version) return cached;
    onePool = pools.size === 0 && queuesInUse <= 1;
    cached = onePool ? fewestRunning.current(view) : computeOrder(view);
    cachedAt = version;
    return cached;
  }

  /** What a free map slot walks: with one pool, only the jobs with a pending map, in the same order. */
  function mapOrder(view: View): JobList {
    onePool = pools.size === 0 && queuesInUse <= 1;
    return onePool ? fewestRunningWithMaps.current(view) : order(view);
  }

  /** The order with pools or several queues, sorted afresh: pools under their min share first, then running tasks over weight. */
  function computeOrder(view: View): number[] {
    const active = view.activeJobs;
    const count = active.length;
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
   * Where job jobs[i] goes after a launch in the one-pool order, which never decreases in running
   * tasks: before the first job running at least as many (found by binary search), ahead of its equals.
   */
  function onePoolPlace(jobs: JobList, i: number, view: View): number {
    const r = running(view, jobs[i]);
    const before = (k: number) => {
      view.work.orderComparisons++;
      return running(view, k) < r;
    };
    return lowerBound(jobs, before, i + 1) - 1;
  }

  /**
   * With pools or several queues: after job jobs[i] launched a task, move it back past jobs that
   * are now further below their share (running counts are read from the view, which has already
   * counted the launch). The one-pool order moves within its kept list instead (launchedMap).
   */
  function reposition(jobs: number[], i: number, view: View): void {
    const j = jobs[i];
    const q = view.job(j).queue;
    const pool = pools.get(q);
    if (pool && pool.minShare > 0) {
      // Min-share and weight bookkeeping is per pool: recompute the whole order in this rare case.
      const fresh = computeOrder(view);
      jobs.splice(0, jobs.length, ...fresh);
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

  /**
   * The heartbeat's node, view and order, read by the functions below: they are made once, not at
   * every heartbeat. A job that launches moves back by one task: with one pool in the kept order's
   * own list, put back at its next read; with pools in a copy, made only once something launches,
   * as most heartbeats place nothing.
   */
  const beat = { n: -1, view: undefined as unknown as View, jobs: [] as JobList, mine: undefined as number[] | undefined };
  const beatJobs = () => beat.jobs;
  const tryMap = (j: number): boolean => {
    const view = beat.view;
    if (view.pendingMaps(j) === 0) return false;
    const allowed = delay.allowed(j, view.now);
    const task = view.findMap(j, beat.n, allowed, found, spec.serverLocality);
    // None here: it keeps waiting for a better placed slot (its wait clock keeps running).
    if (task < 0) return false;
    const at = found.level;
    const why = (): LaunchReason =>
      greedy
        ? { kind: 'fairShare', scheduler: 'Fair', job: view.job(j).id, launched: mapAt(at) }
        : { kind: 'fairShare', scheduler: 'Fair (delay)', job: view.job(j).id, mayGo: ALLOWED_WORDS[allowed], launched: mapAt(at) };
    if (!view.launch(task, beat.n, why, { memoryMb: spec.slotMemoryMb })) return false;
    delay.launched(j, at, allowed, view.now);
    return true;
  };
  const launchedMap = (i: number) => {
    if (onePool) {
      // The walk's order is the kept one's list: moved in place for this beat and put back after.
      const to = onePoolPlace(beat.jobs, i, beat.view);
      if (to > i) fewestRunningWithMaps.moveForBeat(i, to);
      return;
    }
    beat.jobs = beat.mine ??= Array.from(beat.jobs);
    reposition(beat.mine, i, beat.view);
  };
  // In the one-pool order only the jobs whose reduces may start can take the slot, and they come in
  // the order's own comparator: sort those few instead of walking every queued job. No job has a
  // reduce to place: no walk at all.
  const reduceOrder = (): JobList => {
    const view = beat.view;
    if (view.pendingReduceTasks() === 0) return [];
    return onePool ? sortJobs(view, [...view.reduceReadyJobs()], (a, b) => byFewestRunning(view, a, b), false) : order(view);
  };
  const tryReduce = (j: number) => {
    const view = beat.view;
    return launchReduce(view, j, beat.n, (launched) => ({ kind: 'fairShare', scheduler: 'Fair', job: view.job(j).id, launched }), spec.slotMemoryMb);
  };

  return {
    name: greedy ? 'fair (greedy locality)' : 'fair (delay)',
    onJobSubmitted(j, view) {
      delay.submitted(j, view.now);
      const q = view.job(j).queue;
      const n = (activeInQueue.get(q) ?? 0) + 1;
      activeInQueue.set(q, n);
      if (n === 1) queuesInUse++;
    },
    onJobFinished(j, view) {
      const q = view.job(j).queue;
      const n = (activeInQueue.get(q) ?? 1) - 1;
      activeInQueue.set(q, n);
      if (n === 0) queuesInUse--;
    },
    onHeartbeat(n: number, view: View) {
      const freeMaps = slots.maps(view.topology, n) - view.nodeRunningMaps(n);
      const freeReduces = slots.reduces(view.topology, n) - view.nodeRunningReduces(n);
      if (freeMaps <= 0 && freeReduces <= 0) return;
      if (view.pendingTasks() === 0) return;
      beat.n = n;
      beat.view = view;
      beat.jobs = mapOrder(view);
      beat.mine = undefined;
      fillOneAtATime(freeMaps, beatJobs, tryMap, launchedMap);
      fillOneAtATime(freeReduces, reduceOrder, tryReduce);
    },
    // Delay scheduling leaves slots free while jobs wait for a local one: a beat where no job could
    // take a map (none local to the node, no wait over by `at`) and no reduce waits is not simulated.
    tracksPendingPlaces: waitingForLocality,
    nodePlacesNothing(n, view, at) {
      if (slots.placesNothing(n, view)) return true;
      if (!waitingForLocality) return false;
      if (slots.reduces(view.topology, n) > view.nodeRunningReduces(n) && view.reduceReadyJobs().length > 0) return false;
      // Only map slots are free, and maps are pending: could any job take one here at `at`?
      if (view.pendingMapsOnNode(n) > 0 || view.pendingMapsWithoutInput() > 0) return false;
      if (opened(waitEnds.anyOpens(view), at)) return false;
      return !(view.pendingMapsInRackOf(n) > 0 && opened(waitEnds.rackOpens(view), at));
    },
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

export const fairPlugin = definePlugin({ capabilities: ['attempts', 'pendingPlaces'], description: fairOptions, create: (spec) => fairScheduler(spec) });
