import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { RunProgressEvent } from '@shared/experiment/design';
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

/**
 * The series with the sample added, as a new object: the charts follow the series by identity, so
 * one grown in place would never redraw (the live charts froze at their first samples). The
 * arrays are shared and grow in place; only the object around them is new.
 */
function appended(previous: LiveSeries | undefined, live: NonNullable<RunProgressEvent['live']>, simTime: number): LiveSeries {
  const series = { ...(previous ?? { t: [], cpu: [], running: [], pending: [] }) };
  series.t.push(simTime);
  series.cpu.push(live.cpu);
  series.running.push(live.running);
  series.pending.push(live.pending);
  if (series.t.length > MAX_POINTS) for (const k of ['t', 'cpu', 'running', 'pending'] as const) series[k] = series[k].filter((_, i) => i % 2 === 0);
  return series;
}

/** Live progress of the runs of every batch executing now, from `experiments:progress` events. */
export const useBatchProgress = defineStore('batchProgress', () => {
  const byBatch = ref<Record<string, Partial<Record<number, RunProgressEvent>>>>({});
  // Plain arrays under a shallow ref: thousands of points need no deep reactivity.
  const live = shallowRef<Record<string, Partial<Record<number, LiveSeries>>>>({});
  api.on('experiments:progress', (p) => {
    byBatch.value = { ...byBatch.value, [p.batchId]: { ...(byBatch.value[p.batchId] ?? {}), [p.run]: p } };
    if (!p.live) return;
    const runs = live.value[p.batchId] ?? {};
    live.value = { ...live.value, [p.batchId]: { ...runs, [p.run]: appended(runs[p.run], p.live, p.simTime) } };
  });
  return { byBatch, live };
});
