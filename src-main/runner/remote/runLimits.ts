import { estimateRun, formatMb, largeRunReasons } from '@shared/experiment/runEstimate';

/** What a worker knows of itself when it judges a run: its memory for each run, and how many it runs at once. */
export interface WorkerCapacity {
  memoryShareMb: number;
  concurrency: number;
}

/** Three quarters of the machine's memory, shared by the runs a worker takes at once. */
export const memoryShareMb = (totalBytes: number, concurrency: number): number => (0.75 * totalBytes) / 2 ** 20 / Math.max(1, concurrency);

/**
 * Why a worker will not take a run, or undefined: past the estimate's bounds for a batch the user
 * did not allow as large (shared/experiment/runEstimate.ts, as the studio and the CLI refuse it),
 * or past this worker's share of memory, whatever the batch allowed.
 */
export function runRefusal(run: { tasks: number; scheduler: string; allowLarge: boolean }, worker: WorkerCapacity): string | undefined {
  const large = largeRunReasons(run.tasks);
  if (large.length > 0 && !run.allowLarge)
    return `refused: ${large.join('; ')}, and its batch was not allowed to be large (run it with --allow-large, or tick "Run it anyway")`;
  const { memoryMb } = estimateRun({ tasks: run.tasks, scheduler: run.scheduler });
  if (memoryMb > worker.memoryShareMb) {
    const each = worker.concurrency === 1 ? 'for a run' : `for each of its ${worker.concurrency} runs at once`;
    return `refused: a run of ${run.tasks.toLocaleString('en-GB')} tasks needs about ${formatMb(memoryMb)}, more than the ${formatMb(worker.memoryShareMb)} this worker has ${each}`;
  }
  return undefined;
}
