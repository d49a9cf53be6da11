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
function appended(previous: LiveSeries | undefined, points: NonNullable<RunProgressEvent['samples']>): LiveSeries {
  const series = { ...(previous ?? { t: [], cpu: [], running: [], pending: [] }) };
  for (const p of points) {
    // A point at or before the last one (the run's own last state sent again) adds nothing.
    if (series.t.length && p.t <= series.t[series.t.length - 1]) continue;
    series.t.push(p.t);
    series.cpu.push(p.cpu);
    series.running.push(p.running);
    series.pending.push(p.pending);
  }
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
    // Every state sampled since the last event; an event from a pool that sends only its latest state, that one.
    const points = p.samples ?? (p.live ? [{ t: p.simTime, ...p.live }] : []);
    if (!points.length) return;
    const runs = live.value[p.batchId] ?? {};
    live.value = { ...live.value, [p.batchId]: { ...runs, [p.run]: appended(runs[p.run], points) } };
  });
  return { byBatch, live };
});
