import { z } from 'zod';
import { describeScheduler, type SpecOf } from '@shared/schedulers/describe';
import { slotAuto, slotLabels, slots } from '@shared/schedulers/options';
import { labelText } from '@shared/files/controlCharacters';
import type { TaskCounters } from '../engine/measure/profiles';
import { byFewestRunning, fewestRunningOrder } from './jobOrder';
import { IasmRefusals } from './ilaRefusals';
import { definePlugin } from './plugin';
import { fullSlots, orderReason } from './whyNotReasons';
import type { CoreView, Scheduler, ViewWith } from '../engine/scheduling/schedulerApi';
import { Locality } from '../engine/core/topology';
import {
  predict,
  refitOnline,
  type FittedInterference,
  type InterferenceFeatures,
  type InterferenceModel,
  type InterferenceSample,
} from '../models/interference';
import { dynamicThreshold, ThresholdMode } from './ilaThreshold';
import { AloneSlowdowns, blendDemand, measuredDemand, type Demand } from './ilaDemand';
import { PlacedThisInstant } from './ilaPlaced';
import type { LaunchReason } from '@shared/results/launchReason';
import { LEVEL_WORDS, launchReduce, mapAt, SlotTable } from './slotHelpers';

/** ILA (interference- and locality-aware scheduling) and its IAO and LAO variants. */
export const ilaOptions = describeScheduler({
  kind: 'ila',
  title: 'ILA / IAO / LAO (interference, locality)',
  schema: z.strictObject({
    kind: z.literal('ila'),
    label: labelText().optional(),
    /** Unset, a 2-vCPU VM gets ILA sec. 5.1's 2 map slots and 1 reduce slot (slotsForNode). */
    ...slots,
    /** `ila` both modules; `iao` interference only with greedy locality; `lao` adaptive delay only (sec. 5.1). */
    variant: z.enum(['ila', 'iao', 'lao']).default('ila'),
    /** Static slowdown threshold H of Algorithm 1 (1 = no slowdown, sec. 4.4). */
    threshold: z.number().min(1).default(1),
    /**
     * Use the dynamic threshold H_d once a server has had more than one idle slot for `idleSeconds`
     * (Alg. 1; false = static H only, for sec. 5.5's comparison).
     */
    dynamicThreshold: z.boolean().default(true),
    idleSeconds: z.number().min(0).default(20),
    /** EWMA weight of the newest finished task in the demand estimate (eq. 7; α = 0.8). */
    ewmaAlpha: z.number().min(0).max(1).default(0.8),
    /** Demand assumed before any task of a job finished: high, "to avoid interference" (sec. 4.3). */
    initialDemand: z.strictObject({ tc: z.number().min(0), tr: z.number().min(0), tw: z.number().min(0) }).default({ tc: 1, tr: 0.8, tw: 0.8 }),
    /** Alg. 2: no delay when a task's input is at most this share of a block. */
    smallInputFraction: z.number().min(0).max(1).default(0.01),
    /** Adaptive delay intervals (sec. 4.5): 0.5 s for the node level, 5 s for the others. */
    nodeWaitS: z.number().min(0).default(0.5),
    serverWaitS: z.number().min(0).default(5),
    rackWaitS: z.number().min(0).default(5),
    /** Re-fit the interference model every k new observations (sec. 4.2; k = 100). */
    refitEvery: z.number().int().min(1).default(100),
    /** Profiling runs made to fit the model offline for this cluster's server shape. */
    profilingSamples: z.number().int().min(10).max(2000).default(120),
    /** A fitted model (eq. 1-3) to use instead of profiling: cpu and io coefficients, and α, β, C3. */
    model: z
      .strictObject({ cpu: z.array(z.number()).length(6), io: z.array(z.number()).length(10), combine: z.tuple([z.number(), z.number(), z.number()]) })
      .optional(),
  }),
  labels: {
    ...slotLabels,
    variant: 'Variant',
    threshold: 'Static threshold H (Alg. 1)',
    dynamicThreshold: 'Dynamic threshold H_d',
    idleSeconds: 'Idle seconds k',
    ewmaAlpha: 'EWMA α (eq. 7)',
    smallInputFraction: 'No delay below share of a block',
    nodeWaitS: 'Node-level wait s',
    serverWaitS: 'Server-level wait s',
    rackWaitS: 'Rack-level wait s',
    refitEvery: 'Re-fit every k observations',
    profilingSamples: 'Profiling samples',
  },
  choices: { variant: ['ila', 'iao', 'lao'] },
  choiceLabels: {
    variant: {
      ila: 'ILA: interference- and locality-aware (the paper)',
      iao: 'IAO: interference-aware only (stock greedy locality)',
      lao: 'LAO: locality-aware only (no interference model)',
    },
  },
  auto: slotAuto,
  capacity: 'slots',
  runName: 'ILA',
  runNames: [
    { when: { variant: ['iao'] }, name: 'IAO' },
    { when: { variant: ['lao'] }, name: 'LAO' },
  ],
  // LAO never fits the interference model; ILA and IAO re-fit it as they run.
  costOption: 'variant',
});

