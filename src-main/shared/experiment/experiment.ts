import { fileVersion } from '../files/fileEnvelope';
import { NodeLossSchema } from '../results/nodeLosses';
import { OwnFiguresSchema } from '../results/ownFigures';
import { STOP_REASONS } from '../results/stopReasons';
import { z } from 'zod';
import { AriaTotalsSchema } from '../aria/totals';
import { MrClusterReportSchema } from '../cluster/mrClusters';
import { ClusterSpecSchema } from '../cluster/cluster';
import { AddedCardSchema, RecordedSchedulerSpecSchema, SchedulerSpecSchema } from '../schedulers';
import { SeedListSchema, SeedsSchema } from './seeds';
import { SimulationOptionsSchema, withFormerDefaults } from './simulation';
import { SweepSchema } from './sweep';
import { DeadlineRuleSchema, RecordedWorkloadSpecSchema, WorkloadSpecSchema } from '../workload/workload';
import { sweepProblems } from './sweepCheck';
import { designRuleProblems } from './designRules';
import { nameText } from '../files/controlCharacters';
import { TRACE_REPLAYS } from '../workload/imports';

/**
 * An experiment file (docs/experiment.schema.json): one cluster, one workload, the schedulers to
 * compare with their parameters, and the seeds. Cluster and workload may be inline or in files
 * (paths relative to the experiment file); a workload may also be a trace to replay.
 */
export const TraceRefSchema = z.strictObject({
  /** Read from the file's first lines when not given, as `workloads import` reads it. */
  format: z.enum(['swim', 'sls', 'rumen']).optional(),
  file: z.string().min(1),
  /** Replay only the first N jobs. */
  limit: z.number().int().min(1).optional(),
  /** How the trace's jobs get deadlines (default: what the file says, usually none). */
  deadlines: DeadlineRuleSchema.optional(),
  /** A Rumen trace's tasks priced from their bytes (default) or replaying their own times (`workloads import --replay`). */
  replay: z.enum(TRACE_REPLAYS).optional(),
});

/** A cluster or workload kept in a file of its own, named relative to the experiment file. */
export const FileRefSchema = z.strictObject({ file: z.string().min(1, 'must name the file') });
/** A workload replayed from a trace file. */
export const TraceWorkloadSchema = z.strictObject({ trace: TraceRefSchema });

/** The most characters an experiment's name may have. */
export const EXPERIMENT_NAME_MAX = 120;

/**
 * A scheduler file the experiment's schedulers need (docs/plugins.md): its path, relative to the
 * experiment file, the SHA-256 of the bytes it ran with and the version the file states. A run
 * loads it first and refuses a file whose bytes differ from the hash. A result made with
 * `run --embed-plugins` also carries the file's text, which a rerun then uses instead of a file.
 * It carries the scheduler's card as the designer showed it (title, options' labels), so the result
 * names its runs and settings in words where the file is not loaded; the card never runs anything.
 */
export const PluginRefSchema = z.strictObject({
  file: z.string().min(1, 'must name the file').max(1000),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'must be 64 hexadecimal digits (the SHA-256 a run printed)')
    .optional(),
  version: z.string().max(40, 'must be at most 40 characters').optional(),
  source: z.string().max(2_000_000, 'must be at most 2,000,000 characters').optional(),
  card: AddedCardSchema.optional(),
});
export type PluginRef = z.output<typeof PluginRefSchema>;

/**
 * An experiment, strict for what is to run, lenient for what a result recorded: a result written
 * before seeds listed twice, runs sharing a name, queue trees YARN refuses or cycles of job
 * dependencies were refused still opens, and a batch that ran one still exports.
 */
