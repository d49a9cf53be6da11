import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { ClusterSpecSchema, type ClusterSpec } from '@shared/cluster/cluster';
import { ResultFileSchema, RunSummarySchema } from '@shared/experiment/experiment';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import { STUDIO_VERSION } from '@shared/api/version';
import { LAUNCH_REASON_KINDS } from '@shared/results/launchReason';
import { WorkloadSpecSchema, type WorkloadSpec } from '@shared/workload/workload';
import type { ResolvedRun } from '../matrix';
import type { RunOutcome } from '../runTask';

/**
 * What travels between a studio and its remote workers through Redis (docs/architecture.md,
 * "Runs on other machines"). A run is a pure function of its inputs, so only inputs and results
 * travel: a batch's clusters and workloads once each, compressed and named by their content; each
 * run as the names of those plus its scheduler, options and seed; its outcome compressed. Every
 * message carries the studio version, and every payload is checked with the same schemas as files.
 */

/** The version that must match: a run is reproduced only by the engine that defined it. */
export const PROTOCOL_VERSION = STUDIO_VERSION;

/** The most a decompressed input or outcome may be: a trace of 8 M tasks is far below it. */
export const MAX_PAYLOAD_BYTES = 1024 * 1024 * 1024;

/** How long an input stays in Redis once put there: long enough for any batch, then it goes by itself. */
export const INPUT_TTL_S = 7 * 24 * 3600;

export const inputKey = (queue: string, hash: string) => `workload-studio:${queue}:input:${hash}`;
export const cancelKey = (queue: string, batch: string) => `workload-studio:${queue}:cancel:${batch}`;

/** A value as compressed JSON, and the name of its content. */
export function packInput(value: ClusterSpec | WorkloadSpec): { hash: string; bytes: Buffer } {
  const json = JSON.stringify(value);
  return { hash: createHash('sha256').update(json).digest('hex'), bytes: gzipSync(json) };
}

function unpackJson(bytes: Buffer, what: string): unknown {
  let text: string;
  try {
    text = gunzipSync(bytes, { maxOutputLength: MAX_PAYLOAD_BYTES }).toString('utf8');
  } catch (err) {
    throw new Error(`${what} could not be decompressed (${(err as Error).message})`);
  }
  return JSON.parse(text);
}

export const unpackCluster = (bytes: Buffer) => ClusterSpecSchema.parse(unpackJson(bytes, 'the cluster'));
export const unpackWorkload = (bytes: Buffer) => WorkloadSpecSchema.parse(unpackJson(bytes, 'the workload'));

const hash = z.string().regex(/^[0-9a-f]{64}$/, 'must be a content hash');

/** A scheduler file a run needs: its name, and its bytes in Redis under their SHA-256 (inputKey). */
export const PluginOnQueueSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,200}$/, 'must be a plain file name')
    .refine((n) => !n.startsWith('.'), 'must not start with a dot'),
  sha256: hash,
});
export type PluginOnQueue = z.infer<typeof PluginOnQueueSchema>;

/** A scheduler file's bytes as they travel: compressed, named by the SHA-256 of the bytes themselves. */
export const packPlugin = (bytes: Buffer): Buffer => gzipSync(bytes);
export function unpackPlugin(bytes: Buffer, sha256: string): Buffer {
  const source = gunzipSync(bytes, { maxOutputLength: 16 * 1024 * 1024 });
  if (createHash('sha256').update(source).digest('hex') !== sha256)
    throw new Error(`the scheduler file in Redis is not the one the run names (SHA-256 ${sha256.slice(0, 12)}…)`);
  return source;
}

/** One run as a job of the queue. */
export const RemoteRunSchema = z.strictObject({
  version: z.string(),
  batch: z.string().min(1).max(200),
  index: z.number().int().min(0),
  cluster: hash,
  workload: hash,
  scheduler: SchedulerSpecSchema,
  simulation: SimulationOptionsSchema,
  seed: z.number().int(),
  plan: z.strictObject({
    index: z.number().int(),
    cluster: z.number().int(),
    workload: z.number().int(),
    scheduler: z.number().int(),
    seed: z.number().int(),
    label: z.string(),
    sweepValue: z.number().optional(),
  }),
  withAttempts: z.boolean(),
  timing: z.boolean(),
  /** The user allowed a run the estimate counts as large; the worker still refuses one past its own memory. */
  allowLarge: z.boolean().optional(),
  /** Scheduler files of the user's own the run needs (docs/plugins.md): each file's name, and its bytes in Redis under their SHA-256. */
  plugins: z.array(PluginOnQueueSchema).max(20).optional(),
});
export type RemoteRun = z.infer<typeof RemoteRunSchema>;

