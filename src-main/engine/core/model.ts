/**
 * What the engine simulates, fully resolved: templates are coefficients, jobs are numbers.
 * src-main/workloads turns user-facing specs (templates by name, generators, traces) into this.
 */

/** A benchmark's resource profile per MB of data, at a reference core (coreSpeed 1). */
export interface TemplateCoefficients {
  name: string;
  /** Dominant resource, as the papers classify the job. */
  kind: 'cpu' | 'io';
  /** Map CPU-seconds per input MB, and per task regardless of input (JVM start, Pi's sampling). */
  mapCpuSPerMb: number;
  mapCpuSPerTask: number;
  /** Map output MB per input MB (0 for map-only jobs that write nothing). */
  mapSelectivity: number;
  /** MB a map writes without reading input (TeraGen); goes to HDFS for map-only jobs. */
  mapWriteMbPerTask: number;
  /** Map CPU-seconds per MB generated without input (TeraGen's rows): scales with a job's output. */
  mapCpuSPerWriteMb: number;
  /** CPU-seconds per MB in the merge/spill and sort phases. */
  sortCpuSPerMb: number;
  reduceCpuSPerMb: number;
  reduceCpuSPerTask: number;
  /** Reduce output MB per shuffled MB. */
  reduceSelectivity: number;
  mapMemoryMb: number;
  reduceMemoryMb: number;
  /** Reduces when a job does not say: round(maps · reducesPerMap), at least minReduces (0 = map-only). */
  reducesPerMap: number;
  minReduces: number;
  /** Coefficient of variation of per-task work (log-normal factor with mean 1). */
  taskCv: number;
  /** Skew of reduce partitions: partition weights ∝ 1 / rank^skew (0 = even). */
  skew: number;
  /** Where the numbers come from (paper, table). */
  source: string;
}

export interface EngineJob {
  id: string;
  template: TemplateCoefficients;
  submit: number;
  inputMb: number;
  maps: number;
  reduces: number;
  queue: string;
  /** Absolute deadline, seconds after the start of the run. */
  deadline?: number;
  /** Deadline as this factor × the job's time alone on the cluster, counted from its submission (jobAlone.ts). */
  deadlineFactor?: number;
  /** Indices of jobs that must finish first; the job is submitted at max(submit, their finish). */
  dependsOn: number[];
  /** Trace overrides (MB for the whole job). */
  shuffleMb?: number;
  outputMb?: number;
  /** The MR-cluster (FAWKES sec. 3) the job is submitted to; its input lives on that MR-cluster's core nodes. */
  mrCluster?: string;
  /** Seconds beyond its tasks (set-up, commit, clean-up): added to its finish, holding no slot. */
  setupCommitS?: number;
  /**
   * Each map's (reduce's) own time from a trace, in task order, repeating: the kind's CPU per task
   * is shared out in these proportions in place of the template's variation (JobSpec.mapSeconds).
   */
  mapSeconds?: readonly number[];
  reduceSeconds?: readonly number[];
}

export const enum TaskState {
  Pending = 0,
  Running = 1,
  Done = 2,
  /** The job failed or was killed; the task will not run. */
  Dead = 3,
}

export const enum PhaseKind {
  Map = 0,
  Merge = 1,
  Shuffle = 2,
  Sort = 3,
  Reduce = 4,
}
export const PHASE_NAMES = ['map', 'merge', 'shuffle', 'sort', 'reduce'] as const;
