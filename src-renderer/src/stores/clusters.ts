import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { UniformClusterInput } from '@shared/clusterGenerator';
import type { ClusterRecord, ClusterSummary } from '@shared/records';
import type { ApiResult } from '@shared/result';
import { api } from '../api';

/** The saved clusters, kept in step with the store (including changes made by the CLI). */
export const useClusters = defineStore('clusters', () => {
  const list = ref<ClusterSummary[]>([]);
  const loaded = ref(false);
  const loadError = ref<string>();

  async function load() {
    const result = await api.call('clusters:list', {});
    if (result.ok) {
      list.value = result.data;
      loadError.value = undefined;
    } else {
      loadError.value = result.error.message;
    }
    loaded.value = true;
  }

  api.on('store:changed', (p) => {
    if (p.domain !== 'workloads') void load();
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
    generate: (params: UniformClusterInput): Promise<ApiResult<ClusterRecord>> => after(api.call('clusters:generate', { params })),
    rename: (id: string, name: string) => after(api.call('clusters:rename', { id, name })),
    duplicate: (id: string) => after(api.call('clusters:duplicate', { id })),
    remove: (id: string) => after(api.call('clusters:delete', { id })),
    importFile: (content: string, fileName?: string) => after(api.call('clusters:import', { content, ...(fileName ? { fileName } : {}) })),
    exportFile: (id: string) => api.call('clusters:export', { id }),
  };
});
