import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { ResolvedRun } from '../matrix';
import type { RunAllOptions, RunCallbacks, SimulationPool } from '../runPool';
import type { RunOutcome, RunProgress } from '../runTask';
import type { QueueTarget } from './connection';
import { HandOver } from '../handOver';
import { cancelKey, INPUT_TTL_S, inputKey, NOT_STARTED, packInput, remoteRunOf, RemoteProgressSchema, unpackOutcome, type RemoteRun } from './protocol';

/** How long a cancel stays visible to workers: longer than any run takes to notice it. */
const CANCEL_TTL_S = 24 * 3600;

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

  constructor(private readonly target: QueueTarget) {}

  async runAll(runs: ResolvedRun[], options: RunAllOptions, callbacks: RunCallbacks = {}): Promise<{ cancelled: boolean }> {
    if (options.signal?.aborted || runs.length === 0) return { cancelled: Boolean(options.signal?.aborted) };
    const { connection, name } = this.target;
    const batch = randomUUID();
    const redis = new Redis({ ...connection, lazyConnect: true });
    const queue = new Queue<RemoteRun>(name, { connection });
    const events = new QueueEvents(name, { connection });
    // Every run waits on the events (and the queue's closing) at once: not a leak.
    events.setMaxListeners(runs.length + 16);
    queue.setMaxListeners(runs.length + 16);
    try {
      await Promise.all([redis.connect(), queue.waitUntilReady(), events.waitUntilReady()]);
      const jobs = await this.enqueue(redis, queue, batch, runs, options);
      return await this.follow(redis, events, batch, jobs, options, callbacks);
    } finally {
      await Promise.allSettled([events.close(), queue.close()]);
      redis.disconnect();
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
    const data = runs.map((run) => remoteRunOf(batch, run, { cluster: keyOf.get(run.cluster)!, workload: keyOf.get(run.workload)! }, { withAttempts: options.withAttempts, timing: Boolean(options.timing), ...(options.allowLarge ? { allowLarge: true } : {}) }));
    // One attempt: a run that throws fails alone, as it would here. A worker that dies is another
    // matter: BullMQ finds its job stalled and hands it to another worker.
    return queue.addBulk(data.map((d, i) => ({ name: 'run', data: d, opts: { jobId: `${batch}.${i}`, attempts: 1, removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } } })));
  }

  private async follow(redis: Redis, events: QueueEvents, batch: string, jobs: Job<RemoteRun>[], options: RunAllOptions, callbacks: RunCallbacks): Promise<{ cancelled: boolean }> {
    const indexOf = new Map(jobs.map((j, i) => [j.id!, i]));
    const started = new Set<number>();
    const start = (i: number) => {
      if (started.has(i)) return;
      started.add(i);
      callbacks.onStart?.(i);
    };
    events.on('active', ({ jobId }) => {
      const i = indexOf.get(jobId);
      if (i !== undefined) start(i);
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
    await Promise.all(
      jobs.map(async (job, i) => {
        let value: unknown;
        try {
          const finished = await Promise.race([job.waitUntilFinished(events), removed[i].promise]);
          if (finished === 'removed') return;
          value = finished;
        } catch (err) {
          const reason = err instanceof Error ? err.message : String(err);
          // Taken by a worker just as the cancel came: it never started, as if it had left the queue.
          if (options.signal?.aborted && reason.includes(NOT_STARTED)) return;
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
      }),
    );
    options.signal?.removeEventListener('abort', onAbort);
    await handOver.settled();
    return { cancelled: Boolean(options.signal?.aborted) };
  }

  async close(): Promise<void> {}
}
