import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { WorkloadSummary } from '@shared/records';
import type { ApiResult } from '@shared/result';
import { api } from '../api';

/** The saved workloads, kept in step with the store (including changes made by the CLI). */
export const useWorkloads = defineStore('workloads', () => {
  const list = ref<WorkloadSummary[]>([]);
  const loaded = ref(false);
  const loadError = ref<string>();

  async function load() {
    const result = await api.call('workloads:list', {});
    if (result.ok) {
      list.value = result.data;
      loadError.value = undefined;
    } else {
      loadError.value = result.error.message;
    }
    loaded.value = true;
  }

  api.on('store:changed', (p) => {
    if (p.domain !== 'clusters') void load();
  });

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
    rename: (id: string, name: string) => after(api.call('workloads:rename', { id, name })),
    duplicate: (id: string) => after(api.call('workloads:duplicate', { id })),
    remove: (id: string) => after(api.call('workloads:delete', { id })),
    exportFile: (id: string, as: 'json' | 'csv') => api.call('workloads:export', { id, as }),
  };
});
