import { configurationLabel, type BatchDetail, type BatchRun } from '@shared/experiment/design';
import { runConcurrencyText } from '@shared/experiment/sweptRun';
import { shortLabels } from '@shared/results/shortLabels';
import { compactSweptName } from '@shared/experiment/runNames';

/** The runs of one compared configuration (scheduler variant × cluster × workload) over the seeds. */
export interface RunGroup {
  key: string;
  label: string;
  /**
   * The name that fits a chart's legend, axis or a table's header: in a comparison across history,
   * "ILA · 14:35" for "ILA — March — 2026-12-03 14:35" (shared/results/shortLabels.ts); else the label.
   */
  short: string;
  runs: BatchRun[];
}

/**
 * Group a batch's finished runs by what is being compared; seeds are the repetitions within a
 * group. Partial runs (cut short by a cancel) stay out: they would mix half a workload into means.
 */
export function groupRuns(batch: BatchDetail): RunGroup[] {
  const groups = new Map<string, RunGroup>();
  for (const r of batch.results) {
    if (r.status !== 'finished') continue;
    const label = configurationLabel(batch.inputs, r);
    const key = `${r.label}|${r.cluster}|${r.workload}`;
    if (!groups.has(key)) groups.set(key, { key, label, short: label, runs: [] });
    groups.get(key)!.runs.push(r);
  }
  const all = [...groups.values()];
  const short = shortNames(batch, all);
  return all.map((g, i) => ({ ...g, short: short[i] }));
}

/**
 * Each group's short name: across history, the words that tell its source apart; in a sweep, the
 * swept value put compactly ("Fair (delay) · 5 s"), unless two groups would then read alike.
 */
function shortNames(batch: BatchDetail, all: readonly RunGroup[]): string[] {
  const short = shortLabels(all.map((g) => g.label));
  const { sweep, schedulers } = batch.inputs;
  const compact = all.map((g, i) => {
    const r = g.runs[0];
    return compactSweptName(short[i], sweep, schedulers[r.scheduler]?.kind ?? '', r.sweepValue);
  });
  return new Set(compact).size === compact.length ? compact : short;
}

/**
 * What each compared configuration could run at once on its cluster ("120 map + 60 reduce slots"),
 * from the batch's own copy of its inputs, so a comparison shows the capacity each policy had: on
 * the servers a sweep gave it, with the parameter a sweep set.
 */
export function groupConcurrency(batch: BatchDetail, groups: readonly RunGroup[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const g of groups) {
    const run = g.runs.at(0);
    const text = run && runConcurrencyText(batch.inputs, run);
    if (text) out[g.key] = text;
  }
  return out;
}

/** A palette that stays apart in light and dark themes (one colour per group, in order). */
export const GROUP_COLOURS = ['#2f6fde', '#e0703a', '#2a9d6f', '#b04fcf', '#d4a72c', '#d2476b', '#3aa8c1', '#7a7f8c', '#8c5a2b', '#5b6fd6'];
