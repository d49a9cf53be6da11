// Every scheduler is registered before a run's design is read (src-main/schedulers/registry.ts).
import '../schedulers/registry';
import type { MessagePort } from 'node:worker_threads';
import type { ResolvedRun } from './matrix';
import { prepareRun } from '../store/runPayload';
import { liveSample, runTask, storedResult, type LiveSample, type RunOutcome } from './runTask';

/** Live-chart points one run sends before it starts keeping every other one. */
const MAX_SAMPLES = 2000;
import { whyNotResult, type WhyNotResult } from './whyNotReplay';
import { loadSchedulerFile } from './pluginFile';
import { STOP_SEEN } from './stopFlag';

export interface WorkerTask {
  run: ResolvedRun;
  withAttempts: boolean;
  timing: boolean;
  /** Progress goes here, at most every `progressMs` of wall time. */
  port: MessagePort;
  progressMs: number;
  /** Set to 1 by the pool to stop the run where it is: it then returns its partial outcome. */
  stop: Int32Array;
  /** Build the store's record of the run here, off the main thread (RunAllOptions.record). */
  record?: boolean;
  /** The plug-in scheduler files loaded in the main process: this thread loads them too, and checks they are the same bytes. */
  plugins?: { file: string; sha256: string }[];
}

/**
 * The worker-thread entry (a separate bundle, out/main/runWorker.js): one run per call. A cancel
 * sets the shared `stop` flag; the engine sees it at its next progress check (every 20,000 events)
 * and returns what it simulated so far, marked cancelled, so a long run's partial results are kept.
 */
export default async function runInWorker(task: WorkerTask): Promise<RunOutcome> {
  await loadPlugins(task.plugins);
  // The first progress check reports whatever the time (a run of 20,000 events or more always shows
  // it is under way, however fast the machine); later ones at most every `progressMs`.
  let last = -Infinity;
  // Every check's state goes to the live charts, in the next message; a very long run keeps every
  // `stride`-th, so a day of millions of events sends a few thousand points, not tens of thousands.
  let samples: LiveSample[] = [];
  let checks = 0;
  let stride = 1;
  // The first message says the run has left the queue and started.
  task.port.postMessage({ simTime: 0, events: 0, jobsDone: 0, jobsTotal: 0 });
  try {
    const outcome = runTask(task.run, {
      withAttempts: task.withAttempts,
      timing: task.timing,
      onProgress: (p) => {
        if (Atomics.load(task.stop, 0) !== 0) {
          // Seen: the pool leaves this thread to hand back what it simulated, however long that takes.
          Atomics.store(task.stop, 0, STOP_SEEN);
          return true;
        }
        if (p.live && checks++ % stride === 0) samples.push(liveSample(p.simTime, p.live));
        if (checks >= MAX_SAMPLES * stride) stride *= 2;
        const now = performance.now();
        if (now - last < task.progressMs) return false;
        last = now;
        task.port.postMessage({ ...p, samples });
        samples = [];
        return false;
      },
    });
    // The policy's code has returned for good: a cancel from now on waits for the record, never ends the thread.
    Atomics.store(task.stop, 0, STOP_SEEN);
    if (task.record) outcome.record = prepareRun(storedResult(outcome, task.run.scheduler.kind), outcome.blob);
    return outcome;
  } finally {
    task.port.close();
  }
}

/** A why-not replay (whyNot.ts) off the main thread: replaying a long run to a late moment takes seconds. */
export async function whyNotInWorker(task: {
  run: ResolvedRun;
  label: string;
  job: string;
  at: number;
  plugins?: WorkerTask['plugins'];
}): Promise<WhyNotResult> {
  await loadPlugins(task.plugins);
  return whyNotResult(task.run, task.label, task.job, task.at);
}

/** The main process's scheduler files, loaded in this thread too and checked to be the same bytes. */
async function loadPlugins(plugins: WorkerTask['plugins']): Promise<void> {
  for (const p of plugins ?? []) {
    const got = await loadSchedulerFile(p.file, { trial: false });
    if (got.sha256 !== p.sha256) throw new Error(`${p.file} changed while the batch ran: the runs would not use the same scheduler`);
  }
}
