import { z } from 'zod';
import { describeScheduler, type SpecOf } from '@shared/schedulers/describe';
import { delayLabels, delayScheduling, PoolSchema, slotAuto, slotLabels, slots, topologyAwareness, topologyLabels } from '@shared/schedulers/options';
import { labelText } from '@shared/files/controlCharacters';
import { runNameOf } from '@shared/schedulers';
import { definePlugin } from './plugin';
import type { Scheduler, ViewWith } from '../engine/scheduling/schedulerApi';
import { Locality } from '../engine/core/topology';
import { byFewestRunning, fewestRunningOrder, sortJobs } from './jobOrder';
import { ALLOWED_WORDS, DelayScheduling } from './delayScheduling';
import { fillOneAtATime } from './placementLoop';
import type { JobList } from './incrementalOrder';
import type { LaunchReason } from '@shared/results/launchReason';
import { launchReduce, mapAt, SlotTable } from './slotHelpers';
import { fullSlots, localityWait, orderReason } from './whyNotReasons';
import { WaitEnds } from './waitEnds';
import { FairPoolOrder, placeAfterLaunch } from './fairPools';
import { MOST_ROWS, nextCandidate, type ScoreRow } from './scoreRows';

/** Hadoop's Fair Scheduler with pools and delay scheduling (Zaharia et al., EuroSys'10); both waits at 0 is the greedy "PureFair". */
export const fairOptions = describeScheduler({
  kind: 'fair',
  title: 'Fair Scheduler (delay or greedy)',
  schema: z.strictObject({
    kind: z.literal('fair'),
    label: labelText().optional(),
    ...slots,
    ...delayScheduling,
    pools: z.array(PoolSchema).default([]),
    /**
     * Fill every free slot of a node at its heartbeat (mapred.fairscheduler.assignmultiple = true,
     * the default from Hadoop 0.21), or hand out at most one map and one reduce a heartbeat, as
     * Hadoop 0.20.2's Fair Scheduler does by default: the version PRISM sec. 6 compares against.
     * Absent: every free slot (a design saved before the option reads as it ran).
     */
    assignMultiple: z.boolean().optional(),
    ...topologyAwareness,
  }),
  labels: {
    pools: 'Pools',
    ...slotLabels,
    ...delayLabels,
    assignMultiple: 'Fill every free slot per heartbeat',
    ...topologyLabels,
  },
  auto: slotAuto,
  capacity: 'slots',
  runRules: ['pools'],
  runName: 'Fair (delay)',
  runNames: [{ when: { nodeLocalityWaitS: [0], rackLocalityWaitS: [0] }, name: 'Fair (greedy locality)' }],
});

/** A wait that ends at `opens` is over at `at` (DelayScheduling.allowed compares `at − last ≥ wait`; a hair early here only simulates a beat). */
const opened = (opens: number, at: number) => opens <= at + 1e-9 * Math.max(1, Math.abs(at));

/** The view this policy asked for (its plug-in's capabilities). */
type View = ViewWith<'attempts' | 'pendingPlaces'>;

