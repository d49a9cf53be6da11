import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ApiResult } from '@shared/results/result';
import { onStoreChanged } from '../composables/storeChanges';

interface ListOps<Summary, Item> {
  list(): Promise<ApiResult<Summary[]>>;
  rename(id: string, name: string): Promise<ApiResult<Item>>;
  duplicate(id: string): Promise<ApiResult<Item>>;
  remove(id: string): Promise<ApiResult<{ id: string }>>;
}

/**
 * A Pinia store of saved items of one kind (clusters, workloads), kept in step with the store —
 * including changes made elsewhere (the CLI, another window), announced as `store:changed`.
 */
type After = <T>(result: Promise<ApiResult<T>>) => Promise<ApiResult<T>>;

export function defineSavedList<Summary, Item, Extra extends object>(
  id: string,
  domain: 'clusters' | 'workloads',
  ops: ListOps<Summary, Item>,
  extra: (after: After) => Extra,
) {
  return defineStore(id, () => {
    const list = ref<Summary[]>([]);
    const loaded = ref(false);
    const loadError = ref<string>();

    async function load() {
      const result = await ops.list();
      if (result.ok) {
        list.value = result.data as typeof list.value;
        loadError.value = undefined;
      } else {
        loadError.value = result.error.message;
      }
      loaded.value = true;
    }

    onStoreChanged([domain], () => void load());

    /** Run a change and reload the list once it succeeded. */
    async function after<T>(result: Promise<ApiResult<T>>): Promise<ApiResult<T>> {
      const r = await result;
      if (r.ok) await load();
      return r;
    }

    return {
      list,
      loaded,
      loadError,
      load,
      rename: (itemId: string, name: string) => after(ops.rename(itemId, name)),
      duplicate: (itemId: string) => after(ops.duplicate(itemId)),
      remove: (itemId: string) => after(ops.remove(itemId)),
      ...extra(after),
    };
  });
}
