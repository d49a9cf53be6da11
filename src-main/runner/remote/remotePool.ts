import * as path from 'node:path';
import * as fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ResolvedRun } from '../matrix';
import type { RunAllOptions, RunCallbacks, SimulationPool } from '../runPool';
import type { RunOutcome, RunProgress } from '../runTask';
import type { QueueTarget } from './connection';
import { HandOver } from '../handOver';
import { redactRedisUrls } from '@shared/api/redisUrl';
import { estimateRun, policyCostKey } from '@shared/experiment/runEstimate';
import { runTasks } from '../batchEstimate';
import { QueueWatch } from './queueWatch';
import { WorkerPresence } from './workerPresence';
import {
  cancelKey,
  INPUT_TTL_S,
  inputKey,
  NOT_STARTED,
  packInput,
  packPlugin,
  remoteRunOf,
  RemoteProgressSchema,
  unpackOutcome,
  type RemoteRun,
} from './protocol';
import { pluginsFor } from '../pluginFile';

/** How long a cancel stays visible to workers: longer than any run takes to notice it. */
const CANCEL_TTL_S = 24 * 3600;
/** How often the batch's unfinished jobs are looked for in Redis (queueWatch.ts). */
const WATCH_INTERVAL_MS = 2000;
/** How long Redis may stay out of reach before the batch's unfinished runs count as lost. */
const UNREACHABLE_LIMIT_MS = 120_000;
/** How often, while runs wait, the queue is asked whether any worker listens (workerPresence.ts). */
const WORKER_CHECK_MS = 5000;
/** How long runs may wait on a queue without a worker before the batch says so. */
const NO_WORKER_GRACE_MS = 10_000;
/** How long closing the batch's connections may wait for Redis. */
const CLOSE_WAIT_MS = 5000;

/**
 * BullMQ and its Redis client, loaded the first time a batch goes to a queue: they take about a
 * third of the CLI's start-up, and most commands (and most of the app's sessions) never use a queue.
 */
