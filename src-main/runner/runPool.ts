import { STOP_ASKED, STOP_SEEN } from './stopFlag';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import type * as PiscinaModule from 'piscina';
import type { ResolvedRun } from './matrix';
import type { WorkerTask } from './runWorker';
import { runTask, type RunOutcome, type RunProgress } from './runTask';
import { HandOver } from './handOver';
import { lastOfEachKind } from './pluginFile';
import { addedNow, withAddedPinned } from '../schedulers/registry';

export type { RunProgress };

export interface RunCallbacks {
  onStart?(index: number): void;
  onProgress?(index: number, p: RunProgress): void;
  /**
   * Awaited before the next outcome is handed over, so saves happen one at a time, in order of
   * finishing. A cancelled run's partial outcome comes here too, marked `cancelled`.
   */
  onDone?(index: number, outcome: RunOutcome): void | Promise<void>;
  onError?(index: number, error: Error): void | Promise<void>;
  /** What the whole batch waits on, in words (a queue no worker listens to); undefined once it no longer does. */
  onNotice?(notice: string | undefined): void;
}

export interface RunAllOptions {
  withAttempts: boolean;
  timing?: boolean;
  signal?: AbortSignal;
  /** Least wall time between two progress reports of one run. */
  progressMs?: number;
  /** The user asked for a batch the estimate counts as large: queue workers run its runs (within their memory). */
  allowLarge?: boolean;
  /**
   * The runs are saved: each thread also builds its run's record for the store (JSON, compressed,
   * hashed), so the main process only writes it and stays free to answer calls.
   */
  record?: boolean;
  /** How long a started run may take to stop after a cancel before its thread is ended (default STOP_GRACE_MS). */
  stopGraceMs?: number;
}

/**
 * A cancelled run stops at its next event and hands back what it simulated. One whose scheduler
 * never returns (a plug-in's loop) never reaches that event: if after this long it has neither
 * seen the stop nor ended its simulation, its thread is ended, the run fails saying so, and the
 * pool goes on with a fresh thread. A run that has seen it may take as long as it needs to hand
 * back its partial record.
 */
export const STOP_GRACE_MS = 10_000;

/** Where a batch's runs are simulated: threads of this machine (RunPool), or workers elsewhere (remote/remotePool.ts). */
export interface SimulationPool {
  /** Runs at once on this machine (0: none here, or one after another in this thread). */
  readonly threads: number;
  readonly inProcess: boolean;
  runAll(runs: ResolvedRun[], options: RunAllOptions, callbacks?: RunCallbacks): Promise<{ cancelled: boolean }>;
  close(): Promise<void>;
}

/**
 * The built worker bundle: beside this file once bundled (out/main), or in out/main when the
 * sources run directly (tests after `npm run build`). Without it, runs go in-process.
 */
export function locateWorkerFile(): string | undefined {
  const candidates = [path.join(__dirname, 'runWorker.js'), path.resolve(__dirname, '../../out/main/runWorker.js')];
  return candidates.find((f) => fs.existsSync(f));
}

/**
 * Piscina, the worker threads' pool, loaded when threads are first needed (a batch, a why-not
 * replay) rather than with every command that starts the services and runs nothing
 * (tests/integration/cli/startup.test.ts). A plain require, as main loads its other packages: the
 * packaged app reads them from its archive.
 */
export function loadPiscina(): typeof PiscinaModule {
  return createRequire(typeof __filename === 'string' ? __filename : import.meta.url)('piscina') as typeof PiscinaModule;
}

/**
 * Runs simulations in worker threads, as many at once as the machine has cores (one is left to the
 * window). Each run reports progress; a failure (a throwing scheduler) fails only its own run; a
 * cancel takes queued runs off the queue and stops running ones where they are, handing over their
 * partial outcomes (marked cancelled), and leaves finished runs as they were. With `threads: 0`, or
 * no worker bundle, the same runs go one after another in this thread.
 */
export class RunPool implements SimulationPool {
  /** The threads' bundle, when runs go to threads. */
  private readonly workerFile?: string;
  /** The thread pool, made at the first batch (loadPiscina). */
  private pool?: PiscinaModule.Piscina;
  readonly threads: number;

  constructor(options: { threads?: number; workerFile?: string | null } = {}) {
    const workerFile = options.workerFile === null ? undefined : (options.workerFile ?? locateWorkerFile());
    this.threads = workerFile ? Math.max(0, options.threads ?? Math.max(1, availableParallelism() - 1)) : 0;
    if (this.threads > 0) this.workerFile = workerFile;
  }

  get inProcess(): boolean {
    return this.workerFile === undefined;
  }

  private threadPool(filename: string): PiscinaModule.Piscina {
    if (!this.pool) {
      const { Piscina } = loadPiscina();
      this.pool = new Piscina({ filename, maxThreads: this.threads, minThreads: 0, idleTimeout: 5000 });
    }
    return this.pool;
  }