/** The view this policy asked for (its plug-in's capabilities). */
type View = ViewWith<'attempts' | 'monitors'>;

type IlaSpec = SpecOf<typeof ilaOptions>;

/** How many of the run's newest observations an online re-fit uses, with the profiling runs. */
const RECENT_OBSERVATIONS = 2000;

/**
 * ILA — interference- and locality-aware scheduling for virtual clusters (Bu, Rao, Xu, HPDC'13), on
 * Hadoop 1 slots and fair job ordering (Alg. 3). For a free slot on VM n, jobs are taken in fair
 * order; the interference module (IASM, Alg. 1) predicts the slowdown of the job's next task on n
 * from the monitors and the job's task demand (EWMA of finished tasks, eq. 7, starting high), and
 * accepts it under the static threshold H — or, once the server has had more than one idle slot for
 * k seconds (until it has had at most one for k seconds: ThresholdMode), under a dynamic threshold
 * that trades slowdown for parallelism ((Z_R + 1)/Ŝ > Z_R/H_d). The locality module (LASM, Alg. 2)
 * then takes the job's closest task, waiting at most the adaptive delay of eq. 4 (none below 1 % of
 * a block; 0.5 s for node level, 5 s for server and rack level), counted from the level last
 * accepted. The model (eq. 1-3) is fitted offline on profiling runs of this cluster's servers and
 * re-fitted every k observations, on those runs and the observations together (refitOnline). IAO
 * keeps IASM with stock Hadoop's greedy locality, blind to co-hosted VMs; LAO keeps LASM without
 * IASM.
 */