async function queueLibraries() {
  const [{ Queue, QueueEvents }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
  return { Queue, QueueEvents, Redis };
}

/** The queue's Redis could not be reached before any run was sent: the message says where and why. */
export class QueueUnreachableError extends Error {}

/**
 * Runs a batch on other machines (issue "Sweeps beyond one machine"): each run becomes a job of a
 * BullMQ queue in Redis, taken by any `workload-studio worker` pointed at the same queue, which
 * simulates it with the same engine and sends its progress and outcome back. The batch's clusters
 * and workloads travel once, compressed and named by their content; the store stays here, and an
 * outcome is recorded once, when its job completes. A cancel takes waiting runs off the queue and
 * tells workers to stop running ones, which hand back what they simulated (marked cancelled).
 */
export class RemotePool implements SimulationPool {
  /** Remote workers run as many at once as there are; here nothing runs. */
  readonly threads = 0;
  readonly inProcess = false;

  /**
   * `log`: what the batch's side says of Redis faults (out of reach, back, runs lost); the CLI
   * prints it, serve logs it. `unreachableLimitMs`: how long Redis may stay out of reach
   * (UNREACHABLE_LIMIT_MS; shorter in tests).
   */
  constructor(
    private readonly target: QueueTarget,
    private readonly log: (line: string) => void = (line) => console.warn(line),
    private readonly unreachableLimitMs: number = UNREACHABLE_LIMIT_MS,
  ) {}

  async runAll(runs: ResolvedRun[], options: RunAllOptions, callbacks: RunCallbacks = {}): Promise<{ cancelled: boolean }> {
    if (options.signal?.aborted || runs.length === 0) return { cancelled: Boolean(options.signal?.aborted) };
    const { connection, name } = this.target;
    const batch = randomUUID();
    const { Queue, QueueEvents, Redis } = await queueLibraries();
    const redis = new Redis({ ...connection, lazyConnect: true });
    const queue = new Queue<RemoteRun>(name, { connection });
    const events = new QueueEvents(name, { connection });
    // The watch's own connection fails at once while Redis is out of reach instead of queueing
    // commands until it is back, so the watch can tell how long it has been away.
    const probe = new Redis({
      ...connection,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: (n) => Math.min(2000, 200 * n),
    });
    // Every connection has an error listener: a fault is said once, in words, never as ioredis's
    // "Unhandled error event" stack trace; each connection reconnects by itself.
    const reach = this.reachability();
    for (const c of [redis, probe]) {
      c.on('error', reach.lost);
      c.on('ready', reach.back);
    }
    queue.on('error', reach.lost);
    events.on('error', reach.lost);
    // Every run waits on the events (and the queue's closing) at once: not a leak.
    events.setMaxListeners(runs.length + 16);
    queue.setMaxListeners(runs.length + 16);
    try {
      await this.reachedWithin(Promise.all([redis.connect(), probe.connect(), queue.waitUntilReady(), events.waitUntilReady()]), reach.lastError);
      const jobs = await this.enqueue(redis, queue, batch, runs, options);
      reach.sent();
      const runLimitMs = (i: number) => {
        let tasks = 0;
        try {
          tasks = runTasks(runs[i].cluster, runs[i].workload, runs[i].seed);
        } catch {
          /* a run that does not compile fails on its worker, long before any limit */
        }
        return 20 * estimateRun({ tasks, scheduler: policyCostKey(runs[i].scheduler) }).seconds * 1000 + 600_000;
      };
      return await this.follow(
        redis,
        events,
        { probe, jobKey: (id) => queue.toKey(id), runLimitMs, workers: () => queue.getWorkersCount() },
        batch,
        jobs,
        options,
        callbacks,
      );
    } finally {
      // A clean close waits for Redis; one out of reach gets CLOSE_WAIT_MS, then the sockets are dropped.
      await closeWithin(CLOSE_WAIT_MS, [events, queue]);
      redis.disconnect();
      probe.disconnect();
    }
  }

  /**
   * The batch's connections ready, or an error in words once Redis has stayed out of reach
   * `unreachableLimitMs` (as a batch already on the queue would end): no run was sent.
   */
  private async reachedWithin(ready: Promise<unknown>, lastError: () => string | undefined): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const unreachable = (why: string) =>
      new QueueUnreachableError(`cannot reach ${this.target.display} (${why}): no run was sent to its workers; is Redis running there?`);
    try {
      await Promise.race([
        ready.catch((err: unknown) => {
          throw unreachable(lastError() ?? (err instanceof Error ? redactRedisUrls(err.message) : String(err)));
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(unreachable(`${lastError() ?? 'no answer'}, for ${this.unreachableLimitMs / 1000} s`)), this.unreachableLimitMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Each distinct cluster and workload once (a day's trace is not sent once per run), then the runs. */
  private async enqueue(redis: Redis, queue: Queue<RemoteRun>, batch: string, runs: ResolvedRun[], options: RunAllOptions): Promise<Job<RemoteRun>[]> {
    const keyOf = new Map<object, string>();
    for (const value of runs.flatMap((r) => [r.cluster, r.workload])) {
      if (keyOf.has(value)) continue;
      const { hash, bytes } = packInput(value);
      keyOf.set(value, hash);
      await redis.set(inputKey(this.target.name, hash), bytes, 'EX', INPUT_TTL_S);
    }
    // The user's scheduler files go once each, by the hash of their bytes; workers load them only when allowed (--allow-plugins).
    const used = pluginsFor(runs.map((r) => r.scheduler.kind));
    const plugins = used.map((p) => ({ name: path.basename(p.file), sha256: p.sha256 }));
    for (const p of used) await redis.set(inputKey(this.target.name, p.sha256), packPlugin(fs.readFileSync(p.file)), 'EX', INPUT_TTL_S);
    const data = runs.map((run) =>
      remoteRunOf(
        batch,
        run,
        { cluster: keyOf.get(run.cluster)!, workload: keyOf.get(run.workload)! },
        {
          withAttempts: options.withAttempts,
          timing: Boolean(options.timing),
          ...(options.allowLarge ? { allowLarge: true } : {}),
          ...(plugins.length ? { plugins } : {}),
        },
      ),
    );
    // One attempt: a run that throws fails alone, as it would here. A worker that dies is another
    // matter: BullMQ finds its job stalled and hands it to another worker.
    return queue.addBulk(
      data.map((d, i) => ({
        name: 'run',
        data: d,
        opts: { jobId: `${batch}.${i}`, attempts: 1, removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } },
      })),
    );
  }

  /**
   * Says once when Redis goes out of reach and once when it is back, whichever connection noticed.
   * Before the runs are on the queue (`sent`), the batch does not wait out the limit: the first
   * connection gives up on its own retries, usually within seconds, and the batch fails saying why.
   */
  private reachability(): { lost: (err: Error) => void; back: () => void; lastError: () => string | undefined; sent: () => void } {
    let away = false;
    let sent = false;
    let last: string | undefined;
    return {
      lastError: () => last,
      sent: () => (sent = true),
      lost: (err) => {
        last = redactRedisUrls(err.message);
        if (!away)
          this.log(
            `cannot reach ${this.target.display} (${last}); ${sent ? `waiting for it (the batch ends if it stays away ${this.unreachableLimitMs / 1000} s)` : 'trying again before any run is sent'}`,
          );
        away = true;
      },
      back: () => {
        if (away) this.log(`reached ${this.target.display} again`);
        away = false;
      },
    };
  }

  private async follow(
    redis: Redis,
    events: QueueEvents,
    watchOn: { probe: Redis; jobKey: (id: string) => string; runLimitMs: (i: number) => number; workers: () => Promise<number> },
    batch: string,
    jobs: Job<RemoteRun>[],
    options: RunAllOptions,
    callbacks: RunCallbacks,
  ): Promise<{ cancelled: boolean }> {
    const indexOf = new Map(jobs.map((j, i) => [j.id!, i]));
    // A job Redis lost (or that outran its limit) ends its wait with the reason.
    const lost = jobs.map(() => {
      let resolve!: (reason: string) => void;
      const promise = new Promise<{ lost: string }>((r) => (resolve = (reason) => r({ lost: reason })));
      return { promise, resolve };
    });
    const watch = new QueueWatch(
      {
        probe: watchOn.probe,
        jobKey: watchOn.jobKey,
        display: this.target.display,
        intervalMs: WATCH_INTERVAL_MS,
        unreachableLimitMs: this.unreachableLimitMs,
        runLimitMs: (id) => watchOn.runLimitMs(indexOf.get(id) ?? 0),
      },
      (id, reason) => {
        const i = indexOf.get(id);
        if (i === undefined || options.signal?.aborted) return;
        this.log(`run ${i + 1} (${jobs[i].data.plan.label}, seed ${jobs[i].data.seed}) is lost: ${reason}`);
        lost[i].resolve(reason);
      },
    );
    watch.start(jobs.map((j) => j.id!));
    const started = new Set<number>();
    /** Runs no worker has taken yet, nor has the batch given up on. */
    const waiting = new Set(jobs.keys());
    const presence = new WorkerPresence(
      { count: watchOn.workers, waiting: () => waiting.size, display: this.target.display, intervalMs: WORKER_CHECK_MS, graceMs: NO_WORKER_GRACE_MS },
      (notice) => {
        if (notice) this.log(notice);
        callbacks.onNotice?.(notice);
      },
    );
    presence.start();
    const start = (i: number) => {
      waiting.delete(i);
      if (started.has(i)) return;
      started.add(i);
      callbacks.onStart?.(i);
    };
    events.on('active', ({ jobId }) => {
      const i = indexOf.get(jobId);
      if (i === undefined) return;
      watch.started(jobId);
      start(i);
    });
    events.on('progress', ({ jobId, data }) => {
      const i = indexOf.get(jobId);
      const p = RemoteProgressSchema.safeParse(data);
      if (i === undefined || !p.success) return;
      start(i);
      callbacks.onProgress?.(i, p.data as RunProgress);
    });
    // Outcomes are handed over one at a time, in order of finishing, as the local pool does.
    const handOver = new HandOver(callbacks);
    const removed = jobs.map(() => {
      let resolve!: () => void;
      const promise = new Promise<'removed'>((r) => (resolve = () => r('removed')));
      return { promise, resolve };
    });
    const onAbort = () => {
      void redis.set(cancelKey(this.target.name, batch), '1', 'EX', CANCEL_TTL_S);
      // A waiting job leaves the queue; a running one is locked by its worker, which sees the cancel and stops.
      jobs.forEach((job, i) => {
        job.remove().then(
          () => removed[i].resolve(),
          () => undefined,
        );
      });
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = async (job: Job<RemoteRun>, i: number) => {
      let value: unknown;
      try {
        const finished = await Promise.race([job.waitUntilFinished(events), removed[i].promise, lost[i].promise]);
        if (finished === 'removed') return;
        if (isLost(finished)) {
          await handOver.hand(i, () => callbacks.onError?.(i, new Error(`lost: ${finished.lost}`)));
          return;
        }
        value = finished;
      } catch (err) {
        const said = err instanceof Error ? err.message : String(err);
        // Taken by a worker just as the cancel came: it never started, as if it had left the queue.
        if (options.signal?.aborted && said.includes(NOT_STARTED)) return;
        // BullMQ's words for a job whose record vanished ("Missing key for job X. isFinished").
        const reason = /^Missing key for job /.test(said)
          ? `lost: its job is gone from Redis (${this.target.display}): Redis lost its data while the run waited or ran`
          : said;
        await handOver.hand(i, () => callbacks.onError?.(i, new Error(reason)));
        return;
      }
      let outcome: RunOutcome;
      try {
        outcome = unpackOutcome(value);
      } catch (err) {
        await handOver.hand(i, () => callbacks.onError?.(i, err as Error));
        return;
      }
      start(i);
      await handOver.hand(i, () => callbacks.onDone?.(i, outcome));
    };
    try {
      await Promise.all(
        jobs.map(async (job, i) => {
          try {
            await settle(job, i);
          } finally {
            watch.settled(job.id!);
            waiting.delete(i);
          }
        }),
      );
    } finally {
      watch.stop();
      presence.stop();
    }
    options.signal?.removeEventListener('abort', onAbort);
    await handOver.settled();
    return { cancelled: Boolean(options.signal?.aborted) };
  }

  async close(): Promise<void> {}
}

const isLost = (v: unknown): v is { lost: string } => typeof v === 'object' && v !== null && 'lost' in v;

/** Close BullMQ's connections, waiting at most `ms` for Redis; past that, drop their sockets. */
export async function closeWithin(ms: number, parts: readonly { close(): Promise<void>; disconnect(): Promise<void> }[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    Promise.allSettled(parts.map((p) => p.close())).then(() => true),
    new Promise<false>((r) => (timer = setTimeout(() => r(false), ms))),
  ]);
  clearTimeout(timer);
  // Not awaited: a disconnect may itself wait on a blocked command; it drops the sockets either way.
  if (!closed) for (const p of parts) void p.disconnect().catch(() => undefined);
}
