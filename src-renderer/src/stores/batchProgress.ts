import { defineStore } from 'pinia';
import { ref, shallowRef, triggerRef } from 'vue';
import type { RunProgressEvent } from '@shared/design';
import { api } from '../api';

/** What a running run looked like over simulated time, for the live charts (as YARN SLS shows them). */
export interface LiveSeries {
  t: number[];
  cpu: number[];
  running: number[];
  pending: number[];
}

/** Points kept per run; past it every other point is dropped, so a long run keeps its whole span. */
const MAX_POINTS = 2000;

function append(series: LiveSeries, p: RunProgressEvent): void {
  if (!p.live) return;
  series.t.push(p.simTime);
  series.cpu.push(p.live.cpu);
  series.running.push(p.live.running);
  series.pending.push(p.live.pending);
  if (series.t.length > MAX_POINTS) for (const k of ['t', 'cpu', 'running', 'pending'] as const) series[k] = series[k].filter((_, i) => i % 2 === 0);
}

/** Live progress of the runs of every batch executing now, from `experiments:progress` events. */
export const useBatchProgress = defineStore('batchProgress', () => {
  const byBatch = ref<Record<string, Partial<Record<number, RunProgressEvent>>>>({});
  // Plain arrays under a shallow ref: thousands of points need no deep reactivity.
  const live = shallowRef<Record<string, Partial<Record<number, LiveSeries>>>>({});
  api.on('experiments:progress', (p) => {
    byBatch.value = { ...byBatch.value, [p.batchId]: { ...(byBatch.value[p.batchId] ?? {}), [p.run]: p } };
    if (!p.live) return;
    const runs = (live.value[p.batchId] ??= {});
    append((runs[p.run] ??= { t: [], cpu: [], running: [], pending: [] }), p);
    triggerRef(live);
  });
  return { byBatch, live };
});
