import type { MessagePort } from 'node:worker_threads';
import type { ResolvedRun } from './matrix';
import { runTask, type RunOutcome } from './runTask';

export interface WorkerTask {
  run: ResolvedRun;
  withAttempts: boolean;
  timing: boolean;
  /** Progress goes here, at most every `progressMs` of wall time. */
  port: MessagePort;
  progressMs: number;
}

/**
 * The worker-thread entry (a separate bundle, out/main/runWorker.js): one run per call. Cancelling
 * is the pool's business — it ends the thread — so nothing here listens for it.
 */
export default function runInWorker(task: WorkerTask): RunOutcome {
  let last = 0;
  // The first message says the run has left the queue and started.
  task.port.postMessage({ simTime: 0, events: 0, jobsDone: 0, jobsTotal: 0 });
  try {
    return runTask(task.run, {
      withAttempts: task.withAttempts,
      timing: task.timing,
      onProgress: (p) => {
        const now = performance.now();
        if (now - last < task.progressMs) return;
        last = now;
        task.port.postMessage(p);
      },
    });
  } finally {
    task.port.close();
  }
}