export function ilaScheduler(spec: IlaSpec, fitted?: FittedInterference): Scheduler<View> {
  const useIasm = spec.variant !== 'lao';
  const slots = new SlotTable(spec);
  const useLasm = spec.variant !== 'iao';
  // The model (eq. 1-3): the experiment's coefficients, or the offline fit the runner made on
  // profiling runs of this cluster's servers (runner/schedulerFor.ts), whose runs the online
  // re-fits keep using. LAO has no interference module and needs neither.
  if (useIasm && !spec.model && !fitted)
    throw new Error(
      'ILA needs a fitted interference model: give its coefficients, or build the scheduler with the runner (schedulerFor), which profiles the servers',
    );
  let model: InterferenceModel | undefined = spec.model ? { cpu: spec.model.cpu, io: spec.model.io, combine: spec.model.combine } : fitted?.model;
  const profiling: InterferenceSample[] = spec.model ? [] : (fitted?.samples ?? []);
  const observations: InterferenceSample[] = [];
  let sinceFit = 0;
  const demand = new Map<string, Demand>(); // key: job + ':m' / ':r'
  /** Fair's one-pool order (fewest running tasks first), kept as jobs change. */
  const byShare = fewestRunningOrder();
  /**
   * What a free slot walks, in the same order: the jobs with a pending map, and the jobs whose
   * reduces may start (tryMap and tryReduce pass every other job over before asking Alg. 1
   * anything). Each is kept in two parts, the jobs with no task of that kind measured yet (they all
   * ask with the initial demand) and the others, merged as a slot is walked (walkSlot).
   */
  const measuredKind = (j: number, reduce: boolean) => demand.has(`${j}:${reduce ? 'r' : 'm'}`);
  const mapPending = (view: CoreView, j: number) => view.pendingMaps(j) > 0;
  const reduceReady = (view: CoreView, j: number) => view.pendingReduces(j) > 0 && view.reducesMayStart(j);
  const mapsFresh = fewestRunningOrder((view, j) => mapPending(view, j) && !measuredKind(j, false));
  const mapsMeasured = fewestRunningOrder((view, j) => mapPending(view, j) && measuredKind(j, false));
  const reducesFresh = fewestRunningOrder((view, j) => reduceReady(view, j) && !measuredKind(j, true));
  const reducesMeasured = fewestRunningOrder((view, j) => reduceReady(view, j) && measuredKind(j, true));
  const refusals = new IasmRefusals<Demand>();
  const measured = new Map<string, number>(); // how many tasks measured so far
  const launchFeatures = new Map<number, InterferenceFeatures>();
  const allowedLevel = new Map<number, Locality>();
  const waitingSince = new Map<number, number>();
  const hostMode = new Map<number, ThresholdMode>();
  const hostThreshold = new Map<number, number>();

  const demandOf = (j: number, reduce: boolean): Demand => demand.get(`${j}:${reduce ? 'r' : 'm'}`) ?? spec.initialDemand;

  const placed = new PlacedThisInstant();
  const alone = new AloneSlowdowns();

  /**
   * Alg. 1: does job j's next task go on node n without unacceptable slowdown? A demand refused here
   * since the last launch is refused again without asking (ilaRefusals.ts).
   */
  function interferenceOk(view: View, n: number, j: number, reduce: boolean): { ok: boolean; predicted: number; threshold: number } {
    const d = demandOf(j, reduce);
    const version = view.stateVersion();
    if (refusals.has(version, n, view.now, d)) return { ok: false, predicted: Number.NaN, threshold: Number.NaN };
    const answer = askIasm(view, n, d);
    if (!answer.ok) refusals.add(version, n, view.now, d);
    return answer;
  }

  function askIasm(view: View, n: number, d: Demand): { ok: boolean; predicted: number; threshold: number } {
    const topo = view.topology;
    const host = topo.nodeHost[n];
    const features: InterferenceFeatures = { ...placed.usage(view, n), tc: d.tc, tr: d.tr, tw: d.tw };
    // A slowdown is relative to running alone: subtract the fit's offset from 1 for the same task on
    // an idle server, so a bias at no load does not read as interference. The offset is additive
    // (eq. 1-3's constants); dividing by it instead would cancel the task's own demand out of the
    // exponentials and make every task look equally sensitive to the server's load.
    const m = model!;
    // Parenthesised so an idle server gives exactly 1: (1 + a) − a is not always 1 in floating
    // point, and at H = 1 that last bit refused every task on an idle cluster.
    const predicted = Math.max(1, 1 + (predict(m, features) - alone.get(m, d)));
    // Running and idle slots on the whole physical server. A shuffle waiting for map output holds
    // its slot but is not slowed by anyone: it does not count as running (Z_R is about throughput).
    let running = 0;
    let idle = 0;
    for (let i = topo.hostNodeStart[host]; i < topo.hostNodeStart[host + 1]; i++) {
      const node = topo.hostNodeList[i];
      if (!view.nodeAlive(node)) continue;
      for (const a of view.attemptsOnNode(node)) if (!a.waiting && !a.paused) running++;
      running += placed.countOn(view, host, node);
      idle += Math.max(0, slots.maps(topo, node) - view.nodeRunningMaps(node)) + Math.max(0, slots.reduces(topo, node) - view.nodeRunningReduces(node));
    }
    let mode = hostMode.get(host);
    if (!mode) hostMode.set(host, (mode = new ThresholdMode(spec.idleSeconds)));
    const dynamic = spec.dynamicThreshold && mode.update(idle, view.now);
    if (!dynamic) {
      hostThreshold.set(host, spec.threshold);
      return { ok: predicted <= spec.threshold, predicted, threshold: spec.threshold };
    }
    // Dynamic threshold: accept a slower task when it raises the server's throughput.
    const hd = hostThreshold.get(host) ?? spec.threshold;
    const decision = dynamicThreshold(running, hd, predicted, spec.threshold);
    hostThreshold.set(host, decision.threshold);
    // The decision's reason names the threshold the task was held to: H_d, or Ŝ when H_d rose to it.
    return { ok: decision.ok, predicted, threshold: Math.max(hd, decision.threshold) };
  }

  /** Eq. 4: the wait for locality level i of job j. */
  function waitFor(view: View, j: number, level: Locality): number {
    const job = view.job(j);
    const ratio = job.maps > 0 ? job.inputMb / job.maps / view.topology.blockSizeMb : 0;
    if (ratio <= spec.smallInputFraction) return 0;
    const base = level === Locality.Node ? spec.nodeWaitS : level === Locality.Server ? spec.serverWaitS : spec.rackWaitS;
    return Math.min(1, ratio) * base;
  }

  // The heartbeat's node and view, read by the functions below: made once, not at every heartbeat.
  const beat = { n: -1, view: undefined as unknown as View };
  /**
   * One free slot: the two parts of an order merged by share, until `tryJob` takes the slot. Once
   * Alg. 1 refuses the initial demand here, every job not yet measured would be refused the same
   * way, so the rest of that part is passed over.
   */
  function walkSlot(fresh: Int32Array, measuredJobs: Int32Array, tryJob: (j: number) => boolean): boolean {
    const view = beat.view;
    let a = 0;
    let b = 0;
    while (a < fresh.length || b < measuredJobs.length) {
      let fromFresh = a < fresh.length;
      if (fromFresh && b < measuredJobs.length) {
        view.work.orderComparisons++;
        fromFresh = byFewestRunning(view, fresh[a], measuredJobs[b]) < 0;
      }
      if (tryJob(fromFresh ? fresh[a++] : measuredJobs[b++])) return true;
      if (fromFresh && useIasm && refusals.has(view.stateVersion(), beat.n, view.now, spec.initialDemand)) a = fresh.length;
    }
    return false;
  }
  const found = { level: Locality.Node as Locality };
  const tryMap = (j: number): boolean => {
    const n = beat.n;
    const view = beat.view;
    if (view.pendingMaps(j) === 0) return false;
    let check = { ok: true, predicted: 1, threshold: spec.threshold };
    if (useIasm) {
      check = interferenceOk(view, n, j, false);
      if (!check.ok) return false; // IASM refuses this job on this node
    }
    // LASM (Alg. 2) knows server locality; IAO's greedy locality is stock Hadoop's, which does
    // not (sec. 5.2 counts IAO among "the schedulers which are unaware of the server locality").
    const task = view.findMap(j, n, Locality.OffRack, found, useLasm);
    if (task < 0) return false;
    const level = found.level;
    if (useLasm && level !== Locality.None) {
      const allowed = allowedLevel.get(j) ?? Locality.Node;
      if (level > allowed) {
        const since = waitingSince.get(j) ?? view.now;
        waitingSince.set(j, since);
        let needed = 0;
        for (let l = allowed; l < level; l++) needed += waitFor(view, j, l as Locality);
        if (view.now - since < needed) return false; // keep waiting for a closer slot
      }
      allowedLevel.set(j, level);
      waitingSince.delete(j);
    }
    const usage = useIasm ? placed.usage(view, n) : undefined;
    const id = view.job(j).id;
    const why = (): LaunchReason => ({
      kind: 'fairShare',
      scheduler: spec.variant.toUpperCase(),
      job: id,
      ...(useIasm ? { predicted: { slowdown: check.predicted, threshold: check.threshold } } : {}),
      launched: mapAt(level),
    });
    if (!view.launch(task, n, why, { memoryMb: spec.slotMemoryMb })) return false;
    const d = demandOf(j, false);
    if (usage) launchFeatures.set(task, { ...usage, tc: d.tc, tr: d.tr, tw: d.tw });
    placed.note(view, n, d);
    return true;
  };
  const tryReduce = (j: number): boolean => {
    const n = beat.n;
    const view = beat.view;
    // Alg. 1 is asked about a reduce that could go now, never about one still waiting for its
    // maps (slow-start): asking moves the server's dynamic threshold.
    if (view.pendingReduces(j) === 0 || !view.reducesMayStart(j)) return false;
    if (useIasm && !interferenceOk(view, n, j, true).ok) return false;
    if (
      !launchReduce(view, j, n, (launched) => ({ kind: 'fairShare', scheduler: spec.variant.toUpperCase(), job: view.job(j).id, launched }), spec.slotMemoryMb)
    )
      return false;
    placed.note(view, n, demandOf(j, true));
    return true;
  };
  return {
    name: spec.variant,
    onJobSubmitted(j) {
      allowedLevel.set(j, Locality.Node);
    },
    onJobFinished(j) {
      allowedLevel.delete(j);
      waitingSince.delete(j);
      demand.delete(`${j}:m`);
      demand.delete(`${j}:r`);
    },
    onTaskFinished(task, c: TaskCounters, view) {
      const j = view.jobOfTask(task);
      // Demand as it would be without interference: counters over the task's undisturbed time.
      const { demand: d, undisturbed } = measuredDemand(c);
      const key = `${j}:${c.isReduce ? 'r' : 'm'}`;
      const seen = measured.get(key) ?? 0;
      demand.set(key, blendDemand(demand.get(key), seen, d, spec.ewmaAlpha));
      measured.set(key, seen + 1);
      const f = launchFeatures.get(task);
      launchFeatures.delete(task);
      if (f && useIasm) {
        observations.push({ ...f, tc: d.tc, tr: d.tr, tw: d.tw, kind: view.job(j).template.kind, slowdown: Math.max(1, c.wallSeconds / undisturbed) });
        if (++sinceFit >= spec.refitEvery && model) {
          sinceFit = 0;
          // Only the newest observations take part in a re-fit; older ones are dropped so a long run's memory stays flat.
          if (observations.length > RECENT_OBSERVATIONS) observations.splice(0, observations.length - RECENT_OBSERVATIONS);
          model = refitOnline(profiling, observations, model);
        }
      }
    },
    onHeartbeat(n: number, view: View) {
      if (view.pendingTasks() === 0) return;
      const freeMaps = slots.maps(view.topology, n) - view.nodeRunningMaps(n);
      const freeReduces = slots.reduces(view.topology, n) - view.nodeRunningReduces(n);
      beat.n = n;
      beat.view = view;
      for (let used = 0; used < freeMaps && walkSlot(mapsFresh.current(view), mapsMeasured.current(view), tryMap); used++);
      for (let used = 0; used < freeReduces && walkSlot(reducesFresh.current(view), reducesMeasured.current(view), tryReduce); used++);
    },
    // Slots, LASM's wait and the order; the interference check is not replayed here (it moves
    // the server's dynamic threshold, so asking would change the run).
    explain(j, n, view) {
      const out = fullSlots(view, slots, j, n);
      const here = { level: Locality.Node as Locality };
      if (useLasm && view.pendingMaps(j) > 0 && view.findMap(j, n, Locality.OffRack, here, true) >= 0 && here.level !== Locality.None) {
        const allowed = allowedLevel.get(j) ?? Locality.Node;
        let needed = 0;
        for (let l = allowed; l < here.level; l++) needed += waitFor(view, j, l as Locality);
        const since = waitingSince.get(j) ?? view.now;
        if (here.level > allowed && view.now - since < needed)
          out.push({
            kind: 'localityWait',
            allowed: LEVEL_WORDS[allowed],
            bestHere: LEVEL_WORDS[here.level],
            waited: view.now - since,
            wait: needed,
            next: LEVEL_WORDS[here.level],
          });
      }
      const r = view.runningMaps(j) + view.runningReduces(j);
      const rank = orderReason(view, byShare.current(view), j, `${r} running task${r === 1 ? '' : 's'}`);
      if (rank) out.push(rank);
      return out;
    },
  };
}

export const ilaPlugin = definePlugin({
  capabilities: ['attempts', 'monitors'],
  description: ilaOptions,
  create: (spec, context) => ilaScheduler(spec, context.interference),
  // ILA and IAO without the experiment's coefficients: the model fitted offline on profiling runs
  // of this cluster's own servers (sec. 4.1), which the runner makes.
  needs: (spec) => (spec.variant !== 'lao' && !spec.model ? { interferenceSamples: spec.profilingSamples } : {}),
});
