import type { Store } from '../store/database';
import { batchesRepo } from '../store/batchesRepo';
import { profilesRepo } from '../store/profilesRepo';
import type { BatchSink, PlannedBatch } from './runBatch';
import { storedResult, type RunOutcome } from './runTask';

/**
 * A batch's runs into the store, each saved the moment it ends, into a batch made beforehand
 * (batchesRepo.create): its row and columns, and what it teaches the measured profiles. A run the
 * store refuses to save fails with that reason; the batch goes on.
 */
export function storeSink(store: Store, batchId: string, { inputs, plan }: PlannedBatch): BatchSink {
  const batches = batchesRepo(store);
  const save = async (i: number, o: RunOutcome) => {
    // Both writes are queued together, so they share one turn of the lock and one save.
    await Promise.all([
      batches.finishRun(batchId, i, storedResult(o, inputs.schedulers[plan[i].scheduler].kind), o.blob, o.cancelled, o.record),
      // Every finished run refines the measured profiles of its templates; a cut-short one does not.
      o.cancelled ? undefined : profilesRepo(store).addRun(o.profiles, o.aria),
    ]);
  };
  return {
    async runEnded(i, outcome) {
      try {
        await save(i, outcome);
      } catch (err) {
        throw new Error(`the run finished but could not be saved: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
    async runFailed(i, error) {
      await batches.failRun(batchId, i, error.message);
    },
    async batchEnded(end) {
      await batches.finish(batchId, end);
    },
  };
}
