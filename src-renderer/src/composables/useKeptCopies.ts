import { computed, ref, type Ref } from 'vue';
import type { KeptCopy } from '@shared/api/records';
import type { ApiResult } from '@shared/results/result';
import { api } from '../api';
import { useLiveQuery } from './useLiveQuery';

type List = 'clusterIds' | 'workloadIds';

/** A pick list's deleted items as the run history keeps them: the newest copy of each, the one being restored, and why a restore failed. */
export interface KeptState {
  copies: Map<string, KeptCopy>;
  restoring?: string;
  errors: Record<string, string>;
}

interface Restorer {
  restore(id: string): Promise<ApiResult<unknown>>;
}

/**
 * What the run history keeps of the clusters and workloads a design names but that were deleted
 * since (`deletedIds`, from useDeletedChoices; each batch copies what it ran on), so the designer
 * can offer to put one back as its newest run used it; and that restoring, with its refusal in
 * words beside the item.
 */
export function useKeptCopies(deletedIds: Ref<Record<List, string[]>>, clusters: Restorer, workloads: Restorer) {
  const query = useLiveQuery(
    async (): Promise<ApiResult<{ clusters: KeptCopy[]; workloads: KeptCopy[] }>> => {
      const { clusterIds, workloadIds } = deletedIds.value;
      if (clusterIds.length + workloadIds.length === 0) return { ok: true, data: { clusters: [], workloads: [] } };
      return api.call('batches:keptCopies', { clusterIds, workloadIds });
    },
    // A batch deleted may take the last copy with it.
    { domains: ['batches'], key: () => JSON.stringify(deletedIds.value), throttleMs: 1000 },
  );
  const copies = computed(() => ({
    clusterIds: new Map((query.data.value?.clusters ?? []).map((c) => [c.id, c])),
    workloadIds: new Map((query.data.value?.workloads ?? []).map((c) => [c.id, c])),
  }));

  const restoring = ref<string>();
  /** Why the last restore of an item failed, by id. */
  const restoreErrors = ref<Record<string, string>>({});
  async function restore(list: List, id: string): Promise<void> {
    restoring.value = id;
    const r = await (list === 'clusterIds' ? clusters : workloads).restore(id);
    restoring.value = undefined;
    const { [id]: _was, ...others } = restoreErrors.value;
    restoreErrors.value = r.ok ? others : { ...others, [id]: r.error.message };
  }
  /** What one pick list shows of it. */
  const stateOf = (list: List) => computed<KeptState>(() => ({ copies: copies.value[list], restoring: restoring.value, errors: restoreErrors.value }));
  return { clusterIds: stateOf('clusterIds'), workloadIds: stateOf('workloadIds'), restore };
}
