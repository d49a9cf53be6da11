import type { WhyNotAnswer } from '../results/whyNot';
import { z } from 'zod';
import { PlannerCheckSchema, type PlannerCheckResult } from '../aria/check';
import { AriaProfileSchema, NAMED_PROFILE_NAME, type NamedAriaProfile } from '../aria/profile';
import type { AriaMeasurement } from '../aria/measurements';
import type { StoredScalingRun } from '../aria/scaling';
import { ClusterSpecSchema } from '../cluster/cluster';
import { QueueCheckSchema, QueuePasswordSchema, SettingsSchema, type QueueCheck, type SettingsView } from './settings';
import type { BatchEstimate } from '../experiment/runEstimate';
import type { FieldProblem } from './validation';
import { UniformClusterSchema } from '../cluster/clusterGenerator';
import type { CHANNEL_NAMES, EVENT_NAMES } from './channels';
import { ExperimentDesignSchema, type BatchDetail, type BatchSummary, type DesignRecord, type RunProgressEvent, type StoredRunRow } from '../experiment/design';
import { MAX_EXPERIMENT_FILE_BYTES, type ExperimentImportPreview } from '../experiment/experimentFile';
import { TRACE_FORMATS, TRACE_REPLAYS, type ImportFile, type ImportPreview } from '../workload/imports';
import { REPORT_FORMATS, type ExportedFile } from '../results/resultFile';
import type { ReproduceEntry } from '../results/reproductions';
import type { DesignSummary, RunData, WhyAnswer } from '../results/runData';
import type { ClusterRecord, ClusterSummary, KeptCopy, StoreStatus, WorkloadRecord, WorkloadSummary } from './records';
import { PhaseProfileSchema, type ProfileStore, type StoredProfile, type TemplateInfo } from '../workload/templates';
import { DeadlineRuleSchema, WorkloadSpecSchema, type JobSpec } from '../workload/workload';
import type { AddedCard, BuiltInCard } from '../schedulers/addedCard';
import { SchedulerSpecSchema } from '../schedulers';
import { YARN_CONFIG_FORMATS, type YarnConfigRead } from '../schedulers/yarnConfigFile';
import type { PluginAdded, PluginEntry } from '../schedulers/pluginList';
import { nameText } from '../files/controlCharacters';

/**
 * The one API of the studio. Every transport (Electron IPC, loopback HTTP, the CLI) carries exactly
 * these channels, validated by these schemas, answered by one handler table in src-main/services.
 * Channel names are `domain:verb`; verbs are narrow (no generic file or database access).
 */

interface ChannelDef<Req extends z.ZodType, Res> {
  request: Req;
  /** Phantom: carries the response type, never read at run time. */
  response: Res;
}
const channel =
  <Res>() =>
  <Req extends z.ZodType>(request: Req): ChannelDef<Req, Res> => ({ request, response: undefined as Res });

const id = z.string().uuid('must be a cluster id');
const workloadId = z.string().uuid('must be a workload id');
const experimentId = z.string().uuid('must be an experiment id');
const batchId = z.string().uuid('must be a run history id');
/** An import file token handed out by `imports:pickFile` or the upload endpoint. */
const fileToken = z.string().regex(/^[\w-]{16,64}$/, 'must be an import file token');
const expectedUpdatedAt = z.string().datetime({ message: 'must be the updatedAt the editor loaded' }).optional();
const newName = nameText(80);
/** An experiment file's text; traces inlined in one can run to tens of megabytes. */
const experimentText = z
  .string()
  .min(1, 'the file is empty')
  .max(MAX_EXPERIMENT_FILE_BYTES, `an experiment file is at most ${MAX_EXPERIMENT_FILE_BYTES / 2 ** 20} MB`);
/** A result file's text: every job of every run, so a large trace compared over seeds runs to tens of megabytes. */
const resultText = z
  .string()
  .min(1, 'the file is empty')
  .max(60 * 1024 * 1024, 'a result file is at most 60 MB');
const nothing = z.strictObject({});
/** A paper preset by its file name in resources/presets: a name, never a path. */
const presetFile = z.string().regex(/^[\w-]+\.experiment\.json$/, 'must be a preset file name such as prism-puma.experiment.json');
/** Cluster files are small even for 2,000 servers; this cap stops a wrong file early. */
export const MAX_IMPORT_CHARS = 32_000_000;