export function remoteRunOf(
  batch: string,
  run: ResolvedRun,
  keys: { cluster: string; workload: string },
  options: { withAttempts: boolean; timing: boolean; allowLarge?: boolean; plugins?: PluginOnQueue[] },
): RemoteRun {
  return {
    version: PROTOCOL_VERSION,
    batch,
    index: run.plan.index,
    cluster: keys.cluster,
    workload: keys.workload,
    scheduler: run.scheduler,
    simulation: run.simulation,
    seed: run.seed,
    plan: run.plan,
    ...options,
  };
}

const job = ResultFileSchema.shape.runs.element.shape.jobs.element;
const finiteOrNull = z.number().nullable();

/** A run's outcome as it comes back: what the store will keep, checked before it does. */
const OutcomeSchema = z.strictObject({
  summary: RunSummarySchema,
  profiles: ResultFileSchema.shape.runs.element.shape.profiles,
  aria: ResultFileSchema.shape.runs.element.shape.aria.unwrap(),
  mrClusters: ResultFileSchema.shape.runs.element.shape.mrClusters,
  jobs: z.array(job),
  blob: z.string(),
  reasons: z.array(z.string()),
  reasonKinds: z.array(z.enum(LAUNCH_REASON_KINDS)),
  idealSeconds: z.array(finiteOrNull),
  jobMaps: z.array(z.number().int().min(0)),
  jobReduces: z.array(z.number().int().min(0)),
  cancelled: z.boolean(),
  wallSeconds: z.number().optional(),
  schedulerMsPerCall: z.number().optional(),
  schedulerCalls: z.number().int().min(0),
  work: ResultFileSchema.shape.runs.element.shape.timing.unwrap().shape.work.unwrap(),
});

/** What a worker hands back: its version, and the outcome compressed. */
export const RemoteResultSchema = z.strictObject({ version: z.string(), outcome: z.string() });
export type RemoteResult = z.infer<typeof RemoteResultSchema>;

export function packOutcome(outcome: RunOutcome): RemoteResult {
  const json = JSON.stringify({ ...outcome, blob: Buffer.from(outcome.blob).toString('base64') });
  return { version: PROTOCOL_VERSION, outcome: gzipSync(json).toString('base64') };
}

/** The outcome a worker sent, checked as the store needs it; an error says what is wrong with it. */
export function unpackOutcome(value: unknown): RunOutcome {
  const result = RemoteResultSchema.parse(value);
  if (result.version !== PROTOCOL_VERSION)
    throw new Error(`the worker is Workload Studio ${result.version}, this studio ${PROTOCOL_VERSION}: its result cannot be taken`);
  const parsed = OutcomeSchema.safeParse(unpackJson(Buffer.from(result.outcome, 'base64'), 'the result'));
  if (!parsed.success)
    throw new Error(
      `the worker's result is not valid: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  const o = parsed.data;
  const { mrClusters, ...rest } = o;
  return { ...rest, blob: new Uint8Array(Buffer.from(o.blob, 'base64')), ...(mrClusters ? { mrClusters } : {}) };
}

/** Why a worker hands back a run it never started: its batch was cancelled first (the studio counts it as never started). */
export const NOT_STARTED = 'the batch was cancelled before the run started';

/** Progress a worker reports for its run. */
export const RemoteProgressSchema = z.strictObject({
  simTime: z.number(),
  events: z.number(),
  jobsDone: z.number(),
  jobsTotal: z.number(),
  live: z.record(z.string(), z.number()).optional(),
  /** The live-chart points since the last report (RunProgress.samples). */
  samples: z.array(z.strictObject({ t: z.number(), cpu: z.number(), running: z.number(), pending: z.number() })).optional(),
});
