import { z } from 'zod';
import { describeScheduler, type SpecOf } from '@shared/schedulers/describe';
import { containerAuto, containerLabels, containers, topologyAwareness, topologyLabels } from '@shared/schedulers/options';
import { labelText } from '@shared/files/controlCharacters';
import { cpuRequirement } from '../engine/measure/profiles';
import { definePlugin } from './plugin';
import { containerFitProblems } from './containerFit';
import { amShareFull, holdersOn, orderReason } from './whyNotReasons';
import type { WhyNotReason } from '@shared/results/whyNot';
import type { Scheduler, ViewWith } from '../engine/scheduling/schedulerApi';
import { Locality } from '../engine/core/topology';
import { appMasterFirst, onlyMasterHolders, freeOnNode, SmallestContainer, taskMemory } from './containers';
import { fewestRunningOrder } from './jobOrder';
import { fillOneAtATime } from './placementLoop';
import type { Launched, LaunchReason } from '@shared/results/launchReason';
import { mapAt, REDUCE } from './slotHelpers';
import { MOST_ROWS, nextCandidate, type ScoreRow } from './scoreRows';

/** Finer-grained CPU scheduling (Liu's thesis): a CPU pool in hundredths of a core per node. */
export const fineGrainedCpuOptions = describeScheduler({
  kind: 'finegrained',
  title: 'Finer-Grained CPU',
  schema: z.strictObject({
    kind: z.literal('finegrained'),
    label: labelText().optional(),
    ...containers,
    /** Liu sec. 4.1: cores kept for the OS and Hadoop daemons; the pool is (cores − reserved) · 100 (eq. 3.1). */
    reservedCores: z.number().int().min(0).default(1),
    /** Requirement of tasks of unknown workloads, and of tasks too short to analyse (Liu sec. 3.2.1). */
    defaultRequirement: z.number().int().min(1).max(100).default(100),
    /** Tasks shorter than this on average are "too small" to analyse: they keep the default. */
    minAnalysableSeconds: z.number().min(0).default(5),
    /** Known requirements per template (e.g. from `workload-studio profile`); others are learnt from a sample job. */
    requirements: z
      .record(z.string(), z.strictObject({ map: z.number().int().min(1).max(100).optional(), reduce: z.number().int().min(1).max(100).optional() }))
      .default({}),
    /** Learn unknown templates from their first successful job (eq. 3.5), as the thesis's framework does. */
    learn: z.boolean().default(true),
    /**
     * Containers given per node heartbeat. The thesis shares jobs with YARN's Fair Scheduler, which
     * gives one (yarn.scheduler.fair.assignmultiple = false): tasks spread over the nodes instead of
     * filling the first node to report. 0 = as many as fit.
     */
    containersPerHeartbeat: z.number().int().min(0).default(1),
    ...topologyAwareness,
  }),
  labels: {
    nodeMemoryMb: 'NodeManager memory MB',
    ...containerLabels,
    reservedCores: 'Reserved cores (eq. 3.1)',
    defaultRequirement: 'Default CPU requirement',
    minAnalysableSeconds: 'Shortest analysable task s',
    learn: 'Learn from sample jobs (eq. 3.5)',
    containersPerHeartbeat: 'Containers per heartbeat',
    ...topologyLabels,
  },
  auto: { nodeMemoryMb: containerAuto.nodeMemoryMb },
  capacity: 'cpuPool',
  usesProfiles: 'measured CPU requirements (Liu eq. 3.5)',
  runName: 'Finer-grained CPU',
});

/** The view this policy asked for (its plug-in's capabilities). */
type View = ViewWith<'attempts'>;

type FineGrainedSpec = SpecOf<typeof fineGrainedCpuOptions>;

interface Requirement {
  map: number;
  reduce: number;
}

/**
 * The Finer Grained CPU scheduler (Kun Liu, "Improving the Resource Utilisation in MapReduce",
 * U. Tokyo 2015, ch. 3) on YARN containers:
 *  - each node offers a CPU pool of (cores − reserved) · 100 (eq. 3.1, one core reserved in sec. 4.1);
 *  - a task asks for R ∈ 1..100 of it, its workload's requirement: R_T = CPU / (CPU + I/O) · 100
 *    (eq. 3.2) with I/O time from its byte counters at the optimal disk rate (eq. 3.4), averaged
 *    over the successful tasks of a successful sample job (eq. 3.5a/b);
 *  - unknown workloads, and tasks too short to analyse, ask for the default 100 (sec. 3.2.1), so a
 *    workload's first job is its sample job; its requirement is fixed when a job is submitted
 *    (sec. 3.3.2.1);
 *  - memory as YARN; jobs share the cluster by the Fair policy, as in the thesis's experiments.
 */
