import { computed, onBeforeUnmount, ref, watch, type Ref } from 'vue';
import type { ExperimentDesign, ExperimentDesignInput } from '@shared/experiment/design';
import type { BatchEstimate } from '@shared/experiment/runEstimate';
import type { DesignFix } from '@shared/experiment/designFix';
import { api } from '../api';
import { onStoreChanged } from './storeChanges';

/**
 * What a design's runs would fail on, checked by the studio against the saved clusters and
 * workloads it names (a FAWKES card on a cluster without MR-clusters, jobs that name none, a job
 * with too many maps): asked again a moment after each change, once the design itself is valid.
 * The design can still be saved (the cluster may be fixed later); Run waits for these to clear.
 * The same answer carries what the batch would cost (shared/experiment/runEstimate.ts). `known`:
 * what the page finds at once that the check would say too (a chosen cluster deleted since), so
 * Run is off before the check answers; the check's answer for the same field replaces it.
 */
export function useRunChecks(spec: Ref<ExperimentDesignInput>, errors: Ref<Record<string, string>>, known: Ref<Record<string, string>>) {
  const runErrors = ref<Record<string, string>>({});
  /** Fixes the checks offer, by the field of their problem, one per workload. */
  const runFixes = ref<Record<string, DesignFix[]>>({});
  const estimate = ref<BatchEstimate>();
  /** A large batch (hours, or more memory than a run may take) runs only once the user says so. */
  const allowLarge = ref(false);
  let checking: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;
  function ask(): void {
    clearTimeout(checking);
    if (Object.keys(errors.value).length > 0) {
      runErrors.value = {};
      runFixes.value = {};
      estimate.value = undefined;
      return;
    }
    const mine = ++seq;
    checking = setTimeout(() => {
      void api.call('experiments:check', { spec: spec.value as ExperimentDesign }).then((r) => {
        // A newer change has asked again: this answer is about a design that no longer exists.
        if (mine !== seq || !r.ok) return;
        const out: Record<string, string> = {};
        const fixes: Record<string, DesignFix[]> = {};
        for (const p of r.data.problems) {
          // Several problems at one field read as one sentence: a full stop before the "; " goes.
          out[p.field] = out[p.field] ? `${out[p.field].replace(/\.$/, '')}; ${p.message}` : p.message;
          const here = (fixes[p.field] ??= []);
          if (p.fix && !here.some((f) => f.workloadId === p.fix!.workloadId)) here.push(p.fix);
        }
        runErrors.value = out;
        runFixes.value = fixes;
        estimate.value = r.data.estimate;
      });
    }, 250);
  }
  watch(() => [spec.value, Object.keys(errors.value).length] as const, ask, { deep: true });
  // What the design names may change under it (edited in another window, deleted, restored): ask again.
  const off = onStoreChanged(['clusters', 'workloads'], ask);
  onBeforeUnmount(() => {
    off();
    clearTimeout(checking);
  });
  return {
    /** Every problem as the cards show them: the design's own first, then what its runs would fail on. */
    shownErrors: computed<Record<string, string>>(() => ({ ...runErrors.value, ...known.value, ...errors.value })),
    runProblemCount: computed(() => Object.keys({ ...runErrors.value, ...known.value }).length),
    runFixes,
    /** What the batch would cost, once the design is valid. */
    estimate,
    allowLarge,
    /** Run waits: the batch is large and the user has not asked for it. */
    heldBack: computed(() => (estimate.value?.large.length ?? 0) > 0 && !allowLarge.value),
  };
}
