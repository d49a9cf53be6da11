import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { ClusterSpec } from '@shared/cluster/cluster';
import type { WorkloadSpec } from '@shared/workload/workload';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { z } from 'zod';
import { loadSchedulerFile } from '../pluginFile';
import { pluginTempDir } from '../pluginTemp';
import { runTasks } from '../batchEstimate';
import { RunPool } from '../runPool';
import type { RunOutcome } from '../runTask';
import type { QueueTarget } from './connection';
import { memoryShareMb, runRefusal } from './runLimits';
import {
  cancelKey,
  inputKey,
  NOT_STARTED,
  packOutcome,
  PluginOnQueueSchema,
  PROTOCOL_VERSION,
  RemoteRunSchema,
  unpackPlugin,
  unpackCluster,
  unpackWorkload,
  type RemoteResult,
  type RemoteRun,
} from './protocol';

export interface QueueWorkerOptions {
  target: QueueTarget;
  /** Runs at once in this process, each in a thread of its own. */
  concurrency: number;
  /** Seconds after which a silent worker's run counts as stalled and goes to another worker. */
  stallTimeoutS: number;
  /** One line per event worth a log: runs taken, finished, refused, and Redis out of reach. */
  log: (line: string) => void;
  /** Load the scheduler files a run needs from the studio (`--allow-plugins`): code that runs with this worker's rights. */
  allowPlugins?: boolean;
}

/** How often a running run looks for its batch's cancel. */
const CANCEL_POLL_MS = 500;
/** Clusters and workloads kept decompressed between runs of a batch. */
const INPUT_CACHE = 8;
/** Longest wait between two attempts to reach Redis. */
const MAX_BACKOFF_MS = 30_000;
/** How long stopping may wait for Redis to take back the runs in hand. */
const CLOSE_WAIT_MS = 10_000;

/**
 * A worker of a studio's queue (`workload-studio worker --queue …`): takes runs from Redis,
 * simulates each with this machine's engine in a thread, reports progress, and hands the outcome
 * back. It keeps no data folder. It refuses a run of another studio version (the run would not be
 * reproduced), a run whose inputs fail the studio's schemas, and a run past its limits (runLimits.ts:
 * large and not allowed, or past its memory) with the reason; a cancel of the run's batch stops
 * it where it is and hands back what it simulated.
 */