export const contract = {
  'clusters:list': channel<ClusterSummary[]>()(nothing),
  'clusters:get': channel<ClusterRecord>()(z.strictObject({ id })),
  'clusters:create': channel<ClusterRecord>()(z.strictObject({ spec: ClusterSpecSchema })),
  'clusters:generate': channel<ClusterRecord>()(z.strictObject({ params: UniformClusterSchema })),
  'clusters:rename': channel<ClusterRecord>()(z.strictObject({ id, name: newName })),
  'clusters:duplicate': channel<ClusterRecord>()(z.strictObject({ id, name: newName.optional() })),
  'clusters:delete': channel<{ id: string }>()(z.strictObject({ id })),
  /** Our cluster file, or a YARN SLS node file (`sls`). */
  'clusters:export': channel<{ fileName: string; content: string }>()(z.strictObject({ id, as: z.enum(['json', 'sls']).default('json') })),
  'clusters:import': channel<ClusterRecord>()(
    z.strictObject({
      content: z
        .string()
        .min(1, 'the file is empty')
        .max(MAX_IMPORT_CHARS, `the file is larger than ${MAX_IMPORT_CHARS / 1e6} MB`),
      /** Name for the new cluster instead of the one in the file; made unique like any import. */
      name: newName.optional(),
      /** The file's name: names a cluster from a format that carries none (SLS node files). */
      fileName: z.string().max(255).optional(),
    }),
  ),
  'clusters:update': channel<ClusterRecord>()(z.strictObject({ id, spec: ClusterSpecSchema, expectedUpdatedAt })),
  /** Put a deleted cluster back under its id, as the newest run that used it copied it (batches:keptCopies). */
  'clusters:restore': channel<ClusterRecord>()(z.strictObject({ id })),
  'workloads:list': channel<WorkloadSummary[]>()(nothing),
  'workloads:get': channel<WorkloadRecord>()(z.strictObject({ id: workloadId })),
  'workloads:create': channel<WorkloadRecord>()(z.strictObject({ spec: WorkloadSpecSchema })),
  'workloads:update': channel<WorkloadRecord>()(z.strictObject({ id: workloadId, spec: WorkloadSpecSchema, expectedUpdatedAt })),
  'workloads:rename': channel<WorkloadRecord>()(z.strictObject({ id: workloadId, name: newName })),
  'workloads:duplicate': channel<WorkloadRecord>()(z.strictObject({ id: workloadId, name: newName.optional() })),
  'workloads:delete': channel<{ id: string }>()(z.strictObject({ id: workloadId })),
  /** Put a deleted workload back under its id, as the newest run that used it copied it (batches:keptCopies). */
  'workloads:restore': channel<WorkloadRecord>()(z.strictObject({ id: workloadId })),
  /**
   * Our workload file, its jobs as CSV, or a trace for YARN's Scheduler Load Simulator (`sls`: task
   * durations and nodes from each job run alone on `cluster`, the generator expanded with `seed`).
   */
  'workloads:export': channel<{ fileName: string; content: string }>()(
    z
      .strictObject({
        id: workloadId,
        as: z.enum(['json', 'csv', 'sls']).default('json'),
        cluster: id.optional(),
        seed: z
          .number()
          .int()
          .min(0)
          .max(2 ** 31 - 1)
          .default(1),
      })
      .refine((x) => x.as !== 'sls' || x.cluster !== undefined, { message: 'an SLS trace needs the cluster its jobs run on', path: ['cluster'] }),
  ),
  /** The concrete jobs a workload gives for a seed (generator expanded), for the editor's preview. */
  'workloads:expand': channel<{ jobs: JobSpec[]; total: number }>()(
    z.strictObject({
      spec: WorkloadSpecSchema,
      seed: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1)
        .default(1),
      limit: z.number().int().min(1).max(200_000).default(50_000),
    }),
  ),
  'workloads:templates': channel<TemplateInfo[]>()(nothing),
  /** The built-in schedulers, as cards the designer turns into menu entries (src-main/schedulers/builtInCard.ts), in menu order. */
  'schedulers:builtIn': channel<BuiltInCard[]>()(nothing),
  /** Schedulers added beside the built-ins (src-main/schedulers/added/, and plug-in files), as cards the designer turns into menu entries. */
  'schedulers:added': channel<AddedCard[]>()(nothing),
  /** The lines a scheduler's card shows under its options, which may read its settings (FAWKES' re-balancing gap). */
  'schedulers:notes': channel<readonly string[]>()(z.strictObject({ spec: SchedulerSpecSchema })),
  /** A cluster's capacity-scheduler.xml or Fair Scheduler allocation file as a card (src-main/clusters/yarnConfig). */
  'schedulers:importYarnConfig': channel<YarnConfigRead>()(
    z.strictObject({
      content: z
        .string()
        .min(1, 'the file is empty')
        .max(16 * 1024 * 1024, 'the file is larger than 16 MB'),
    }),
  ),
  /** The scheduler files the user added to this studio (docs/plugins.md): loaded, or why not. */
  'schedulers:plugins': channel<PluginEntry[]>()(nothing),
  /** Keep a scheduler file in the data folder and offer it (a plug-in is code that runs with the user's rights). */
  'schedulers:addPlugin': channel<PluginAdded>()(
    z.strictObject({
      fileName: z.string().min(1, 'must name the file').max(255),
      content: z
        .string()
        .min(1, 'the file is empty')
        .max(2 * 1024 * 1024, 'the file is larger than 2 MB'),
    }),
  ),
  /** Stop loading a kept scheduler file (from the next start). */
  'schedulers:removePlugin': channel<PluginEntry[]>()(z.strictObject({ sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256') })),
  /** A Capacity card as capacity-scheduler.xml, a Fair card as an allocation file. */
  'schedulers:exportYarnConfig': channel<{ fileName: string; content: string }>()(
    z.strictObject({ card: SchedulerSpecSchema, format: z.enum(YARN_CONFIG_FORMATS) }),
  ),
  'profiles:list': channel<ProfileStore>()(nothing),
  'profiles:save': channel<StoredProfile>()(z.strictObject({ template: z.string().min(1, 'must name a template'), phases: PhaseProfileSchema })),
  /** ARIA profiles the user names and keeps (the planner's "Save as"). */
  'planner:saveProfile': channel<NamedAriaProfile>()(
    z.strictObject({
      template: z.string().min(1, 'must name a template'),
      name: NAMED_PROFILE_NAME,
      profile: AriaProfileSchema,
      replace: z.boolean().default(false),
    }),
  ),
  'planner:deleteProfile': channel<{ removed: boolean }>()(z.strictObject({ template: z.string().min(1, 'must name a template'), name: NAMED_PROFILE_NAME })),
  /** History entries that measured a template with reduces, one per entry and cluster, newest first: what a scaling fit can use. */
  'planner:scalingRuns': channel<StoredScalingRun[]>()(z.strictObject({ template: z.string().min(1, 'must name a template') })),
  /** What each history entry measured of each template, per cluster: the planner's measured profiles come from the entries picked. */
  'planner:measurements': channel<AriaMeasurement[]>()(nothing),
  /** Simulate chosen (map, reduce) slot points of the planner on a saved cluster (ARIA Fig. 7-8). */
  'planner:check': channel<PlannerCheckResult>()(PlannerCheckSchema),
  'profiles:delete': channel<{ template: string; removed: boolean }>()(z.strictObject({ template: z.string().min(1, 'must name a template') })),
  /** Main's open-file dialog; answers a token for the chosen file, never its path. */
  'imports:pickFile': channel<ImportFile | { cancelled: true }>()(z.strictObject({ purpose: z.literal('workload') })),
  'workloads:importPreview': channel<ImportPreview>()(
    z.strictObject({
      file: fileToken,
      format: z.enum(TRACE_FORMATS).optional(),
      allowLarge: z.boolean().optional(),
      /** A Rumen trace's tasks from their bytes (default) or their own times; other formats have one reading. */
      replay: z.enum(TRACE_REPLAYS).optional(),
    }),
  ),
  'workloads:importCancel': channel<{ cancelled: boolean }>()(z.strictObject({ file: fileToken })),
  'workloads:importConfirm': channel<WorkloadRecord>()(
    z.strictObject({
      file: fileToken,
      name: newName.optional(),
      skipProblems: z.boolean().default(false),
      deadlines: DeadlineRuleSchema.default({ kind: 'keep' }),
    }),
  ),
  'experiments:list': channel<DesignSummary[]>()(nothing),
  'experiments:get': channel<DesignRecord>()(z.strictObject({ id: experimentId })),
  'experiments:create': channel<DesignRecord>()(z.strictObject({ spec: ExperimentDesignSchema })),
  'experiments:update': channel<DesignRecord>()(z.strictObject({ id: experimentId, spec: ExperimentDesignSchema, expectedUpdatedAt })),
  'experiments:duplicate': channel<DesignRecord>()(z.strictObject({ id: experimentId })),
  'experiments:delete': channel<{ id: string }>()(z.strictObject({ id: experimentId })),
  /** Pin the profile store's current profiles into the design (an explicit "Refresh profiles"). */
  'experiments:refreshProfiles': channel<DesignRecord>()(z.strictObject({ id: experimentId, expectedUpdatedAt })),
  /** A design as self-contained experiment files (one per cluster × workload), with its pinned profiles in the schedulers. */
  'experiments:export': channel<{ files: { fileName: string; content: string }[] }>()(z.strictObject({ id: experimentId })),
  /** What an experiment file would import (problems by line and field); nothing is stored. */
  'experiments:importPreview': channel<ExperimentImportPreview>()(z.strictObject({ fileName: z.string().min(1).max(260), text: experimentText })),
  /** Import an experiment file as a new cluster, workload and design (free names; nothing is overwritten). */
  'experiments:importConfirm': channel<DesignRecord>()(
    z.strictObject({ fileName: z.string().min(1).max(260), text: experimentText, name: nameText(120).optional() }),
  ),
  /** Start a design's batch; a large one (shared/experiment/runEstimate.ts) only with allowLarge. */
  'experiments:run': channel<BatchSummary>()(z.strictObject({ id: experimentId, name: newName.optional(), allowLarge: z.boolean().optional() })),
  /** What the design's runs would fail on, from its saved clusters and workloads: shown beside the cards, Run stays off. */
  'experiments:check': channel<{ problems: FieldProblem[]; estimate: BatchEstimate }>()(z.strictObject({ spec: ExperimentDesignSchema })),
  'batches:list': channel<BatchSummary[]>()(nothing),
  /** Every stored run of every batch, oldest batch first (the CLI's `runs list`). */
  'runs:list': channel<StoredRunRow[]>()(nothing),
  'batches:get': channel<BatchDetail>()(z.strictObject({ id: batchId })),
  /** Which of these clusters and workloads the run history keeps a copy of, the newest each (ids no run used are left out). */
  'batches:keptCopies': channel<{ clusters: KeptCopy[]; workloads: KeptCopy[] }>()(
    z.strictObject({ clusterIds: z.array(id).max(100), workloadIds: z.array(workloadId).max(100) }),
  ),
  /** The deleted clusters and workloads whose only copy this history entry keeps (its delete dialog says so). */
  'batches:lastCopies': channel<{ clusters: KeptCopy[]; workloads: KeptCopy[] }>()(z.strictObject({ id: batchId })),
  'batches:cancel': channel<{ cancelled: boolean }>()(z.strictObject({ id: batchId })),
  /** Run what a cancelled, interrupted or failed batch has not finished, into the same batch. */
  'batches:resume': channel<BatchSummary>()(z.strictObject({ id: batchId })),
  'batches:rename': channel<BatchSummary>()(z.strictObject({ id: batchId, name: newName })),
  'batches:tag': channel<BatchSummary>()(
    z.strictObject({
      id: batchId,
      tags: z.array(z.string().trim().min(1, 'a tag must not be empty').max(40, 'a tag is at most 40 characters')).max(20, 'at most 20 tags'),
    }),
  ),
  'batches:delete': channel<{ id: string }>()(z.strictObject({ id: batchId })),
  /** One run's jobs and time series (and the size of its attempt records), for the charts. */
  'batches:runData': channel<RunData>()(z.strictObject({ id: batchId, run: z.number().int().min(0), gantt: z.boolean().default(false) })),
  /** One job across every run of a batch: when it waited, where its tasks ran, and why. */
  'batches:why': channel<WhyAnswer>()(z.strictObject({ id: batchId, job: z.string().min(1, 'name a job') })),
  /**
   * A batch as a result file (what `run --out` writes): its finished runs and, for one cluster × one
   * workload, the experiment they ran; `withSchedulerText` puts the text of each scheduler file of
   * the user's own in it beside its hash.
   */
  'batches:exportResult': channel<{ fileName: string; content: string }>()(z.strictObject({ id: batchId, withSchedulerText: z.boolean().optional() })),
  /** A batch's report in one format: HTML, PDF, every table and series as CSV, or JSON. */
  'batches:report': channel<{ files: ExportedFile[] }>()(
    z.strictObject({ id: batchId, format: z.enum(REPORT_FORMATS), baseline: z.string().min(1).max(200).optional() }),
  ),
  /** Open a result file as a new entry of the run history, compared without running anything. */
  'batches:openResult': channel<BatchSummary>()(z.strictObject({ fileName: z.string().min(1).max(260), text: resultText })),
  /**
   * Why a job got nothing on each node around a moment of one run: the run replayed up to then
   * with that job traced (docs/model.md "Why not").
   */
  'batches:whyNot': channel<WhyNotAnswer>()(
    z.strictObject({ id: batchId, run: z.number().int().min(0), job: z.string().min(1).max(200), at: z.number().min(0, 'must be 0 s or later').max(1e9) }),
  ),
  /** Stops the batch's why-not replay in progress (its request answers `cancelled`); false when none was running. */
  'batches:whyNotCancel': channel<{ cancelled: boolean }>()(z.strictObject({ id: batchId })),
  /**
   * Runs of several run history entries (all of each, or some by run index) as one comparison: a
   * new entry of copies, paired where the runs ran the same jobs and by Welch's test where not.
   */
  'batches:compare': channel<BatchSummary>()(
    z.strictObject({
      members: z
        .array(z.strictObject({ id: batchId, runs: z.array(z.number().int().min(0)).min(1, 'pick at least one run of each entry').max(5000).optional() }))
        .min(2, 'pick at least two run history entries')
        .max(50, 'at most 50 run history entries'),
      name: newName.optional(),
    }),
  ),
  /** The experiment a batch ran (one opened from a result file included) as a design in Experiments: the saved one if it is already there. */
  'batches:openExperiment': channel<DesignRecord>()(z.strictObject({ id: batchId })),
  /** Each paper's claim, the presets that mirror it, and the studio's latest run of each beside the paper's numbers. */
  'reproduce:list': channel<ReproduceEntry[]>()(nothing),
  /** Run a paper preset: at reduced size (its first seed) or full size; the batch joins the run history. */
  'reproduce:run': channel<BatchSummary>()(z.strictObject({ file: presetFile, size: z.enum(['reduced', 'full']) })),
  /** A paper preset as a design in Experiments (the same design again if it was opened before and not changed). */
  'reproduce:open': channel<DesignRecord>()(z.strictObject({ file: presetFile })),
  /** The guided first run: a sample cluster, workload and experiment, saved under free names. */
  'studio:sample': channel<{ clusterId: string; workloadId: string; experimentId: string }>()(nothing),
  'store:status': channel<StoreStatus>()(nothing),
  'store:restoreBackup': channel<StoreStatus>()(z.strictObject({ name: z.string().regex(/^[\w.-]+\.sqlite$/, 'must be a backup file name') })),
  'app:openExternal': channel<{ opened: boolean }>()(z.strictObject({ url: z.string().url('must be a URL') })),
  /** This machine's settings (a file beside the store) with its core count. */
  'settings:get': channel<SettingsView>()(nothing),
  'settings:update': channel<SettingsView>()(SettingsSchema),
  /** Keep the queue's password in the system keychain (this session's memory under `serve`), or forget it. */
  'settings:queuePassword': channel<SettingsView>()(QueuePasswordSchema),
  /** Whether a queue's Redis answers, with the password the studio keeps, and how many workers listen on it now. */
  'settings:checkQueue': channel<QueueCheck>()(QueueCheckSchema),
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type RequestOf<C extends Channel> = z.input<Contract[C]['request']>;
export type ParsedRequestOf<C extends Channel> = z.output<Contract[C]['request']>;
export type ResponseOf<C extends Channel> = Contract[C]['response'];

export const CHANNELS = Object.keys(contract) as Channel[];

// Compile-time proof that the dependency-free allowlist and the contract name the same channels.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const channelListMatches: Same<(typeof CHANNEL_NAMES)[number], Channel> = true;
const eventListMatches: Same<(typeof EVENT_NAMES)[number], EventName> = true;
void channelListMatches;
void eventListMatches;

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(contract, name);
}

/** Events pushed from main to every window; same payloads on every transport. */
export interface EventPayloads {
  /** Something in the store changed (possibly by another process, e.g. the CLI). */
  'store:changed': { domain: 'clusters' | 'workloads' | 'profiles' | 'experiments' | 'batches' | 'store'; ids?: string[] };
  /** A run of a batch started, progressed, finished or failed. */
  'experiments:progress': RunProgressEvent;
  /** What a running batch waits on, in words (a queue no worker listens to); null once it no longer does. */
  'experiments:notice': { batchId: string; notice: string | null };
  /** A workload import reading its file. */
  'import:progress': { file: string; bytesRead: number; bytes: number };
  /**
   * A long export or open at work: `about` is the batch being exported or the result file's name;
   * `step` says in words what it is doing, `done` of `total` steps.
   */
  'files:progress': { about: string; step: string; done: number; total: number };
}
export type EventName = keyof EventPayloads;

export interface PushEvent<E extends EventName = EventName> {
  event: E;
  payload: EventPayloads[E];
}