type FairSpec = SpecOf<typeof fairOptions>;

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
  /** With pools or several queues in use: each queue's kept orders, merged as a slot is walked. */
  const shared = new FairPoolOrder(pools);
  const usesOnePool = () => pools.size === 0 && shared.queuesInUse <= 1;

  /**
   * Every active job, furthest below its share first (the why-panel's rank); unchanged while no
   * task starts or ends. With one pool it is the kept order; with pools or several queues the
   * active jobs sorted by the shared order's comparison (fairPools.ts), which the walks use lazily.
   */
  function order(view: View): JobList {
    const version = view.stateVersion();
    if (cachedAt === version) return cached;
    cached = usesOnePool() ? fewestRunning.current(view) : sortJobs(view, [...view.activeJobs], (a, b) => shared.compare(view, a, b));
    cachedAt = version;
    return cached;
  }

  /**
   * The heartbeat's node, view and (with one pool) order, read by the functions below: they are
   * made once, not at every heartbeat. With one pool a job that launches moves back by one task in
   * the kept order's own list for the rest of the beat, and is put back at its next read.
   */
  const beat = { n: -1, view: undefined as unknown as View, jobs: [] as JobList };
  // Its reasons name it as its runs are named, for maps and reduces alike ("Fair (delay): job …").
  const named = runNameOf(fairOptions, spec);
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
        ? { kind: 'fairShare', scheduler: named, job: view.job(j).id, launched: mapAt(at) }
        : { kind: 'fairShare', scheduler: named, job: view.job(j).id, mayGo: ALLOWED_WORDS[allowed], launched: mapAt(at) };
    if (!view.launch(task, beat.n, why, { memoryMb: spec.slotMemoryMb })) return false;
    delay.launched(j, at, allowed, view.now);
    return true;
  };
  const launchedMap = (i: number) => {
    // The walk's order is the kept one's list: moved in place for this beat and put back after.
    const to = placeAfterLaunch(beat.jobs, i, beat.view);
    if (to > i) fewestRunningWithMaps.moveForBeat(i, to);
  };
  // Only the jobs whose reduces may start can take the slot, and they come in the order's own
  // comparator: sort those few instead of walking every queued job. No job has a reduce to place:
  // no walk at all.
  const reduceOrder = (): JobList => {
    const view = beat.view;
    if (view.pendingReduceTasks() === 0) return [];
    const compare = onePool ? (a: number, b: number) => byFewestRunning(view, a, b) : (a: number, b: number) => shared.compare(view, a, b);
    return sortJobs(view, [...view.reduceReadyJobs()], compare, false);
  };
  const tryReduce = (j: number) => {
    const view = beat.view;
    return launchReduce(view, j, beat.n, (launched) => ({ kind: 'fairShare', scheduler: named, job: view.job(j).id, launched }), spec.slotMemoryMb);
  };

  return {
    name: greedy ? 'fair (greedy locality)' : 'fair (delay)',
    onJobSubmitted(j, view) {
      delay.submitted(j, view.now);
      shared.submitted(view.job(j).queue);
    },
    onJobFinished(j, view) {
      shared.finished(view.job(j).queue);
    },
    onHeartbeat(n: number, view: View) {
      let freeMaps = slots.maps(view.topology, n) - view.nodeRunningMaps(n);
      let freeReduces = slots.reduces(view.topology, n) - view.nodeRunningReduces(n);
      if (freeMaps <= 0 && freeReduces <= 0) return;
      if (view.pendingTasks() === 0) return;
      if (spec.assignMultiple === false) {
        freeMaps = Math.min(freeMaps, 1);
        freeReduces = Math.min(freeReduces, 1);
      }
      beat.n = n;
      beat.view = view;
      onePool = usesOnePool();
      if (onePool) {
        // Only the jobs with a pending map, in the kept order.
        beat.jobs = fewestRunningWithMaps.current(view);
        fillOneAtATime(freeMaps, beatJobs, tryMap, launchedMap);
      } else {
        // Each slot walks the queues' orders merged as they stand, so it sees the launch before it.
        shared.beginBeat();
        for (let used = 0; used < freeMaps && shared.walk(view, tryMap); used++);
      }
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
    /**
     * What the order weighs (the why-not panel's table): each job with a task to place, in the
     * order a free slot walks them, with its running tasks, its pool's weight and min share, their
     * ratio (the share it is below), and under delay scheduling how long it has waited for locality
     * against the wait before it may go further. Read from the same state the heartbeat uses.
     */
    scores(_n, view) {
      const rows: ScoreRow[] = [];
      for (const j of order(view)) {
        const candidate = nextCandidate(view, j, false);
        if (!candidate) continue;
        const maps = candidate === 'its next map';
        const pool = pools.get(view.job(j).queue);
        const weight = pool?.weight ?? 1;
        const r = running(view, j);
        const values = [r, weight, pool?.minShare ?? 0, r / weight];
        if (!greedy) {
          const wait = maps ? delay.waiting(j, view.now) : undefined;
          values.push(wait ? wait.waited : 0, wait ? wait.wait : 0);
        }
        rows.push({ candidate, job: view.job(j).id, values });
        if (rows.length === MOST_ROWS) break;
      }
      const criteria = ['running tasks', 'pool weight', 'pool min share', 'running ÷ weight'];
      if (!greedy) criteria.push('waited for a local slot (s)', 'wait before going further (s)');
      return { criteria, rows };
    },
    explain(j, n, view) {
      const out = fullSlots(view, slots, j, n);
      out.push(...localityWait(view, delay, j, n, spec.serverLocality));
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