  async runAll(runs: ResolvedRun[], options: RunAllOptions, callbacks: RunCallbacks = {}): Promise<{ cancelled: boolean }> {
    if (this.workerFile === undefined) return this.runInProcess(runs, options, callbacks);
    const pool = this.threadPool(this.workerFile);
    const handOver = new HandOver(callbacks);
    // The scheduler files as the batch begins: a new version added while it runs (Settings) waits for the next batch, so one batch never mixes two.
    const pinned = lastOfEachKind(runs.map((r) => r.scheduler.kind));
    const pluginsOf = (kind: string) => pinned.filter((p) => p.kind === kind).map(({ file, sha256 }) => ({ file, sha256 }));
    // On a cancel, queued runs leave the queue and started ones are asked to stop and hand back
    // what they have: one listener for the batch, not one per run.
    const states = runs.map(() => ({
      started: false,
      ended: false,
      forced: false,
      stop: new Int32Array(new SharedArrayBuffer(4)),
      dequeue: new AbortController(),
    }));
    const grace = options.stopGraceMs ?? STOP_GRACE_MS;
    let forceTimer: NodeJS.Timeout | undefined;
    // Every run gets the stop flag: one a worker has just taken may not have said so yet (its first
    // message still on its way), and without the flag it would run to the end. Runs not known to
    // have started also leave the queue.
    const onAbort = () => {
      states.forEach((st) => {
        Atomics.compareExchange(st.stop, 0, 0, STOP_ASKED);
        if (!st.started) st.dequeue.abort();
      });
      // Runs still going after the grace have a scheduler that does not return: their threads are ended.
      forceTimer = setTimeout(
        () =>
          states.forEach((st) => {
            if (!st.started || st.ended || Atomics.load(st.stop, 0) === STOP_SEEN) return;
            st.forced = true;
            st.dequeue.abort();
          }),
        grace,
      );
    };
    if (options.signal?.aborted) return { cancelled: true };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const runOne = async (run: ResolvedRun, index: number) => {
      const channel = new MessageChannel();
      const state = states[index];
      const { stop, dequeue } = state;
      // Its first message means a thread has taken it and it started.
      const started = () => {
        if (state.started) return;
        state.started = true;
        callbacks.onStart?.(index);
      };
      channel.port1.on('message', (p: RunProgress) => {
        started();
        callbacks.onProgress?.(index, p);
      });
      const task: WorkerTask = {
        run,
        withAttempts: options.withAttempts,
        timing: Boolean(options.timing),
        port: channel.port2,
        progressMs: options.progressMs ?? 250,
        stop,
        record: Boolean(options.record),
        plugins: pluginsOf(run.scheduler.kind),
      };
      try {
        const outcome = (await pool.run(task, { transferList: [channel.port2], signal: dequeue.signal })) as RunOutcome;
        // A short run's outcome can overtake its first message on a busy machine (they travel on
        // different channels, and the port closes below): it started all the same, and says so
        // before the next run can.
        started();
        // Saved in turn while the thread goes on to the next run.
        void handOver.hand(index, () => callbacks.onDone?.(index, outcome));
      } catch (err) {
        if (state.forced) {
          const why = new Error(
            `its scheduler did not stop within ${grace / 1000} s of the cancel (it never returned), so its thread was ended and nothing of the run was kept`,
          );
          void handOver.hand(index, () => callbacks.onError?.(index, why));
          return;
        }
        if (dequeue.signal.aborted) return;
        void handOver.hand(index, () => callbacks.onError?.(index, err instanceof Error ? err : new Error(String(err))));
      } finally {
        state.ended = true;
        channel.port1.close();
      }
    };
    // The runs go to the pool no faster than its threads take them, in plan order: piscina's own
    // queue reorders tasks that find every thread busy (runs 1, 3, 5, 7 overtook the others; with
    // its stricterFIFO option the whole queue ran backwards). A run a cancel reaches here never starts.
    let next = 0;
    const lane = async () => {
      while (next < runs.length) {
        const index = next++;
        if (states[index].dequeue.signal.aborted) continue;
        await runOne(runs[index], index);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.threads, runs.length) }, lane));
    clearTimeout(forceTimer);
    options.signal?.removeEventListener('abort', onAbort);
    await handOver.settled();
    return { cancelled: Boolean(options.signal?.aborted) };
  }

  private async runInProcess(runs: ResolvedRun[], options: RunAllOptions, callbacks: RunCallbacks): Promise<{ cancelled: boolean }> {
    // The scheduler files as the batch begins, as the threads' batches pin them: one added between two runs waits for the next batch.
    const pinned = addedNow();
    for (let index = 0; index < runs.length; index++) {
      if (options.signal?.aborted) return { cancelled: true };
      callbacks.onStart?.(index);
      let outcome: RunOutcome;
      try {
        outcome = withAddedPinned(pinned, () =>
          runTask(runs[index], {
            withAttempts: options.withAttempts,
            timing: options.timing,
            onProgress: (p) => {
              callbacks.onProgress?.(index, p);
              return options.signal?.aborted;
            },
          }),
        );
      } catch (err) {
        await callbacks.onError?.(index, err instanceof Error ? err : new Error(String(err)));
        continue;
      }
      try {
        await callbacks.onDone?.(index, outcome);
      } catch (err) {
        await new HandOver(callbacks).fail(index, err);
      }
      if (outcome.cancelled) return { cancelled: true };
      // Let the event loop breathe between runs (requests, events, a cancel).
      await new Promise((r) => setImmediate(r));
    }
    return { cancelled: Boolean(options.signal?.aborted) };
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}
