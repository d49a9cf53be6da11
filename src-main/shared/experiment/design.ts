import { z } from 'zod';
import { ClusterSpecSchema } from '../cluster/cluster';
import { PluginRefSchema, RunSummarySchema } from './experiment';
import { SchedulerSpecSchema } from '../schedulers';
import { simulationLabel } from './simulationLabels';
import { PinnedProfilesSchema } from './pinnedProfiles';
import { SeedsSchema } from './seeds';
import { SimulationOptionsSchema } from './simulation';
import { SweepSchema } from './sweep';
import { sweepProblems } from './sweepCheck';
import { designRuleProblems } from './designRules';
import { WorkloadSpecSchema } from '../workload/workload';
import { nameText } from '../files/controlCharacters';

/**
 * An experiment as designed in the app: saved clusters × saved workloads × schedulers (each with its
 * parameters) × seeds — a cartesian product, as OpenDC does — with an optional sweep over one
 * numeric parameter. Running it snapshots every input into a batch, so a past comparison can be
 * reopened exactly even after the clusters or workloads were edited.
 */
const id = z.string().uuid('must be a saved item id');

export { SweepSchema } from './sweep';

/**
 * How many runs a design or batch makes — the one formula (planBatch makes exactly this many):
 * clusters × workloads × seeds × the scheduler variants, where a scheduler sweep turns its one
 * scheduler into one variant per value and any other sweep repeats every scheduler per value.
 */
export function countRuns(d: { clusters: number; workloads: number; schedulers: number; seeds: number; sweep?: Pick<Sweep, 'target' | 'values'> }): number {
  const values = d.sweep?.values.length ?? 1;
  const variants = d.sweep?.target === 'scheduler' ? d.schedulers - 1 + values : d.schedulers * values;
  return d.clusters * d.workloads * d.seeds * variants;
}

/** How many runs a design makes (countRuns of its picks). */
export const designRunCount = (d: {
  clusterIds: readonly string[];
  workloadIds: readonly string[];
  schedulers: readonly unknown[];
  seeds: readonly number[];
  sweep?: Pick<Sweep, 'target' | 'values'>;
}): number =>
  countRuns({ clusters: d.clusterIds.length, workloads: d.workloadIds.length, schedulers: d.schedulers.length, seeds: d.seeds.length, sweep: d.sweep });

/** Most runs one design may make. */
export const MAX_RUNS = 2000;