export function fineGrainedCpuScheduler(spec: FineGrainedSpec): Scheduler<View> {
  const known = new Map<string, Requirement>();
  for (const [template, r] of Object.entries(spec.requirements))
    known.set(template.toLowerCase(), { map: r.map ?? spec.defaultRequirement, reduce: r.reduce ?? spec.defaultRequirement });
  const jobRequirement = new Map<number, Requirement>();
  // Per running sample job: R_T and wall time of its successful tasks, maps and reduces apart.
  const samples = new Map<number, { map: number[]; mapWall: number[]; reduce: number[]; reduceWall: number[] }>();
  const found = { level: Locality.Node as Locality };

  const pool = (view: View, n: number) => Math.max(0, view.topology.nodeCores[n] - spec.reservedCores);
  const freeCpu = (view: View, n: number) => pool(view, n) - view.nodeVcoresUsed(n);
  const average = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

  const byShare = fewestRunningOrder();
  /** The same order of the jobs holding their application master: all it may serve while masters hold their share (maxAmShare). */
  const withAppMaster = fewestRunningOrder((view, j) => view.appMasterNode(j) >= 0);
  const smallest = new SmallestContainer(spec);
  const order = (view: View) => byShare.current(view);

  // The heartbeat's node and view, read by the functions below: made once, not at every heartbeat.
  const beat = { n: -1, view: undefined as unknown as View };
  // Too full for any container (a task asks at least 1 of the pool's 100 per core): nothing to ask the queue.
  const queue = () => {
    const { n, view } = beat;
    if (!smallest.mayFit(view, { memoryMb: freeOnNode(spec, view, n).memoryMb, vcores: freeCpu(view, n) }, 0.0099)) return [];
    // Jobs waiting for a master can do nothing while masters hold their share: passed over.
    return onlyMasterHolders(spec, view) ? withAppMaster.current(view) : order(view);
  };
  const tryJob = (j: number): boolean => {
    const { n, view } = beat;
    const free = freeOnNode(spec, view, n);
    const cpu = freeCpu(view, n);
    const id = view.job(j).id;
    // The AM's vcores come out of the CPU pool here.
    const am = appMasterFirst(spec, view, j, n, { memoryMb: free.memoryMb, vcores: cpu });
    if (am === 'placed') return true;
    if (am === 'waiting') return false;
    const req = jobRequirement.get(j) ?? { map: spec.defaultRequirement, reduce: spec.defaultRequirement };
    const why = (needs: number, launched: Launched) => (): LaunchReason => ({
      kind: 'cpuPool',
      job: id,
      needs,
      free: Math.round(cpu * 100),
      pool: Math.round(pool(view, n) * 100),
      launched,
    });
    const mapMem = taskMemory(spec, view, j, false);
    if (view.pendingMaps(j) > 0 && free.memoryMb >= mapMem && cpu * 100 >= req.map - 1e-9) {
      const task = view.findMap(j, n, Locality.OffRack, found, spec.serverLocality);
      const level = found.level;
      if (task >= 0 && view.launch(task, n, why(req.map, mapAt(level)), { memoryMb: mapMem, vcores: req.map / 100 })) return true;
    }
    const redMem = taskMemory(spec, view, j, true);
    if (view.pendingReduces(j) > 0 && view.reducesMayStart(j) && free.memoryMb >= redMem && cpu * 100 >= req.reduce - 1e-9) {
      const task = view.nextReduce(j);
      if (task >= 0 && view.launch(task, n, why(req.reduce, REDUCE), { memoryMb: redMem, vcores: req.reduce / 100 })) return true;
    }
    return false;
  };
  return {
    name: 'finer-grained cpu',
    // A YARN policy: each job's application master takes a container before its tasks.
    placesAppMasters: true,
    // Too full for any container (the queue would be empty): the beat need not be simulated.
    nodePlacesNothing: (n, view) => !smallest.mayFit(view, { memoryMb: freeOnNode(spec, view, n).memoryMb, vcores: freeCpu(view, n) }, 0.0099),
    onJobSubmitted(j, view) {
      const template = view.job(j).template.name.toLowerCase();
      const r = known.get(template);
      jobRequirement.set(j, r ?? { map: spec.defaultRequirement, reduce: spec.defaultRequirement });
      if (!r && spec.learn) samples.set(j, { map: [], mapWall: [], reduce: [], reduceWall: [] });
    },
    onTaskFinished(task, counters, view) {
      const s = samples.get(view.jobOfTask(task));
      if (!s) return;
      if (counters.isReduce) {
        s.reduce.push(cpuRequirement(counters));
        s.reduceWall.push(counters.wallSeconds);
      } else {
        s.map.push(cpuRequirement(counters));
        s.mapWall.push(counters.wallSeconds);
      }
    },
    onJobFinished(j, view) {
      const s = samples.get(j);
      samples.delete(j);
      jobRequirement.delete(j);
      // Only a successful sample job's statistics are trusted (sec. 3.3.1).
      if (!s || !view.jobSucceeded(j)) return;
      const template = view.job(j).template.name.toLowerCase();
      if (known.has(template)) return;
      const analyse = (rs: number[], walls: number[]) =>
        rs.length === 0 || average(walls) < spec.minAnalysableSeconds ? spec.defaultRequirement : Math.ceil(average(rs));
      known.set(template, { map: analyse(s.map, s.mapWall), reduce: analyse(s.reduce, s.reduceWall) });
    },
    onHeartbeat(n: number, view: View) {
      if (view.pendingTasks() === 0 && view.appMastersAwaited() === 0) return;
      const most = spec.containersPerHeartbeat > 0 ? spec.containersPerHeartbeat : 4096;
      beat.n = n;
      beat.view = view;
      fillOneAtATime(most, queue, tryJob);
    },
    // The jobs in the Fair order (fewest running first), each with what its next task asks of the
    // node's CPU pool (eq. 3.2) and memory, beside what the pool has free here (eq. 3.1).
    scores(n, view) {
      const free = Math.round(freeCpu(view, n) * 100);
      const rows: ScoreRow[] = [];
      for (const j of onlyMasterHolders(spec, view) ? withAppMaster.current(view) : order(view)) {
        const candidate = nextCandidate(view, j, true);
        if (!candidate) continue;
        const master = candidate === 'its application master';
        const map = candidate === 'its next map';
        const req = jobRequirement.get(j) ?? { map: spec.defaultRequirement, reduce: spec.defaultRequirement };
        const cpu = master ? spec.amVcores * 100 : map ? req.map : req.reduce;
        const memory = master ? spec.amMemoryMb : taskMemory(spec, view, j, !map);
        rows.push({ candidate, job: view.job(j).id, values: [view.runningMaps(j) + view.runningReduces(j), cpu, free, memory] });
        if (rows.length === MOST_ROWS) break;
      }
      return {
        criteria: ['running tasks (the Fair order)', "CPU it asks (of a core's 100, eq. 3.2)", 'CPU free here (eq. 3.1)', 'memory it asks (MB)'],
        rows,
      };
    },
    // The node's CPU pool (eq. 3.1) against the job's requirement (eq. 3.2), memory, and the Fair order.
    explain(j, n, view) {
      const out: WhyNotReason[] = view.appMasterNode(j) < 0 ? amShareFull(spec, view) : [];
      const req = jobRequirement.get(j) ?? { map: spec.defaultRequirement, reduce: spec.defaultRequirement };
      const reduce = view.pendingMaps(j) === 0;
      const needMb = view.appMasterNode(j) < 0 ? spec.amMemoryMb : taskMemory(spec, view, j, reduce);
      const needCpu = view.appMasterNode(j) < 0 ? spec.amVcores : (reduce ? req.reduce : req.map) / 100;
      const free = freeOnNode(spec, view, n);
      const cpu = freeCpu(view, n);
      if (free.memoryMb < needMb || cpu < needCpu - 1e-9)
        out.push({
          kind: 'noContainerRoom',
          needMb,
          freeMb: Math.max(0, free.memoryMb),
          needVcores: Number(needCpu.toFixed(2)),
          freeVcores: Number(Math.max(0, cpu).toFixed(2)),
          holders: holdersOn(view, n, 'any'),
        });
      const r = view.runningMaps(j) + view.runningReduces(j);
      const rank = orderReason(view, order(view), j, `${r} running task${r === 1 ? '' : 's'}; it asks ${reduce ? req.reduce : req.map} of a core's 100`);
      if (rank) out.push(rank);
      return out;
    },
  };
}

export const fineGrainedCpuPlugin = definePlugin({
  capabilities: ['attempts'],
  description: fineGrainedCpuOptions,
  create: (spec) => fineGrainedCpuScheduler(spec),
  checkDesign: (spec, topology, jobs, limit) => containerFitProblems(spec, topology, jobs, limit),
  // A design that names no requirements takes the measured ones (eq. 3.5), pinned when the batch starts.
  pinProfiles: (spec, known) =>
    Object.keys(spec.requirements).length === 0 && Object.keys(known.cpuRequirements).length ? { ...spec, requirements: known.cpuRequirements } : spec,
});
