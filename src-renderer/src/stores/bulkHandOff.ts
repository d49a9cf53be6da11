import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { BulkField, BulkRule } from '@shared/workload/bulkEdit';

/** How the workload editor's bulk panel opens when another page sends the user there to fix something. */
export interface BulkStart {
  field: BulkField;
  rule: BulkRule['kind'];
  /** Values to offer (the cluster's MR-cluster names). */
  suggestions?: readonly string[];
  /** The page to return to once the jobs are fixed, and its name for the button. */
  back?: { experimentId: string; name: string };
}

/**
 * A fix the designer offers ("assign MR-clusters to this workload's jobs") is done in the workload
 * editor: the designer leaves the panel's starting point here, and the editor of that workload
 * takes it once, on opening.
 */
export const useBulkHandOff = defineStore('bulkHandOff', () => {
  const pending = ref<{ workloadId: string; start: BulkStart }>();
  return {
    offer(workloadId: string, start: BulkStart) {
      pending.value = { workloadId, start };
    },
    /** The start left for this workload, once: a later visit opens the editor as usual. */
    take(workloadId: string): BulkStart | undefined {
      const p = pending.value;
      if (p?.workloadId !== workloadId) return undefined;
      pending.value = undefined;
      return p.start;
    },
  };
});