export const ExperimentDesignSchema = z
  .strictObject({
    name: nameText(120),
    description: z.string().max(4000).default(''),
    clusterIds: z.array(id).min(1, 'pick at least one cluster').max(20),
    workloadIds: z.array(id).min(1, 'pick at least one workload').max(20),
    schedulers: z.array(SchedulerSpecSchema).min(1, 'add at least one scheduler').max(30),
    seeds: SeedsSchema,
    simulation: SimulationOptionsSchema.default(SimulationOptionsSchema.parse({})),
    sweep: SweepSchema.optional(),
    /** Profiles pinned at the first run or by "Refresh profiles"; absent until then. */
    profiles: PinnedProfilesSchema.optional(),
  })
  .superRefine((d, ctx) => {
    const sweep = d.sweep;
    if (sweep?.target === 'simulation' && typeof (d.simulation as Record<string, unknown>)[sweep.parameter] !== 'number') {
      ctx.addIssue({ code: 'custom', path: ['sweep', 'parameter'], message: `${simulationLabel(sweep.parameter)} is not a simulation option with a number` });
    }
    for (const p of sweepProblems(d.schedulers, d.simulation, sweep)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
    for (const c of designRuleProblems(d.schedulers, sweep)) ctx.addIssue({ code: 'custom', path: c.path, message: c.message });
    if (designRunCount(d) > MAX_RUNS) {
      ctx.addIssue({ code: 'custom', path: ['seeds'], message: 'more than 2,000 runs: use fewer seeds, schedulers or sweep values' });
    }
  });

export type ExperimentDesign = z.output<typeof ExperimentDesignSchema>;
export type ExperimentDesignInput = z.input<typeof ExperimentDesignSchema>;
export type Sweep = z.output<typeof SweepSchema>;

/** Everything a batch ran on, copied when it started. */
export const BatchInputsSchema = z.strictObject({
  clusters: z.array(
    z.strictObject({
      id: z.string().optional(),
      name: z.string(),
      spec: ClusterSpecSchema,
      /**
       * The schedulers as runs on this cluster use them, when they differ from `schedulers`: the
       * design pinned profiles measured on this cluster (MinEDF's ARIA profiles). Same order and kinds.
       */
      schedulers: z.array(SchedulerSpecSchema).optional(),
    }),
  ),
  workloads: z.array(z.strictObject({ id: z.string().optional(), name: z.string(), spec: WorkloadSpecSchema })),
  schedulers: z.array(SchedulerSpecSchema),
  seeds: z.array(z.number().int()),
  simulation: SimulationOptionsSchema,
  sweep: SweepSchema.optional(),
  /** The user's scheduler files the schedulers came from, by file name, with the hash and version they ran with (docs/plugins.md). */
  plugins: z.array(PluginRefSchema).max(20).optional(),
  /**
   * A comparison across history: the history entries its runs were copied from. Its clusters,
   * workloads and schedulers are those the runs used (a sweep already applied), and each run's
   * label names its configuration in full.
   */
  sources: z.array(z.strictObject({ id: z.string(), name: z.string(), createdAt: z.string(), simulation: SimulationOptionsSchema.optional() })).optional(),
});
export type BatchInputs = z.output<typeof BatchInputsSchema>;

/** One run of a batch: indices into the batch's inputs, and the value of the swept parameter. */
export interface RunPlan {
  index: number;
  cluster: number;
  workload: number;
  scheduler: number;
  seed: number;
  /** The run's name in comparisons: the scheduler's label, with the sweep value when there is one. */
  label: string;
  sweepValue?: number;
  /**
   * Which jobs the run simulated: two runs of one seed with the same job set ran the same jobs, so
   * they pair. Set on the runs of a comparison across history; absent, it is the batch's workload.
   */
  jobSet?: string;
  /** In a comparison across history: the index of the entry (inputs.sources) the run was copied from. */
  source?: number;
}

/** The job set a run simulated (RunPlan.jobSet): runs of one seed with equal job sets pair. */
export function jobSetOf(run: Pick<RunPlan, 'jobSet' | 'workload'>): string {
  return run.jobSet ?? `workload ${run.workload + 1}`;
}

/**
 * The name a run's configuration goes by in comparisons, reports and result files: the scheduler's
 * label, with the cluster and workload when the batch compares several of them.
 */
export function configurationLabel(
  inputs: Pick<BatchInputs, 'clusters' | 'workloads' | 'sources'>,
  run: Pick<RunPlan, 'label' | 'cluster' | 'workload'>,
): string {
  // A comparison across history named each run in full when it was made.
  if (inputs.sources) return run.label;
  const parts = [run.label];
  if (inputs.clusters.length > 1) parts.push(`on ${inputs.clusters[run.cluster]?.name ?? `cluster ${run.cluster + 1}`}`);
  if (inputs.workloads.length > 1) parts.push(`with ${inputs.workloads[run.workload]?.name ?? `workload ${run.workload + 1}`}`);
  return parts.join(' ');
}

/** `interrupted`: the process running it died before it ended (closed by the next process to open the store). */
export type RunStatus = 'queued' | 'running' | 'finished' | 'failed' | 'cancelled' | 'interrupted';

/** One stored run as a flat list shows it (the CLI's `runs list`): its batch, configuration, seed and headline numbers. */
export interface StoredRunRow {
  id: string;
  experiment: string;
  scheduler: string;
  seed: number;
  status: RunStatus;
  makespan: number | null;
  meanJct: number | null;
  createdAt: string;
  /** Size of the stored result. */
  blobBytes: number;
  /** Why a failed run failed, as the run history says it; null for any other. */
  error: string | null;
}

export interface BatchSummary {
  id: string;
  name: string;
  experimentId: string | null;
  tags: string[];
  status: 'running' | 'finished' | 'cancelled' | 'failed' | 'interrupted';
  runs: number;
  finished: number;
  failed: number;
  createdAt: string;
  finishedAt: string | null;
  clusters: string[];
  workloads: string[];
  schedulers: string[];
  /** The node failures its runs had, in a few words ("node failures: r1-h2 at 20 s"); null when none. */
  failures: string | null;
}

export interface BatchRun extends RunPlan {
  status: RunStatus;
  error: string | null;
  summary: z.output<typeof RunSummarySchema> | null;
  /** A cancelled run whose results up to the cancel were kept: shown apart, never in the statistics. */
  partial: boolean;
}

export interface BatchDetail extends BatchSummary {
  inputs: BatchInputs;
  plan: RunPlan[];
  results: BatchRun[];
  /** While it runs: what it waits on, in words (a queue no worker listens to). Never stored. */
  notice?: string;
}

export interface DesignRecord {
  id: string;
  name: string;
  spec: ExperimentDesign;
  createdAt: string;
  updatedAt: string;
}

/** Live progress of one run while its batch executes. */
export interface RunProgressEvent {
  batchId: string;
  run: number;
  /** `saving`: the run has ended and its result is being written to the store. */
  status: RunStatus | 'saving';
  simTime: number;
  events: number;
  eventsPerSecond: number;
  jobsDone: number;
  jobsTotal: number;
  /** Seconds of wall time left, from the share of jobs done; null until there is a basis. */
  etaS: number | null;
  /** The cluster at `simTime`, for the live charts: CPU busy (0-1), tasks running and waiting. */
  live?: { cpu: number; running: number; pending: number };
  /** Every state sampled since the last event (simulated time `t`), oldest first; the live charts draw them all. */
  samples?: { t: number; cpu: number; running: number; pending: number }[];
  error?: string;
}