const experimentWith = (seeds: typeof SeedListSchema, strict: boolean) =>
  z
    .strictObject({
      format: z.literal('workload-studio.experiment').default('workload-studio.experiment'),
      name: nameText(EXPERIMENT_NAME_MAX),
      description: z.string().max(4000).default(''),
      cluster: z.union([ClusterSpecSchema, FileRefSchema]),
      workload: z.union([strict ? WorkloadSpecSchema : RecordedWorkloadSpecSchema, FileRefSchema, TraceWorkloadSchema]),
      schedulers: z
        .array(strict ? SchedulerSpecSchema : RecordedSchedulerSpecSchema)
        .min(1, 'name at least one scheduler')
        .max(50, 'at most 50 schedulers'),
      seeds: seeds.default([1]),
      // What a result recorded ran with a setting's former default where it lacks the setting (FORMER_DEFAULTS).
      simulation: strict ? SimulationOptionsSchema.default(SimulationOptionsSchema.parse({})) : z.preprocess(withFormerDefaults, SimulationOptionsSchema),
      /** One numeric parameter swept, as the designer's sweep (run labels carry the value). */
      sweep: SweepSchema.optional(),
      /** Scheduler files of the user's own the schedulers name (docs/plugins.md). */
      plugins: z.array(PluginRefSchema).max(20, 'at most 20 scheduler files').optional(),
    })
    .superRefine((e, ctx) => {
      // Every value of a sweep as the run it makes: a value its scheduler or the options refuse is named here, not after Run.
      for (const p of sweepProblems(e.schedulers, e.simulation, e.sweep)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
      if (strict) for (const c of designRuleProblems(e.schedulers, e.sweep)) ctx.addIssue({ code: 'custom', path: c.path, message: c.message });
    });

export const ExperimentSchema = experimentWith(SeedsSchema, true);
/** The experiment a result file recorded as it ran, or a stored batch ran: read as it is. */
export const RecordedExperimentSchema = experimentWith(SeedListSchema, false);

export type Experiment = z.output<typeof ExperimentSchema>;
export type ExperimentInput = z.input<typeof ExperimentSchema>;

const nullableNumber = z.number().nullable();

export const RunSummarySchema = z.strictObject({
  jobs: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  unfinished: z.number().int(),
  /** First submission to last finish, seconds. */
  makespan: z.number(),
  meanJct: z.number(),
  medianJct: z.number(),
  p95Jct: z.number(),
  throughputJobsPerHour: z.number(),
  utilization: z.strictObject({ cpu: z.number().min(0).max(1), memory: z.number().min(0), disk: z.number().min(0).max(1), network: z.number().min(0).max(1) }),
  /** Map attempts by locality level (maps without input are not counted). */
  locality: z.strictObject({ node: z.number().int(), server: z.number().int(), rack: z.number().int(), offRack: z.number().int() }),
  /** Mean of each job's ideal / actual running time (PRISM sec. 6, after Quincy). */
  meanAnp: z.number(),
  /** Coefficient of variation of ANP across jobs: lower is fairer. */
  unfairness: z.number(),
  /** Jain's fairness index of ANP: 1 when every job is slowed equally. */
  jainIndex: z.number(),
  /** Mean of actual / ideal running time. */
  meanSlowdown: z.number(),
  /** Share of jobs with a deadline that met it (null when no job has one). */
  deadlineHitRate: nullableNumber,
  failedAttempts: z.number().int(),
  killedAttempts: z.number().int(),
  schedulerCalls: z.number().int(),
  events: z.number().int(),
  simulatedSeconds: z.number(),
  /** Set when a stop rule ended the run: it could no longer progress, and its remaining jobs are unfinished (stopReasons.ts). */
  stopped: z.enum(STOP_REASONS).optional(),
  /** The nodes the run lost, in the order they died; absent when it lost none (nodeLosses.ts). */
  nodeLosses: z.array(NodeLossSchema).optional(),
  /** What a scheduler file's policy counted over the run, by its own names (its `report`; ownFigures.ts); absent for the built-ins. */
  ownFigures: OwnFiguresSchema.optional(),
});

const PhaseTotalsSchema = z.strictObject({
  count: z.number().int(),
  seconds: z.number(),
  cpuSeconds: z.number(),
  fsMb: z.number(),
  hdfsMb: z.number(),
  fetchMb: z.number(),
  memoryMb: z.number(),
});
const TaskTotalsSchema = z.strictObject({ count: z.number().int(), wallSeconds: z.number(), sumCpuRequirement: z.number() });

/** What finished tasks report, summed per template (the engine's measure/profiles.ts makes them): the input of job profiles. */
export type TemplateTotals = z.output<typeof TemplateTotalsSchema>;
/** Reported counters of finished tasks and phases, summed per template. */
export const TemplateTotalsSchema = z.strictObject({
  maps: TaskTotalsSchema,
  reduces: TaskTotalsSchema,
  phases: z.strictObject({ map: PhaseTotalsSchema, merge: PhaseTotalsSchema, shuffle: PhaseTotalsSchema, sort: PhaseTotalsSchema, reduce: PhaseTotalsSchema }),
});

export const ResultFileSchema = z.strictObject({
  format: z.literal('workload-studio.result'),
  version: fileVersion(1),
  experiment: z.string(),
  /**
   * The experiment as it ran, cluster and workload inlined: what a report needs to say how to
   * reproduce it. Absent in results written before it existed.
   */
  inputs: RecordedExperimentSchema.optional(),
  runs: z.array(
    z.strictObject({
      scheduler: z.string(),
      kind: z.string(),
      seed: z.number().int(),
      summary: RunSummarySchema,
      /**
       * Wall-clock measurements, only with `run --timing` (they differ between machines and runs),
       * and the run's work counts (deterministic; absent in results written before they existed).
       */
      timing: z
        .strictObject({
          wallSeconds: z.number(),
          schedulerCalls: z.number().int(),
          schedulerMsPerCall: z.number(),
          work: z
            .strictObject({
              events: z.number().int(),
              tasks: z.number().int(),
              heartbeats: z.number().int(),
              idleChecks: z.number().int().optional(),
              jobsExamined: z.number().int(),
              orderSorts: z.number().int(),
              orderComparisons: z.number().int(),
              attemptsScanned: z.number().int(),
              hostsRerated: z.number().int(),
            })
            .optional(),
        })
        .optional(),
      profiles: z.record(z.string(), TemplateTotalsSchema),
      /** ARIA stage durations and bytes per template (sec. 3.2); absent in results written before it existed. */
      aria: z.record(z.string(), AriaTotalsSchema).optional(),
      /** FAWKES: each MR-cluster's service level, resizing and size over time (Ghit et al. sec. 7); only for runs with several MR-clusters. */
      mrClusters: z.array(MrClusterReportSchema).optional(),
      /**
       * Which jobs the run simulated, when the file holds runs of more than one workload (a
       * comparison across history): runs of one seed pair only with equal job sets. Absent, every
       * run of a seed ran the same jobs.
       */
      jobSet: z.string().min(1).max(200).optional(),
      jobs: z.array(
        z.strictObject({
          id: z.string(),
          template: z.string(),
          status: z.enum(['succeeded', 'failed', 'unfinished']),
          submit: nullableNumber,
          start: nullableNumber,
          finish: nullableNumber,
          /** Absent in results written before it existed. */
          maps: z.number().int().min(0).optional(),
          /** Map attempts that read input, by where it was; absent in results written before it existed. */
          locality: z
            .strictObject({ node: z.number().int().min(0), server: z.number().int().min(0), rack: z.number().int().min(0), offRack: z.number().int().min(0) })
            .optional(),
          /** Its deadline, seconds after the run's start, when it had one (a deadline factor fixed at its submission). */
          deadline: z.number().optional(),
        }),
      ),
    }),
  ),
});

export type ResultFile = z.output<typeof ResultFileSchema>;
export type RunSummary = z.output<typeof RunSummarySchema>;
