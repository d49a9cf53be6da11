import { beforeEach, describe, expect, it } from 'vitest';
import { nextTick, ref } from 'vue';
import type { BatchDetail } from '@shared/experiment/design';
import { useRunData, type FetchRunData } from '../../../src-renderer/src/composables/useRunData';

/** Each fetch of a run's data waits until the test answers it, in whatever order the test likes. */
const pending: { run: number; answer: (ok: boolean) => void }[] = [];
const fetchRun: FetchRunData = (_batch, run) =>
  new Promise((resolve) =>
    pending.push({
      run,
      answer: (ok) => resolve(ok ? { ok: true, data: { run, jobs: [] } as never } : { ok: false, error: { message: 'the file is gone' } as never }),
    }),
  );

// A test's unanswered fetches are not the next test's.
beforeEach(() => void pending.splice(0));

const batchWith = (finished: number, of = 3) =>
  ({
    id: 'b',
    results: Array.from({ length: of }, (_, index) => ({ index, label: 'FIFO', seed: index + 1, status: index < finished ? 'finished' : 'running' })),
  }) as unknown as BatchDetail;

const settle = async () => {
  for (let i = 0; i < 5; i++) await nextTick();
};
const answer = (run: number, ok = true) => {
  const at = pending.findIndex((p) => p.run === run);
  pending.splice(at, 1)[0].answer(ok);
};

describe("the comparison's run data", () => {
  it('keeps every finished run when an earlier fetch ends after a later one', async () => {
    const batch = ref(batchWith(1));
    const { data, loading } = useRunData(batch, fetchRun);
    await settle();
    batch.value = batchWith(3);
    await settle();
    // Each run is asked for once, however the fetches overlap.
    expect(pending.map((p) => p.run).sort()).toEqual([0, 1, 2]);
    answer(1);
    answer(2);
    await settle();
    expect(Object.keys(data.value)).toEqual(['1', '2']);
    expect(loading.value).toBe(true);
    answer(0);
    await settle();
    expect(Object.keys(data.value)).toEqual(['0', '1', '2']);
    expect(loading.value).toBe(false);
  });

  it('names a run whose data could not be read, and asks for it again at the next change', async () => {
    const batch = ref(batchWith(1, 2));
    const { data, failed } = useRunData(batch, fetchRun);
    await settle();
    answer(0, false);
    await settle();
    expect(failed.value).toEqual([{ run: 0, label: 'FIFO', seed: 1, message: 'the file is gone' }]);
    batch.value = batchWith(2, 2);
    await settle();
    expect(pending.map((p) => p.run).sort()).toEqual([0, 1]);
    answer(0);
    answer(1);
    await settle();
    expect(failed.value).toEqual([]);
    expect(Object.keys(data.value)).toEqual(['0', '1']);
  });
});
