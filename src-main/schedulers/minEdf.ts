import { z } from 'zod';
import { AriaProfileSchema } from '@shared/aria/profile';
import { ScalingFactorsSchema } from '@shared/aria/scaling';
import { describeScheduler, type SpecOf } from '@shared/schedulers/describe';
import { delayLabels, delayScheduling, slotAuto, slotLabels, slots, topologyAwareness, topologyLabels } from '@shared/schedulers/options';
import { labelText } from '@shared/files/controlCharacters';
import { fewestSlots, provision } from '@shared/aria/provisioning';
import { scaleProfile } from '@shared/aria/scaling';
import type { AriaProfile } from '@shared/aria/profile';
import { definePlugin } from './plugin';
import { fullSlots, localityWait, orderReason } from './whyNotReasons';
import type { Scheduler, ViewWith } from '../engine/scheduling/schedulerApi';
import { Locality } from '../engine/core/topology';
import { ALLOWED_WORDS, DelayScheduling } from './delayScheduling';
import { IncrementalJobOrder } from './incrementalOrder';
import { sortJobs } from './jobOrder';
import { fillInOrder } from './placementLoop';
import type { Launched, LaunchReason } from '@shared/results/launchReason';
import { mapAt, REDUCE, SlotTable } from './slotHelpers';
import { MOST_ROWS, nextCandidate, type ScoreRow } from './scoreRows';

/**
 * What happens to the slots beyond every job's minimum (docs/model.md "MinEDF"): kept for jobs
 * without a deadline (ARIA's MinEDF: a job never holds more than its allocation); lent to jobs in
 * deadline order and taken back as lent tasks end; or lent and taken back at once by killing the
 * most recently lent task, as the ARIA authors' later work-conserving MinEDF-WC does.
 */
export const MINEDF_SPARE = ['none', 'lend', 'lend-kill'] as const;

/**
 * MinEDF, the deadline scheduler of the ARIA framework (Verma, Cherkasova, Campbell, ICAC 2011; the
 * provisioning paper in our set, Middleware 2011, builds on it but does not define it): jobs in
 * earliest-deadline-first order, each holding at most the fewest map and reduce slots the ARIA
 * model (the Middleware paper's bounds eq. 1-8 and Algorithm 1) says it needs to
 * meet its deadline, maps placed by delay scheduling; the spare slots as `spare` says
 * (docs/model.md "MinEDF").
 */
export const minEdfOptions = describeScheduler({
  kind: 'minedf',
  title: 'MinEDF (ARIA deadlines)',
  schema: z.strictObject({
    kind: z.literal('minedf'),
    label: labelText().optional(),
    ...slots,
    /** Which completion-time bound must meet the deadline when sizing a job (sec. 4.5: low, up, or their average). */
    bound: z.enum(['avg', 'low', 'up']).default('avg'),
    /** ARIA profile per template; empty: the design's pinned profiles. A template without one gets every slot it can use. */
    profiles: z.record(z.string(), AriaProfileSchema).default({}),
    /**
     * Scaling factors per template (sec. 4.3, eq. 9-10): a job's shuffle and reduce durations from
     * its own intermediate data per reduce, the profile's map invariants unchanged. A template
     * without them is sized by its profile as measured.
     */
    scaling: z.record(z.string(), ScalingFactorsSchema).default({}),
    spare: z.enum(MINEDF_SPARE, { error: `must be one of ${MINEDF_SPARE.join(', ')}` }).default('none'),
    ...delayScheduling,
    ...topologyAwareness,
  }),
  labels: {
    ...slotLabels,
    bound: 'Bound that meets the deadline (sec. 4.5)',
    spare: 'Slots beyond the minimums',
    ...delayLabels,
    ...topologyLabels,
  },
  choices: { bound: ['avg', 'low', 'up'], spare: MINEDF_SPARE },
  choiceLabels: {
    bound: { avg: 'average of the bounds', low: 'lower bound', up: 'upper bound' },
    spare: { none: 'kept for jobs without a deadline', lend: 'lent, taken back as tasks end', 'lend-kill': 'lent, taken back by killing (MinEDF-WC)' },
  },
  auto: slotAuto,
  capacity: 'slots',
  usesProfiles: 'ARIA job profiles (Verma et al. sec. 3.2)',
  runName: 'MinEDF',
  // Each bound by name, then what spare slots do: "MinEDF (lower bound), lending".
  runNames: (['avg', 'low', 'up'] as const).flatMap((bound) =>
    MINEDF_SPARE.map((spare) => ({
      when: { bound: [bound], spare: [spare] },
      name: [
        bound === 'avg' ? 'MinEDF' : `MinEDF (${bound === 'low' ? 'lower' : 'upper'} bound)`,
        ...(spare === 'none' ? [] : [spare === 'lend' ? 'lending' : 'lending, killing']),
      ].join(', '),
    })),
  ),
});

