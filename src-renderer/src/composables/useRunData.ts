import { ref, watch, type Ref } from 'vue';
import type { BatchDetail } from '@shared/experiment/design';
import type { RunData } from '@shared/results/runData';
import { api } from '../api';

/**
 * The jobs and time series of every finished run of a batch, keyed by run index: each run is
 * fetched once, when it has finished. The comparison's table and charts read the same copy. A run
 * whose data could not be read is listed in `failed` with the reason (the page says so, instead
 * of a chart silently missing a line), and asked for again at the next change.
 */
export function useRunData(batch: Ref<BatchDetail | undefined>) {
  const data = ref<Partial<Record<number, RunData>>>({});
  const loading = ref(false);
  const failed = ref<{ run: number; label: string; seed: number; message: string }[]>([]);

  async function load() {
    const b = batch.value;
    if (!b) return;
    loading.value = true;
    const next = { ...data.value };
    const problems: typeof failed.value = [];
    await Promise.all(
      b.results
        .filter((r) => r.status === 'finished' && !next[r.index])
        .map(async (r) => {
          const res = await api.call('batches:runData', { id: b.id, run: r.index });
          if (res.ok) next[r.index] = res.data;
          else problems.push({ run: r.index, label: r.label, seed: r.seed, message: res.error.message });
        }),
    );
    data.value = next;
    failed.value = problems.sort((a, c) => a.run - c.run);
    loading.value = false;
  }
  watch(() => batch.value?.results.filter((r) => r.status === 'finished').length ?? 0, load, { immediate: true });
  return { data, loading, failed };
}
