import { computed, type ComputedRef, type Ref } from 'vue';
import type { ExperimentDesignInput } from '@shared/experiment/design';
import { deletedChoiceProblems } from '@shared/experiment/deletedChoices';

interface SavedList {
  list: { id: string }[];
  loaded: boolean;
  loadError?: string;
}

/**
 * The clusters and workloads a design chose that were deleted since, found in the saved lists at
 * once (the design check says the same a moment later), by field (`clusterIds.1`), so Run is off
 * from the start; and the problem each pick list shows above its items, leaving out those deleted
 * choices, which the list says itself beside their "Remove it".
 */
export function useDeletedChoices(spec: Ref<ExperimentDesignInput>, clusters: SavedList, workloads: SavedList) {
  const problems = computed(() => {
    // Before both lists are read (or when one cannot be), nothing is taken for deleted.
    if (!clusters.loaded || !workloads.loaded || clusters.loadError || workloads.loadError) return [];
    const has = (list: { id: string }[]) => (id: string) => list.some((x) => x.id === id);
    return deletedChoiceProblems(spec.value, { cluster: has(clusters.list), workload: has(workloads.list) });
  });
  const deleted: ComputedRef<Record<string, string>> = computed(() => Object.fromEntries(problems.value.map((p) => [p.field, p.message])));
  /** The same, as the ids each list names that are gone. */
  const deletedIds = computed(() => {
    const ids = { clusterIds: [] as string[], workloadIds: [] as string[] };
    for (const p of problems.value) {
      const [list, index] = p.field.split('.') as ['clusterIds' | 'workloadIds', string];
      ids[list].push(spec.value[list][Number(index)]);
    }
    return ids;
  });
  function listError(shown: Record<string, string>, list: 'clusterIds' | 'workloadIds'): string | undefined {
    return shown[list] ?? Object.entries(shown).find(([field]) => field.startsWith(`${list}.`) && !(field in deleted.value))?.[1];
  }
  return { deleted, deletedIds, listError };
}