export async function startQueueWorker(options: QueueWorkerOptions): Promise<{ close(): Promise<void> }> {
  const { target, log } = options;
  // Shared by every connection BullMQ makes from these options: once stopping, none reconnects
  // (a connection that never came back would otherwise keep the process alive for ever).
  let stopping = false;
  const retryStrategy = (times: number) => (stopping ? null : Math.min(MAX_BACKOFF_MS, 250 * 2 ** Math.min(times, 10)));
  const connection = { ...target.connection, retryStrategy };
  const redis = new Redis(connection);
  const pool = new RunPool({ threads: options.concurrency });
  const inputs = new Map<string, ClusterSpec | WorkloadSpec>();
  /** Runs simulated here whose outcome the queue has not yet taken. */
  const finishing = new Set<string>();
  /** Runs whose lock this worker could not renew (said once each). */
  const lockLost = new Set<string>();
  let unreachable = false;
  const reached = () => {
    if (unreachable) log(`reached ${target.display} again`);
    unreachable = false;
  };
  const outOfReach = (err: Error) => {
    if (!unreachable) log(`cannot reach ${target.display} (${err.message}); retrying with backoff`);
    unreachable = true;
  };
  redis.on('error', outOfReach);
  redis.on('ready', reached);

  /** The scheduler files a run needs, fetched by hash, written in this process's plug-in folder (gone when it exits) and loaded; refused unless allowed. */
  async function plugins(wanted: unknown): Promise<void> {
    if (wanted === undefined) return;
    const listed = z.array(PluginOnQueueSchema).max(20).safeParse(wanted);
    if (!listed.success) throw new UnrecoverableError('the run names its scheduler files wrongly');
    if (listed.data.length === 0) return;
    const names = listed.data.map((p) => p.name).join(', ');
    if (!options.allowPlugins)
      throw new UnrecoverableError(
        `the run needs a scheduler of the user's own (${names}); this worker runs only the studio's schedulers: start it with --allow-plugins to run the code the studio sends (it runs with this worker's rights)`,
      );
    for (const p of listed.data) {
      const file = path.join(pluginTempDir(), p.sha256, p.name);
      if (!fs.existsSync(file)) {
        const bytes = await redis.getBuffer(inputKey(target.name, p.sha256));
        if (!bytes) throw new UnrecoverableError(`the scheduler file ${p.name} is no longer in Redis: run the batch again`);
        let source: Buffer;
        try {
          source = unpackPlugin(bytes, p.sha256);
        } catch (err) {
          throw new UnrecoverableError((err as Error).message);
        }
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, source);
      }
      try {
        const loaded = await loadSchedulerFile(file);
        if (loaded.sha256 !== p.sha256) throw new Error(`${p.name} on this machine is not the studio's (SHA-256 ${loaded.sha256.slice(0, 12)}…)`);
      } catch (err) {
        throw new UnrecoverableError(`the scheduler file ${p.name}: ${(err as Error).message}`);
      }
    }
  }

  async function input<T extends ClusterSpec | WorkloadSpec>(hash: string, unpack: (b: Buffer) => T): Promise<T> {
    const known = inputs.get(hash) as T | undefined;
    if (known) return known;
    const bytes = await redis.getBuffer(inputKey(target.name, hash));
    if (!bytes) throw new UnrecoverableError(`the batch's inputs are no longer in Redis (input ${hash.slice(0, 12)}…): run the batch again`);
    const value = unpack(bytes);
    inputs.set(hash, value);
    if (inputs.size > INPUT_CACHE) inputs.delete(inputs.keys().next().value!);
    return value;
  }

  const capacity = { memoryShareMb: memoryShareMb(os.totalmem(), options.concurrency), concurrency: options.concurrency };

  async function process(job: Job<RemoteRun, RemoteResult>): Promise<RemoteResult> {
    // A job put on the queue by hand may hold anything, null included.
    const data: unknown = job.data;
    if (data === null || typeof data !== 'object' || Array.isArray(data))
      throw new UnrecoverableError('the job is not a run of Workload Studio: it holds no run');
    const version = (job.data as { version?: unknown }).version;
    if (version !== PROTOCOL_VERSION)
      throw new UnrecoverableError(
        `this worker is Workload Studio ${PROTOCOL_VERSION} and cannot reproduce a run of ${typeof version === 'string' ? version : 'an unknown version'}: start a worker of the same version`,
      );
    // The run's own scheduler files first: its scheduler names their kind.
    await plugins((job.data as { plugins?: unknown }).plugins);
    const parsed = RemoteRunSchema.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(
        `the run is not valid: ${parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')}`,
      );
    const r = parsed.data;
    let cluster: ClusterSpec;
    let workload: WorkloadSpec;
    try {
      cluster = await input(r.cluster, unpackCluster);
      workload = await input(r.workload, unpackWorkload);
    } catch (err) {
      if (err instanceof UnrecoverableError) throw err;
      throw new UnrecoverableError(`the batch's inputs are not valid: ${(err as Error).message}`);
    }
    let refused: string | undefined;
    try {
      refused = runRefusal({ tasks: runTasks(cluster, workload, r.seed), scheduler: r.scheduler.kind, allowLarge: r.allowLarge === true }, capacity);
    } catch (err) {
      refused = `the run's workload does not compile: ${(err as Error).message}`;
    }
    if (refused) {
      log(`run ${job.id} ${refused}`);
      throw new UnrecoverableError(refused);
    }
    log(`took run ${job.id} (${r.plan.label}, seed ${r.seed})`);
    const stop = new AbortController();
    const poll = setInterval(() => {
      redis.exists(cancelKey(target.name, r.batch)).then(
        (n) => n > 0 && stop.abort(),
        () => undefined,
      );
    }, CANCEL_POLL_MS);
    let outcome: RunOutcome | undefined;
    let failure: Error | undefined;
    try {
      await pool.runAll(
        [{ plan: r.plan, cluster, workload, scheduler: r.scheduler, simulation: r.simulation, seed: r.seed }],
        { withAttempts: r.withAttempts, timing: r.timing, signal: stop.signal, progressMs: 500 },
        {
          onProgress: (_i, p) => void job.updateProgress(p).catch(() => undefined),
          onDone: (_i, o) => void (outcome = o),
          onError: (_i, err) => void (failure = err),
        },
      );
    } finally {
      clearInterval(poll);
    }
    if (failure) {
      log(`run ${job.id} failed: ${failure.message}`);
      throw failure;
    }
    if (!outcome) throw new UnrecoverableError(NOT_STARTED);
    // "finished" is said once the queue has taken the outcome ('completed' below): a worker starved
    // past its lock (a busy machine) may have lost the run to another, which then finishes it.
    if (outcome.cancelled) log(`stopped run ${job.id}`);
    else finishing.add(job.id!);
    return packOutcome(outcome);
  }

  const worker = new Worker<RemoteRun, RemoteResult>(target.name, process, {
    connection,
    concurrency: options.concurrency,
    lockDuration: options.stallTimeoutS * 1000,
    stalledInterval: options.stallTimeoutS * 1000,
    // A run whose worker died goes to another; one that stalls again and again is failed.
    maxStalledCount: 3,
  });
  worker.on('completed', (job) => {
    lockLost.delete(job.id!);
    if (finishing.delete(job.id!)) log(`finished run ${job.id}`);
  });
  worker.on('error', (err) => {
    // Its lock expired while it ran (the process got no time to renew it): the queue gave the run
    // to another worker, whose outcome is the one kept; this one's is dropped. BullMQ says so when
    // the lock can no longer be renewed, and again when the outcome is refused: "Missing lock" if
    // the other worker has finished the run, "Lock mismatch" while it still holds it. None of these
    // means the queue is out of reach.
    const renewal = /^could not renew lock for job (\S+)$/.exec(err.message);
    if (renewal) {
      // BullMQ retries the renewal every few seconds: say it once per run.
      if (!lockLost.has(renewal[1]))
        log(`run ${renewal[1]}: this worker could not renew its lock within ${options.stallTimeoutS} s; another worker may take the run over`);
      lockLost.add(renewal[1]);
      return;
    }
    // Its record is gone from Redis (restarted without its data, or flushed) while it ran here:
    // nobody waits for this outcome any more, and Redis is reachable, so this is no fault of reach.
    const missing = /^Missing key for job (\S+)\./.exec(err.message);
    if (missing) {
      finishing.delete(missing[1]);
      lockLost.delete(missing[1]);
      log(`run ${missing[1]}: job lost: its record is gone from Redis (restarted without its data?); its outcome here is dropped`);
      return;
    }
    const lost = /^(?:Missing lock|Lock mismatch) for job (\S+)\. /.exec(err.message);
    if (!lost) return outOfReach(err);
    finishing.delete(lost[1]);
    lockLost.delete(lost[1]);
    log(`run ${lost[1]} went to another worker: this one did not renew its lock within ${options.stallTimeoutS} s; its outcome here is dropped`);
  });
  worker.on('ready', reached);
  await worker.waitUntilReady().catch(outOfReach);
  log(`waiting for runs on ${target.display} (Workload Studio ${PROTOCOL_VERSION}, ${options.concurrency} at a time)`);
  return {
    async close() {
      stopping = true;
      // Handing back the runs in hand needs Redis: one known to be out of reach is not waited for,
      // and one that stops answering gets CLOSE_WAIT_MS; then the worker leaves without them (the
      // queue gives them to another worker once they stall). Known out of reach, bullmq's close may
      // still end at once or not, so the words would depend on timing: they are said at once.
      let timer: NodeJS.Timeout | undefined;
      const handedBack =
        !unreachable && (await Promise.race([worker.close().then(() => true), new Promise<false>((r) => (timer = setTimeout(() => r(false), CLOSE_WAIT_MS)))]));
      clearTimeout(timer);
      if (!handedBack) {
        log(`stopping without handing back the runs in hand: ${target.display} is out of reach; the queue gives them to another worker once they stall`);
        // Neither is awaited: both wait for Redis too.
        void worker.close(true).catch(() => undefined);
        void worker.disconnect().catch(() => undefined);
      }
      await pool.close();
      redis.disconnect();
    },
  };
}
