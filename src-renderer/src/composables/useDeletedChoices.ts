import { computed, type ComputedRef, type Ref } from 'vue';
import type { ExperimentDesignInput } from '@shared/experiment/design';
import { deletedChoiceProblems } from '@shared/experiment/deletedChoices';

interface SavedList {
  list: { id: string }[];
  loadError?: string;
}

/**
 * The clusters and workloads a design chose that were deleted since, found in the saved lists at
 * once (the design check says the same a moment later), by field (`clusterIds.1`), so Run is off
 * from the start; and the problem each pick list shows above its items, leaving out those deleted
 * choices, which the list says itself beside their "Remove it".
 */
export function useDeletedChoices(spec: Ref<ExperimentDesignInput>, clusters: SavedList, workloads: SavedList) {
  const deleted: ComputedRef<Record<string, string>> = computed(() => {
    if (clusters.loadError || workloads.loadError) return {};
    const has = (list: { id: string }[]) => (id: string) => list.some((x) => x.id === id);
    return Object.fromEntries(
      deletedChoiceProblems(spec.value, { cluster: has(clusters.list), workload: has(workloads.list) }).map((p) => [p.field, p.message]),
    );
  });
  function listError(shown: Record<string, string>, list: 'clusterIds' | 'workloadIds'): string | undefined {
    return shown[list] ?? Object.entries(shown).find(([field]) => field.startsWith(`${list}.`) && !(field in deleted.value))?.[1];
  }
  return { deleted, listError };
}
