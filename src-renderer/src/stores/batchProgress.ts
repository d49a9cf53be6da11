import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { RunProgressEvent } from '@shared/design';
import { api } from '../api';

/** Live progress of the runs of every batch executing now, from `experiments:progress` events. */
export const useBatchProgress = defineStore('batchProgress', () => {
  const byBatch = ref<Record<string, Record<number, RunProgressEvent>>>({});
  api.on('experiments:progress', (p) => {
    byBatch.value = { ...byBatch.value, [p.batchId]: { ...(byBatch.value[p.batchId] ?? {}), [p.run]: p } };
  });
  return { byBatch };
});
