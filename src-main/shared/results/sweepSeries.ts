import { configurationLabel, type BatchInputs, type BatchRun } from '../experiment/design';
import { sweptParameterWords } from '../experiment/runNames';
import { findDescription, schedulerLabel } from '../schedulers';
import type { MetricDef } from './metrics';
import { meanCi } from './stats';
import { toCsv } from '../files/csv';

/** One swept value of one line: the metric's mean over the seeds that finished, with its 95 % interval. */
export interface SweepPoint {
  value: number;
  mean: number;
  /** The interval clipped to what the metric can be, as the summary table clips it; null with one seed. */
  low: number | null;
  high: number | null;
  seeds: number;
}

/** A scheduler (on one cluster, with one workload) across the swept values, or unswept: one point, drawn as a level for reference. */
export interface SweepLine {
  name: string;
  swept: boolean;
  points: SweepPoint[];
}

export interface SweepSeries {
  /** The swept setting as its card labels it ("Node-locality wait s", "Servers"). */
  axis: string;
  lines: SweepLine[];
}

/**
 * A line's scheduler by its card: the swept card by its own label or its scheduler's title, since
 * its run label changes with the value ("Fair (greedy locality)" at a wait of 0, "Fair (delay)" above).
 */
function lineName(inputs: BatchInputs, r: BatchRun): string {
  const card = inputs.schedulers[r.scheduler] as BatchInputs['schedulers'][number] | undefined;
  if (!card) return r.label;
  const swept = inputs.sweep?.target === 'scheduler' && inputs.sweep.scheduler === r.scheduler;
  return swept ? (card.label ?? findDescription(card.kind)?.title ?? card.kind) : schedulerLabel(card);
}

/**
 * A sweep's answer as lines: for each scheduler the sweep varied, the metric at each value (mean
 * and 95 % interval over the seeds, as the summary table computes them), and for each scheduler it
 * did not vary, its one level beside them. Only finished runs count; a value none finished is left
 * out. Undefined for a batch without a sweep (or a comparison across history, whose runs carry no
 * sweep of their own).
 */
export function sweepSeries(inputs: BatchInputs, runs: readonly BatchRun[], metric: MetricDef): SweepSeries | undefined {
  const sweep = inputs.sweep;
  if (!sweep || inputs.sources) return undefined;
  const lines = new Map<string, { name: string; swept: boolean; byValue: Map<number, number[]> }>();
  for (const r of runs) {
    if (r.status !== 'finished' || !r.summary) continue;
    const key = `${r.scheduler}|${r.cluster}|${r.workload}`;
    let line = lines.get(key);
    if (!line) {
      const name = configurationLabel(inputs, { ...r, label: lineName(inputs, r) });
      line = { name, swept: r.sweepValue !== undefined, byValue: new Map() };
      lines.set(key, line);
    }
    const v = metric.get(r.summary);
    if (v === null || !Number.isFinite(v)) continue;
    const at = r.sweepValue ?? 0;
    line.byValue.set(at, [...(line.byValue.get(at) ?? []), v]);
  }
  const [min, max] = metric.range;
  const out = [...lines.values()].map(({ name, swept, byValue }) => ({
    name,
    swept,
    points: [...byValue]
      .sort((a, b) => a[0] - b[0])
      .map(([value, values]): SweepPoint => {
        const { mean, half, n } = meanCi(values);
        return { value, mean, low: half === null ? null : Math.max(min, mean - half), high: half === null ? null : Math.min(max, mean + half), seeds: n };
      }),
  }));
  const first = inputs.schedulers[sweep.target === 'scheduler' ? sweep.scheduler : 0] as BatchInputs['schedulers'][number] | undefined;
  return { axis: sweep.target === 'servers' ? 'Servers' : sweptParameterWords(sweep, first?.kind ?? ''), lines: out };
}

/** The sweep's chart as a table: one row per line and value, with its interval and how many seeds it is over. */
export function sweepCsv(series: SweepSeries, metric: MetricDef): string {
  const unit = metric.unit ? ` (${metric.unit})` : '';
  const rows = series.lines.flatMap((l) =>
    l.points.map((p) => ({
      scheduler: l.name,
      [series.axis]: l.swept ? p.value : 'not swept',
      [`${metric.label}${unit}`]: p.mean,
      '95 % interval low': p.low ?? '',
      '95 % interval high': p.high ?? '',
      seeds: p.seeds,
    })),
  );
  return toCsv(['scheduler', series.axis, `${metric.label}${unit}`, '95 % interval low', '95 % interval high', 'seeds'], rows);
}
