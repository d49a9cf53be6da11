import { ref, watch, type Ref } from 'vue';
import type { BatchDetail } from '@shared/experiment/design';
import type { ApiResult } from '@shared/results/result';
import type { RunData } from '@shared/results/runData';

type Failure = { run: number; label: string; seed: number; message: string };
/** One run's data as the services answer it (channel `batches:runData`). */
export type FetchRunData = (batchId: string, run: number) => Promise<ApiResult<RunData>>;

/**
 * The jobs and time series of every finished run of a batch, keyed by run index: each run is
 * fetched once, when it has finished. The comparison's table and charts read the same copy. A run
 * whose data could not be read is listed in `failed` with the reason (the page says so, instead
 * of a chart silently missing a line), and asked for again at the next change.
 */
export function useRunData(batch: Ref<BatchDetail | undefined>, fetchRun: FetchRunData) {
  const data = ref<Partial<Record<number, RunData>>>({});
  const loading = ref(false);
  const failed = ref<Failure[]>([]);
  // Runs finish while earlier fetches are still out: each fetch asks only for runs no other is
  // asking for, and adds what it got to what is there, so one that ends last cannot put back an
  // older, shorter set (the summary then read two of three seeds with every run done).
  const asked = new Set<number>();

  async function load() {
    const b = batch.value;
    if (!b) return;
    const wanted = b.results.filter((r) => r.status === 'finished' && !data.value[r.index] && !asked.has(r.index));
    if (wanted.length === 0) return;
    for (const r of wanted) asked.add(r.index);
    loading.value = true;
    const got: Record<number, RunData> = {};
    const problems: Failure[] = [];
    await Promise.all(
      wanted.map(async (r) => {
        const res = await fetchRun(b.id, r.index);
        if (res.ok) got[r.index] = res.data;
        else problems.push({ run: r.index, label: r.label, seed: r.seed, message: res.error.message });
      }),
    );
    data.value = { ...data.value, ...got };
    for (const r of wanted) asked.delete(r.index);
    failed.value = [...failed.value.filter((f) => !wanted.some((r) => r.index === f.run)), ...problems].sort((a, c) => a.run - c.run);
    loading.value = asked.size > 0;
  }
  watch(() => batch.value?.results.filter((r) => r.status === 'finished').length ?? 0, load, { immediate: true });
  return { data, loading, failed };
}
