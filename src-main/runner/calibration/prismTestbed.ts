import { ClusterSpecSchema, type ClusterSpec } from '@shared/cluster/cluster';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { SimulationOptionsSchema, type SimulationOptions } from '@shared/experiment/simulation';
import type { Experiment } from '@shared/experiment/experiment';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { compileTopology, type Topology } from '../../engine/core/topology';
import { simulate } from '../../engine/run/kernel';
import type { EngineJob } from '../../engine/core/model';
import { compileJobs, expandJobs } from '../../workloads/compile';
import { templateByName } from '../../workloads/benchmarkTemplates';
import { outsideTasksSeconds, PRISM_MEASURED_JOBS, PRISM_TESTBED, type MeasuredJob } from '../../models/calibration/prismJobTable';
import { shuffleForReduceSeconds, splitForMapSeconds } from '../../models/calibration/taskSizesFromTimes';
import { schedulerFor } from '../schedulerFor';
import { jobProfiles, mergeTotals } from '@shared/workload/jobProfiles';

/** Seeds every calibration figure is the mean of. */
export const CALIBRATION_SEEDS = [1, 2, 3] as const;

/** One job alone on the testbed: the paper's measured times beside the model's (means over the seeds). */
export interface JobCalibrationRow {
  measured: MeasuredJob;
  /** The data the job was given: a preset's own, or priced from the measured task times. */
  size: JobSize;
  mapSeconds: number;
  reduceSeconds: number;
  jobSeconds: number;
}

/** A sort job's map stage over map slots per node (PRISM Figs. 6-7), each seed's time. */
export interface SlotSweepRow {
  mapSlots: number;
  mapStageSeconds: number[];
  jobSeconds: number[];
}

/** A job's data: its input, and its shuffle when not the template's selectivity times the input. */
export interface JobSize {
  inputMb: number;
  shuffleMb?: number;
  /** Set-up and commit added to its finish (JobSpec.setupCommitS); absent: none. */
  setupCommitS?: number;
}

