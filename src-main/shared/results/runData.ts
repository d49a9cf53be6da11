import type { MrClusterReport } from '../cluster/mrClusters';
import type { RunStatus } from '../experiment/design';
import type { DecisionCount, DecisionKind } from './decisionCounts';
import type { JobLocalityCounts } from './jobLocality';

export interface DesignSummary {
  id: string;
  name: string;
  description: string;
  updatedAt: string;
  clusters: string[];
  workloads: string[];
  /** The saved clusters and workloads it names, by id (a delete says which designs it leaves without one). */
  clusterIds: string[];
  workloadIds: string[];
  schedulers: string[];
  seeds: number;
  /** Runs the design makes (countRuns). */
  plannedRuns: number;
  /** Runs of it in the history. */
  runs: number;
  /** Saved clusters or workloads the design names that no longer exist. */
  missing: string[];
}

export interface RunJob {
  id: string;
  template: string;
  status: 'succeeded' | 'failed' | 'unfinished';
  submit: number | null;
  start: number | null;
  finish: number | null;
  /** Running time alone on an idle cluster (PRISM's ideal); ANP = ideal / actual. */
  idealSeconds: number | null;
  /** Absent in runs saved before jobs carried them. */
  maps?: number;
  locality?: JobLocalityCounts;
}

export interface RunData {
  run: number;
  label: string;
  seed: number;
  jobs: RunJob[];
  series: {
    t: number[];
    cpu: number[];
    memory: number[];
    disk: number[];
    network: number[];
    runningMaps: number[];
    runningShuffles: number[];
    runningReduces: number[];
    pendingTasks: number[];
  };
  /** Per-attempt rows stored for this run (0 when attempts were not recorded). */
  attempts: number;
  /** Worker node names, by node index: filled when the Gantt was asked for (it labels its rows), empty otherwise. */
  nodes: string[];
  /** Attempts as bars for the Gantt chart: node index, start, phase ends (5 per attempt), kind 0 map / 1 reduce, outcome. */
  gantt: GanttData | null;
  /** Every attempt the run started, counted by the kind of its reason: read with the Gantt's attempts; null without them. */
  decisions: DecisionCount[] | null;
  /** FAWKES runs: each MR-cluster's outcome and its size and queue over time. */
  mrClusters?: MrClusterReport[];
}

export interface WhyAttempt {
  task: string;
  node: string;
  start: number;
  end: number | null;
  locality: string;
  outcome: string;
  speculative: boolean;
  reason: string;
  /** The reason's kind, for grouping (shared/results/decisionCounts.ts). */
  kind: DecisionKind;
}

export interface WhyRun {
  run: number;
  label: string;
  seed: number;
  status: RunStatus;
  /** The job in this run: its template and size (a generated job's are drawn from the seed), and its times. */
  job: {
    template: string;
    maps: number;
    reduces: number;
    submit: number | null;
    start: number | null;
    finish: number | null;
    status: string;
    waitedS: number | null;
  } | null;
  attempts: WhyAttempt[];
  /** False when the run did not keep attempt records (then only the job's times are known). */
  recorded: boolean;
}

export interface WhyAnswer {
  job: string;
  runs: WhyRun[];
}

/** The attempts a Gantt chart draws (services/ganttSample.ts says which), with what a hover names. */
export interface GanttData {
  node: number[];
  start: number[];
  end: number[];
  reduce: number[];
  outcome: number[];
  /** Index into RunData.jobs. */
  job: number[];
  /** The task's number within its job's maps or reduces (m3, r0). */
  task: number[];
  /** Five per bar: when each phase (map, merge, shuffle, sort, reduce) ended; null where it did not run. */
  phaseEnd: (number | null)[];
  /** The last end of any attempt of the run, drawn or not: the time axis reaches it. */
  spanS: number;
  sampling: { kept: number; of: number; every: number; longest: number };
}
