import type { PreparedRun } from '../store/runPayload';
import type { LaunchReasonKind } from '@shared/results/launchReason';
import type { WorkCount } from '@shared/results/workCount';
import type { ResultFile } from '@shared/experiment/experiment';
import { summarize } from '../engine/measure/runSummary';
import type { EngineRunResult, SeriesSample } from '../engine/measure/engineResult';
import { simulate, type SimulationInput } from '../engine/run/kernel';
import { compileTopology } from '../engine/core/topology';
import { simulatedTimesAlone } from './timeAlone';
import { schedulerFor } from './schedulerFor';
import type { StoredRunResult } from '../store/storedRun';
import { compileJobs, expandJobs } from '../workloads/compile';
import type { ResolvedRun } from './matrix';
import { AttemptSpill } from './attemptSpill';
import { runBlob } from './runColumns';

type ResultRun = ResultFile['runs'][number];

/** What a finished run hands back: the result file's fields, plus its columns for the store. */
export interface RunOutcome {
  summary: ResultRun['summary'];
  profiles: ResultRun['profiles'];
  aria: NonNullable<ResultRun['aria']>;
  /** FAWKES runs: each MR-cluster's outcome. */
  mrClusters?: ResultRun['mrClusters'];
  jobs: ResultRun['jobs'];
  /** The stored columns, packed: time series always, per-attempt columns when asked for (runColumns.ts). */
  blob: Uint8Array;
  /** Interned decision reasons the attempt columns index. */
  reasons: string[];
  /** The kind of each of those reasons (shared/results/launchReason.ts). */
  reasonKinds: LaunchReasonKind[];
  /** Per job, in job order: ideal running time (for ANP), and its maps and reduces (tasks are numbered job by job). */
  idealSeconds: (number | null)[];
  jobMaps: number[];
  jobReduces: number[];
  cancelled: boolean;
  wallSeconds?: number;
  schedulerMsPerCall?: number;
  schedulerCalls: number;
  /** The run's work counts (engine/state/workCounters.ts). */
  work: WorkCount;
  /** The store's record of the run, built in the run's own thread when the batch is saved (RunAllOptions.record). */
  record?: PreparedRun;
}

/** What of a run's outcome goes into its row in the store (the columns go into the blob). */
export function storedResult(o: RunOutcome, kind: string): StoredRunResult {
  return {
    summary: o.summary,
    jobs: o.jobs,
    profiles: o.profiles,
    aria: o.aria,
    ...(o.mrClusters ? { mrClusters: o.mrClusters } : {}),
    reasons: o.reasons,
    reasonKinds: o.reasonKinds,
    kind,
    idealSeconds: o.idealSeconds,
    jobMaps: o.jobMaps,
    jobReduces: o.jobReduces,
  };
}

/** A running simulation's progress, every ~20,000 events. */
export interface RunProgress {
  simTime: number;
  events: number;
  jobsDone: number;
  jobsTotal: number;
  /** The cluster at that moment (utilisation, running and pending tasks), for live charts. */
  live?: SeriesSample;
  /**
   * The cluster at each progress check since the last message, oldest first (this one's last): a
   * worker sends a message at most every quarter second, and a fast run would otherwise give its
   * live charts a handful of points over a whole day.
   */
  samples?: LiveSample[];
}

/** One point of the live charts: CPU busy (0-1), tasks running and waiting, at a simulated time. */
export interface LiveSample {
  t: number;
  cpu: number;
  running: number;
  pending: number;
}

export const liveSample = (simTime: number, s: SeriesSample): LiveSample => ({
  t: simTime,
  cpu: s.cpu,
  running: s.runningMaps + s.runningShuffles + s.runningReduces,
  pending: s.pendingTasks,
});

export interface RunHooks {
  onProgress?: (p: RunProgress) => boolean | void;
  /** Measure wall time and scheduler time per call (then the outcome is not reproducible). */
  timing?: boolean;
  withAttempts?: boolean;
  /** The engine's full outcome, for callers that need more than the outcome (in-process only). */
  keep?: (raw: EngineRunResult) => void;
}

const nullIfNaN = (x: number) => (Number.isFinite(x) ? Number(x.toFixed(6)) : null);

/** Profiles with every number rounded like the rest of the file (stable text across platforms). */
function roundProfiles<T>(p: T): T {
  return JSON.parse(JSON.stringify(p, (_k, v) => (typeof v === 'number' ? Number(v.toFixed(6)) : v)));
}

/**
 * What the engine needs for one run: its cluster and the seed's jobs compiled, a fresh scheduler,
 * and the jobs' simulated times alone when deadlines are factors of them. Shared by the run and by
 * the why-not probe (whyNot.ts), which must replay the run exactly.
 */
export function simulationInput(run: ResolvedRun): SimulationInput {
  const topology = compileTopology(run.cluster);
  const jobs = compileJobs(expandJobs(run.workload, run.seed), run.cluster.hdfs.blockSizeMb);
  return {
    topology,
    jobs,
    options: run.simulation,
    seed: run.seed,
    scheduler: schedulerFor(run.scheduler, topology, run.simulation),
    // Deadlines given as factors of the time alone: that time simulated, so a job alone can meet them.
    ...(jobs.some((j) => j.deadlineFactor !== undefined) ? { timeAlone: simulatedTimesAlone(topology, jobs, run.simulation, run.seed) } : {}),
  };
}

/**
 * One run, start to end: compile the cluster and the seed's jobs, simulate, summarise. The same
 * function runs in a worker thread and in-process, so both give byte-identical results.
 */
export function runTask(run: ResolvedRun, hooks: RunHooks = {}): RunOutcome {
  const clock = hooks.timing ? () => performance.now() : undefined;
  const started = clock?.();
  // A saved run's attempts are compressed as it goes, so its memory does not grow with them.
  const spill = hooks.withAttempts ? new AttemptSpill() : undefined;
  const raw = simulate({
    ...simulationInput(run),
    options: { ...run.simulation, recordAttempts: run.simulation.recordAttempts && hooks.withAttempts !== false },
    clock,
    onProgress: hooks.onProgress,
    progressEvery: 20_000,
    attemptSink: spill,
  });
  hooks.keep?.(raw);
  const wall = clock && started !== undefined ? (clock() - started) / 1000 : undefined;
  return {
    summary: summarize(raw),
    profiles: roundProfiles(raw.profiles),
    aria: roundProfiles(raw.aria),
    ...(raw.mrClusters ? { mrClusters: raw.mrClusters } : {}),
    jobs: raw.jobs.map((j) => ({
      id: j.id,
      template: j.template,
      status: j.status,
      submit: nullIfNaN(j.submit),
      start: nullIfNaN(j.start),
      finish: nullIfNaN(j.finish),
      maps: j.maps,
      locality: j.locality,
      ...(j.deadline !== undefined ? { deadline: j.deadline } : {}),
    })),
    blob: runBlob(raw, spill),
    reasons: raw.reasons,
    reasonKinds: raw.reasonKinds,
    idealSeconds: raw.jobs.map((j) => nullIfNaN(j.idealSeconds)),
    jobMaps: raw.jobs.map((j) => j.maps),
    jobReduces: raw.jobs.map((j) => j.reduces),
    cancelled: raw.cancelled,
    schedulerCalls: raw.schedulerCalls,
    work: raw.work,
    ...(wall !== undefined
      ? {
          wallSeconds: Number(wall.toFixed(3)),
          schedulerMsPerCall: Number((((raw.schedulerSeconds ?? 0) * 1000) / Math.max(1, raw.schedulerCalls)).toFixed(6)),
        }
      : {}),
  };
}