export interface TestbedSetting {
  /** Fair's hand-out: Hadoop 0.20.2's one map and one reduce a heartbeat when false. */
  assignMultiple: boolean;
  taskDiskMBps?: number;
  /** Absent: the simulation's default. */
  diskThrashing?: number;
  /** Each measured job's data (by id); absent: priced from its measured map and reduce times. */
  sizes?: Record<string, JobSize>;
  /** Price each job's time outside its tasks from its measured job time (prismJobTable.ts outsideTasksSeconds). */
  setupCommit?: boolean;
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * A PRISM preset's cluster and the data its job types are given: per measured job whose template
 * the preset's generator draws, the input and shuffle of a job with the paper's map count.
 */
export function presetParts(experiment: Experiment): { cluster: ClusterSpec; sizes: Record<string, JobSize> } {
  const { cluster, workload } = experiment;
  if ('file' in cluster || !('jobs' in workload))
    throw new Error(`${experiment.name}: a calibration reads a preset whose cluster and workload are written in it`);
  const sizes: Record<string, JobSize> = {};
  for (const entry of workload.generate?.mix ?? []) {
    const measured = PRISM_MEASURED_JOBS.find((m) => m.template === entry.template);
    if (!measured) continue;
    sizes[measured.id] = {
      inputMb: (entry.inputMbPerMap ?? cluster.hdfs.blockSizeMb) * measured.maps,
      ...(entry.shuffleMbPerMap !== undefined ? { shuffleMb: entry.shuffleMbPerMap * measured.maps } : {}),
      ...(entry.setupCommitS !== undefined ? { setupCommitS: entry.setupCommitS } : {}),
    };
  }
  return { cluster, sizes };
}

/** The testbed's hardware is the PRISM preset's cluster; this is the one a calibration runs on. */
export function prismTestbedTopology(cluster: ClusterSpec): Topology {
  return compileTopology(ClusterSpecSchema.parse(cluster));
}

function fairAt(mapSlots: number, setting: TestbedSetting) {
  return SchedulerSpecSchema.parse({
    kind: 'fair',
    mapSlots,
    reduceSlots: PRISM_TESTBED.reduceSlots,
    nodeLocalityWaitS: 0,
    rackLocalityWaitS: 0,
    assignMultiple: setting.assignMultiple,
  });
}

function optionsFor(setting: TestbedSetting): SimulationOptions {
  return SimulationOptionsSchema.parse({
    heartbeatS: 3,
    recordAttempts: true,
    ...(setting.taskDiskMBps ? { taskDiskMBps: setting.taskDiskMBps } : {}),
    ...(setting.diskThrashing !== undefined ? { diskThrashing: setting.diskThrashing } : {}),
  });
}

/** The measured job as the engine runs it (one job list, so the seed draws only task variation). */
function engineJob(m: MeasuredJob, size: JobSize, blockSizeMb: number, seed: number): EngineJob {
  const workload = WorkloadSpecSchema.parse({
    name: m.id,
    jobs: [{ id: m.id, template: m.template, submit: 0, ...size, maps: m.maps, reduces: m.reduces }],
  });
  return compileJobs(expandJobs(workload, seed), blockSizeMb)[0];
}

/** Mean successful map and reduce attempt times and the job's time, one run. */
function runAlone(topology: Topology, job: EngineJob, mapSlots: number, setting: TestbedSetting, seed: number) {
  const options = optionsFor(setting);
  const r = simulate({ topology, jobs: [job], options, seed, scheduler: schedulerFor(fairAt(mapSlots, setting), topology, options) });
  const rec = r.records;
  const maps: number[] = [];
  const reduces: number[] = [];
  for (let i = 0; i < rec.length; i++) {
    if (rec.outcome[i] !== 0) continue;
    (rec.task[i] < job.maps ? maps : reduces).push(rec.end[i] - rec.start[i]);
  }
  return { map: mean(maps), reduce: reduces.length ? mean(reduces) : 0, job: r.jobs[0].finish, mapStage: r.jobs[0].mapEnd };
}

/**
 * A measured job's data under `setting`: the split whose map takes the measured map time alone,
 * and the shuffle whose reduce takes the measured reduce time alone, both whole MB.
 */
export function sizeFor(m: MeasuredJob, topology: Topology, setting: TestbedSetting): JobSize {
  const given = setting.sizes?.[m.id];
  if (given !== undefined) return given;
  const template = templateByName(m.template)!;
  const pace = setting.taskDiskMBps ?? Infinity;
  const split = splitForMapSeconds(template, m.reduces, m.mapSeconds, topology, pace);
  if (split === null) throw new Error(`no input split gives ${m.id}'s measured map time of ${m.mapSeconds} s`);
  const shuffle = shuffleForReduceSeconds(template, m.maps, m.reduces, m.reduceSeconds, topology, pace);
  if (shuffle === null) throw new Error(`no shuffle gives ${m.id}'s measured reduce time of ${m.reduceSeconds} s`);
  return { inputMb: Math.round(split * m.maps), shuffleMb: Math.round(shuffle), ...(setting.setupCommit ? { setupCommitS: outsideTasksSeconds(m) } : {}) };
}

/** PRISM Tables 1-2: each measured job alone at 8/6 slots under `setting`, against the paper. */
export function jobCalibration(cluster: ClusterSpec, setting: TestbedSetting): JobCalibrationRow[] {
  const topology = prismTestbedTopology(cluster);
  return PRISM_MEASURED_JOBS.map((m) => {
    const size = sizeFor(m, topology, setting);
    const runs = CALIBRATION_SEEDS.map((seed) => runAlone(topology, engineJob(m, size, cluster.hdfs.blockSizeMb, seed), PRISM_TESTBED.mapSlots, setting, seed));
    return {
      measured: m,
      size,
      mapSeconds: mean(runs.map((r) => r.map)),
      reduceSeconds: mean(runs.map((r) => r.reduce)),
      jobSeconds: mean(runs.map((r) => r.job)),
    };
  });
}

/** Map slots per node PRISM sec. 6.1 swept (Figs. 6-7: two too few, twelve too many, eight best). */
export const SWEPT_MAP_SLOTS = [2, 4, 6, 8, 10, 12, 16] as const;
/** The sweep's sort: ten map waves at 8 slots a node on ten nodes, so slots per node, not the job's width, decide. */
export const SWEEP_MAPS = 800;

/** A sort's map stage and job time over map slots per node (PRISM Figs. 6-7), under `setting`. */
export function slotSweep(cluster: ClusterSpec, setting: TestbedSetting): SlotSweepRow[] {
  const topology = prismTestbedTopology(cluster);
  const sort = PRISM_MEASURED_JOBS.find((m) => m.id === 'sort')!;
  const shape: MeasuredJob = { ...sort, maps: SWEEP_MAPS, reduces: PRISM_TESTBED.reduceSlots * topology.nodeCount };
  // The sort's own split and shuffle per map, over many more maps.
  const one = sizeFor(sort, topology, setting);
  const scale = SWEEP_MAPS / sort.maps;
  const size: JobSize = { ...one, inputMb: one.inputMb * scale, ...(one.shuffleMb !== undefined ? { shuffleMb: one.shuffleMb * scale } : {}) };
  return SWEPT_MAP_SLOTS.map((mapSlots) => {
    const runs = CALIBRATION_SEEDS.map((seed) => runAlone(topology, engineJob(shape, size, cluster.hdfs.blockSizeMb, seed), mapSlots, setting, seed));
    return { mapSlots, mapStageSeconds: runs.map((r) => r.mapStage), jobSeconds: runs.map((r) => r.job) };
  });
}

/** A PRISM card's phase-level profiles (PRISM sec. 4, Fig. 8): per template, per phase, what it used. */
export type PrismPhaseProfiles = Record<string, Partial<Record<'map' | 'merge' | 'shuffle' | 'sort' | 'reduce', PhaseRatesOfProfile>>>;
type PhaseRatesOfProfile = { cpuCores: number; memoryMb: number; localDiskMBps: number; hdfsMBps: number; shuffleMBps: number };

/**
 * What PRISM sec. 6.1 did before its runs: each job profiled alone, phase by phase, at the slot
 * counts found best (8 map / 6 reduce), its run-time use of CPU, memory, disk and network recorded.
 * Here each measured job runs alone on the testbed over the calibration seeds and the phases'
 * reported counters are pooled (shared/workload/jobProfiles.ts); the PRISM presets pin the result.
 */
export function prismPhaseProfiles(cluster: ClusterSpec, setting: TestbedSetting): PrismPhaseProfiles {
  const topology = prismTestbedTopology(cluster);
  const options = { ...optionsFor(setting), recordAttempts: false };
  const totals = PRISM_MEASURED_JOBS.flatMap((m) => {
    const size = sizeFor(m, topology, setting);
    return CALIBRATION_SEEDS.map((seed) => {
      const job = engineJob(m, size, cluster.hdfs.blockSizeMb, seed);
      const scheduler = schedulerFor(fairAt(PRISM_TESTBED.mapSlots, setting), topology, options);
      return simulate({ topology, jobs: [job], options, seed, scheduler }).profiles;
    });
  });
  const out: PrismPhaseProfiles = {};
  for (const p of jobProfiles(mergeTotals(totals))) {
    const phases: PrismPhaseProfiles[string] = {};
    for (const [name, phase] of Object.entries(p.phases)) {
      if (phase === null) continue;
      const { cpuCores, memoryMb, localDiskMBps, hdfsMBps, shuffleMBps } = phase;
      phases[name as keyof typeof p.phases] = { cpuCores, memoryMb, localDiskMBps, hdfsMBps, shuffleMBps };
    }
    out[p.template] = phases;
  }
  return out;
}
