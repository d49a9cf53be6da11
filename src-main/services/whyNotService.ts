import { configurationLabel } from '@shared/experiment/design';
import type { WhyNotAnswer } from '@shared/results/whyNot';
import { resolveRun } from '../runner/matrix';
import { WhyNotCancelled, whyNotOffThread } from '../runner/whyNotThread';
import type { BatchesRepo } from '../store/batchesRepo';
import { ServiceError } from './serviceError';

/**
 * The replays in progress, one per batch (its why-not panel): a new question about the batch
 * replaces the one before, whose answer nobody waits for any more, and the user can stop one.
 */
export class WhyNotReplays {
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly batches: BatchesRepo) {}

  async ask(batchId: string, run: number, job: string, at: number): Promise<WhyNotAnswer> {
    this.running.get(batchId)?.abort();
    const controller = new AbortController();
    this.running.set(batchId, controller);
    try {
      return await whyNotOfRun(this.batches, batchId, run, job, at, controller.signal);
    } catch (err) {
      if (err instanceof WhyNotCancelled) throw new ServiceError('cancelled', 'The replay was cancelled before it answered.');
      throw err;
    } finally {
      if (this.running.get(batchId) === controller) this.running.delete(batchId);
    }
  }

  /** Stop the batch's replay in progress; false when none was running. */
  cancel(batchId: string): boolean {
    const controller = this.running.get(batchId);
    if (!controller) return false;
    controller.abort();
    this.running.delete(batchId);
    return true;
  }
}

/**
 * Why a job of a stored run got nothing on each node around a moment: the run is replayed from the
 * batch's own copy of its inputs (runner/whyNotReplay.ts). Runs opened from a result file without its
 * experiment cannot be replayed, and the message says what would make them so.
 */
export async function whyNotOfRun(batches: BatchesRepo, batchId: string, run: number, job: string, at: number, signal?: AbortSignal): Promise<WhyNotAnswer> {
  const batch = batches.get(batchId);
  const plan = batch.plan.find((p) => p.index === run);
  if (!plan) throw new ServiceError('invalid_request', `this batch has no run ${run + 1}`, 'run');
  const { inputs } = batch;
  if (!(plan.cluster in inputs.clusters) || !(plan.workload in inputs.workloads) || !(plan.scheduler in inputs.schedulers)) {
    throw new ServiceError(
      'invalid_request',
      'this run came from a result file that does not carry its experiment, so it cannot be replayed: import the experiment file it ran and run it here',
      'run',
    );
  }
  const result = await whyNotOffThread(resolveRun(inputs, plan), configurationLabel(inputs, plan), job, at, signal);
  if (!result.ok) throw new ServiceError('invalid_request', result.message, result.field);
  return result.answer;
}
