import { ref, watch, type Ref } from 'vue';
import type { BatchDetail } from '@shared/design';
import type { RunData } from '@shared/runData';
import { api } from '../api';

/**
 * The jobs and time series of every finished run of a batch, keyed by run index: each run is
 * fetched once, when it has finished. The comparison's table and charts read the same copy.
 */
export function useRunData(batch: Ref<BatchDetail | undefined>) {
  const data = ref<Partial<Record<number, RunData>>>({});
  const loading = ref(false);

  async function load() {
    const b = batch.value;
    if (!b) return;
    loading.value = true;
    const next = { ...data.value };
    await Promise.all(
      b.results
        .filter((r) => r.status === 'finished' && !next[r.index])
        .map(async (r) => {
          const res = await api.call('batches:runData', { id: b.id, run: r.index });
          if (res.ok) next[r.index] = res.data;
        }),
    );
    data.value = next;
    loading.value = false;
  }
  watch(() => batch.value?.results.filter((r) => r.status === 'finished').length ?? 0, load, { immediate: true });
  return { data, loading };
}