/** The view this policy asked for (its plug-in's capabilities). */
type View = ViewWith<'attempts' | 'preemption'>;
/** A launch's reason from what it launched (and, for a map, how far delay scheduling lets it go). */
type Why = (launched: Launched, mayGo?: string) => LaunchReason;

type MinEdfSpec = SpecOf<typeof minEdfOptions>;

/** The slots a job is owed, and why (the why-panel's text). */
interface Need {
  maps: number;
  reduces: number;
  /** Whether the job has a deadline the allocation serves (jobs without one live on spare slots). */
  deadline: boolean;
  why: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const fmt = (s: number) => (Number.isFinite(s) ? `${Math.round(s)} s` : 'none');

/**
 * MinEDF (docs/model.md "MinEDF"): the ARIA framework's deadline scheduler (ICAC 2011) on Hadoop 1 slots. A job's allocation
 * comes from the ARIA model: Algorithm 1 (sec. 4.5) on its profile, the tasks it has left, the
 * cluster's slots and the time left to its deadline gives the minimal (map, reduce) slot pairs for
 * the chosen bound, and the pair with the fewest slots is its minimum. It is sized when it arrives,
 * again when a slot first frees for it, and again after each wave of its tasks finishes (the time
 * left and the work left both move). Free slots go to jobs below their minimum, earliest deadline
 * first; a job never holds more than its minimum unless `spare` lends it more. Maps are placed by
 * delay scheduling, as Fair's are. A job whose template has no profile, or whose deadline no
 * allocation can meet, is owed every slot it can use; a job without a deadline is owed none.
 */
export function minEdfScheduler(spec: Omit<MinEdfSpec, 'kind'>, slots = new SlotTable(spec)): Scheduler<View> {
  const profiles = new Map(Object.entries(spec.profiles).map(([k, v]) => [k.toLowerCase(), v]));
  const scaling = new Map(Object.entries(spec.scaling).map(([k, v]) => [k.toLowerCase(), v]));
  const need: Need[] = [];
  /** Each job's profile, scaled to its own data per reduce where its template has factors (fixed for the job). */
  const jobProfiles: ({ profile: AriaProfile; mbPerReduce?: number } | null | undefined)[] = [];
  function profileOf(j: number, view: View) {
    if (jobProfiles[j] !== undefined) return jobProfiles[j];
    const job = view.job(j);
    const name = job.template.name.toLowerCase();
    const base = profiles.get(name);
    const factors = scaling.get(name);
    if (!base) return (jobProfiles[j] = null);
    if (!factors || !(job.inputMb > 0) || !(base.avgInputMB > 0)) return (jobProfiles[j] = { profile: base });
    const { profile, mbPerReduce } = scaleProfile(base, factors, job.inputMb, Math.max(1, job.reduces));
    return (jobProfiles[j] = { profile, mbPerReduce });
  }
  /** When each job was last sized, and its finished tasks then: it is sized again a wave later. */
  const sizedAt: number[] = [];
  const sizedDone: number[] = [];
  /** Active jobs in EDF order, kept sorted as jobs come and go (no sort per heartbeat): a job's deadline never changes. */
  const edf = new IncrementalJobOrder(
    (view, j) => view.jobDeadline(j),
    (view, j) => view.jobSubmitTime(j),
    { keysFixed: true },
  );
  const found = { level: Locality.Node as Locality };
  const delay = new DelayScheduling(spec.nodeLocalityWaitS, spec.rackLocalityWaitS, spec.serverLocality);
  const before = (view: View, a: number, b: number) => view.jobDeadline(a) - view.jobDeadline(b) || view.jobSubmitTime(a) - view.jobSubmitTime(b) || a - b;
  const done = (view: View, j: number) => view.mapsDone(j) + view.reducesDone(j);

  /** Algorithm 1 on the work job j has left (maps not finished; reduces not finished) and the time left. */
  function size(j: number, view: View): Need {
    const job = view.job(j);
    const deadline = view.jobDeadline(j);
    const maps = job.maps - view.mapsDone(j);
    const reduces = job.reduces - view.reducesDone(j);
    const all = (why: string): Need => ({ maps: job.maps, reduces: job.reduces, deadline: true, why });
    if (!Number.isFinite(deadline)) return { maps: 0, reduces: 0, deadline: false, why: 'no deadline: spare slots only' };
    const known = profileOf(j, view);
    if (!known) return all(`no ARIA profile for ${job.template.name}: owed every slot it can use`);
    const profile = known.profile;
    const scaled = known.mbPerReduce === undefined ? '' : ` (its profile scaled to ${Math.round(known.mbPerReduce)} MB per reduce, eq. 9-10)`;
    const left = deadline - view.now;
    const cluster = slots.totals(view.topology);
    if (left <= 0) return all(`deadline ${fmt(deadline)} already passed: owed every slot it can use`);
    const pair = fewestSlots(
      provision(profile, { maps, reduces, clusterMapSlots: cluster.maps, clusterReduceSlots: cluster.reduces, deadlineS: left }, spec.bound),
    );
    if (!pair)
      return all(
        `no allocation of the cluster's ${cluster.maps} + ${cluster.reduces} slots meets its deadline by the ${spec.bound} bound${scaled}: owed every slot it can use`,
      );
    // With its maps all finished, Algorithm 1's one map slot is not a claim on anything.
    return {
      maps: maps > 0 ? pair.mapSlots : 0,
      reduces: pair.reduceSlots,
      deadline: true,
      why: `the ARIA ${spec.bound} bound needs ${pair.mapSlots} map + ${pair.reduceSlots} reduce slots for its ${plural(maps, 'map')} and ${plural(reduces, 'reduce')} left to finish by ${fmt(deadline)}${scaled}`,
    };
  }

  /** Size job j again before its first launch (time has passed) and after each wave of its tasks. */
  function resize(j: number, view: View): void {
    if (sizedAt[j] >= view.now || !need[j].deadline) return;
    const finished = done(view, j);
    const started = finished + view.runningMaps(j) + view.runningReduces(j) > 0;
    const wave = Math.max(1, view.mapsDone(j) < view.job(j).maps ? need[j].maps : need[j].reduces);
    if (started && finished - sizedDone[j] < wave) return;
    need[j] = size(j, view);
    sizedAt[j] = view.now;
    sizedDone[j] = finished;
  }

  const over = (view: View, j: number, reduce: boolean) => (reduce ? view.runningReduces(j) > need[j].reduces : view.runningMaps(j) > need[j].maps);

  /** Tasks running on a spare slot (launched beyond their job's minimum), which lend-kill takes back first. */
  const lent = new Set<number>();
  const markLent = (task: number, onLent: boolean) => (onLent ? lent.add(task) : lent.delete(task));

  /**
   * MinEDF-WC's reclaim: the most recently started task on node n that runs on a lent slot, of a
   * job holding more than its minimum, is killed so that job j, below its minimum, gets the slot
   * now. Without a lent task there (a job whose minimum shrank since), its most recent task.
   */
  function reclaim(view: View, n: number, j: number, reduce: boolean): boolean {
    let victim = -1;
    let victimLent = false;
    let latest = -Infinity;
    for (const a of view.attemptsOnNode(n)) {
      if (a.isReduce !== reduce || a.job === j || !over(view, a.job, reduce)) continue;
      const isLent = lent.has(a.task);
      if (victimLent && !isLent) continue;
      const start = view.attemptStart(a.attempt);
      if ((isLent && !victimLent) || start > latest || (start === latest && a.attempt > victim)) {
        latest = start;
        victim = a.attempt;
        victimLent = isLent;
      }
    }
    if (victim < 0) return false;
    const task = view.attemptTask(victim);
    if (!view.killAttempt(victim)) return false;
    lent.delete(task);
    return true;
  }

  /** Launches a map of job j on n, on a lent slot or not; false when none may go there now. */
  function launchMap(view: View, j: number, n: number, why: Why, onLent: boolean): boolean {
    const allowed = delay.allowed(j, view.now);
    const task = view.findMap(j, n, allowed, found, spec.serverLocality);
    if (task < 0) return false;
    const at = found.level;
    if (!view.launch(task, n, () => why(mapAt(at), ALLOWED_WORDS[allowed]), { memoryMb: spec.slotMemoryMb })) return false;
    delay.launched(j, at, allowed, view.now);
    markLent(task, onLent);
    return true;
  }

  function launchReduce(view: View, j: number, n: number, why: Why, onLent: boolean): boolean {
    if (view.pendingReduces(j) === 0 || !view.reducesMayStart(j)) return false;
    const task = view.nextReduce(j);
    if (task < 0 || !view.launch(task, n, () => why(REDUCE), { memoryMb: spec.slotMemoryMb })) return false;
    markLent(task, onLent);
    return true;
  }

  /** May job j take a spare slot: every job under lending, only jobs without a deadline otherwise. */
  const mayBorrow = (j: number) => spec.spare !== 'none' || !need[j].deadline;
  const kill = spec.spare === 'lend-kill';

  return {
    name: 'minedf',
    onJobSubmitted(j, view) {
      need[j] = size(j, view);
      sizedAt[j] = view.now;
      sizedDone[j] = 0;
      delay.submitted(j, view.now);
    },
    onTaskFinished(task) {
      lent.delete(task);
    },
    onHeartbeat(n: number, view: View) {
      if (view.pendingTasks() === 0) return;
      const order = edf.current(view);
      let freeMaps = slots.maps(view.topology, n) - view.nodeRunningMaps(n);
      let freeReduces = slots.reduces(view.topology, n) - view.nodeRunningReduces(n);
      const id = (j: number) => view.job(j).id;
      const below =
        (j: number): Why =>
        (launched, mayGo) => ({ kind: 'belowMinimum', job: id(j), minimum: need[j].why, ...(mayGo !== undefined ? { mayGo } : {}), launched });
      // Nothing free and nothing to take back: the walk over the queue would place nothing.
      if (freeMaps <= 0 && freeReduces <= 0 && !kill) return;
      // Whether this node may still hold a lent task to take back: once a reclaim finds none, no later
      // job finds one either (launches here only bring jobs up to their minimum), so the walk stops.
      let mapVictims = kill;
      let reduceVictims = kill;
      // First every job up to its minimum, earliest deadline first (killing lent tasks under lend-kill).
      for (let i = 0; i < order.length && (freeMaps > 0 || mapVictims); i++) {
        const j = order[i];
        // Jobs without a deadline come last in EDF order and are owed nothing: the rest of the walk would launch nothing.
        if (!need[j].deadline) break;
        if (view.pendingMaps(j) === 0) continue;
        resize(j, view);
        while (view.pendingMaps(j) > 0 && view.runningMaps(j) < need[j].maps) {
          if (
            freeMaps <= 0 &&
            !(mapVictims && view.findMap(j, n, delay.allowed(j, view.now), found, spec.serverLocality) >= 0 && (mapVictims = reclaim(view, n, j, false)))
          )
            break;
          if (freeMaps <= 0) freeMaps++;
          if (!launchMap(view, j, n, below(j), false)) break;
          freeMaps--;
        }
      }
      // Only jobs whose reduces may start can take a reduce slot: those few, in the same EDF order.
      const ready =
        view.pendingReduceTasks() > 0 && (freeReduces > 0 || reduceVictims)
          ? sortJobs(view, [...view.reduceReadyJobs()], (a, b) => before(view, a, b), false)
          : [];
      for (const j of ready) {
        if ((freeReduces <= 0 && !reduceVictims) || !need[j].deadline) break;
        resize(j, view);
        while (view.pendingReduces(j) > 0 && view.runningReduces(j) < need[j].reduces) {
          if (freeReduces <= 0 && !(reduceVictims && (reduceVictims = reclaim(view, n, j, true)))) break;
          if (freeReduces <= 0) freeReduces++;
          if (!launchReduce(view, j, n, below(j), false)) break;
          freeReduces--;
        }
      }
      // Then the spare slots, in the same order, to the jobs that may borrow them.
      const spare =
        (j: number): Why =>
        (launched, mayGo) => ({
          kind: 'spareSlot',
          job: id(j),
          ...(need[j].deadline ? { deadline: view.jobDeadline(j) } : {}),
          ...(mayGo !== undefined ? { mayGo } : {}),
          launched,
        });
      fillInOrder(
        order,
        freeMaps,
        (j) => view.pendingMaps(j) > 0 && mayBorrow(j),
        (j) => launchMap(view, j, n, spare(j), true),
      );
      fillInOrder(ready, freeReduces, mayBorrow, (j) => launchReduce(view, j, n, spare(j), true));
    },
    // The jobs with a deadline in EDF order, each with the minimum Algorithm 1 last sized it to
    // and what it runs now: below its minimum it is owed a slot, at it only a spare one. Read only
    // (a job is sized again at the heartbeat, not here), so asking changes nothing.
    scores(_n, view) {
      const rows: ScoreRow[] = [];
      for (const j of edf.current(view)) {
        if (!need[j].deadline) break;
        const next = nextCandidate(view, j, false);
        if (!next) continue;
        const owed = next === 'its next map' ? view.runningMaps(j) < need[j].maps : view.runningReduces(j) < need[j].reduces;
        rows.push({
          candidate: `${next}${owed ? ', below its minimum' : ', on a spare slot only'}`,
          job: view.job(j).id,
          values: [view.jobDeadline(j) - view.now, need[j].maps, view.runningMaps(j), need[j].reduces, view.runningReduces(j)],
        });
        if (rows.length === MOST_ROWS) break;
      }
      return {
        criteria: ['time to its deadline (s)', 'map slots it needs (Algorithm 1)', 'maps running', 'reduce slots it needs', 'reduces running'],
        rows,
      };
    },
    explain(j, n, view) {
      const out = fullSlots(view, slots, j, n);
      // At its minimum, a job with a deadline waits for spare slots it may not borrow (spare: none).
      if (need[j].deadline && !mayBorrow(j)) {
        if (view.pendingMaps(j) > 0 && view.runningMaps(j) >= need[j].maps)
          out.push({ kind: 'deadlineAllocation', slot: 'map', running: view.runningMaps(j), allocated: need[j].maps });
        if (view.pendingReduces(j) > 0 && view.reducesMayStart(j) && view.runningReduces(j) >= need[j].reduces)
          out.push({ kind: 'deadlineAllocation', slot: 'reduce', running: view.runningReduces(j), allocated: need[j].reduces });
      }
      out.push(...localityWait(view, delay, j, n, spec.serverLocality));
      const deadline = view.jobDeadline(j);
      const rank = orderReason(
        view,
        edf.current(view),
        j,
        Number.isFinite(deadline) ? `deadline ${fmt(deadline)}; its minimum ${need[j].maps} map + ${need[j].reduces} reduce slots` : 'no deadline',
      );
      if (rank) out.push(rank);
      return out;
    },
  };
}

export const minEdfPlugin = definePlugin({
  capabilities: ['attempts', 'preemption'],
  description: minEdfOptions,
  create: (spec) => minEdfScheduler(spec),
  // A card that names its own profiles keeps them, and its own scaling factors with them.
  pinProfiles: (spec, known) =>
    Object.keys(spec.profiles).length === 0 && Object.keys(known.aria).length
      ? { ...spec, profiles: known.aria, scaling: Object.keys(spec.scaling).length ? spec.scaling : known.ariaScaling }
      : spec,
});
