import { anp as normalisedPerformance, jobSeconds } from '@shared/results/jobTimes';
import type { BatchRun } from '@shared/experiment/design';
import type { RunSummary } from '@shared/experiment/experiment';
import { formatValue } from '@shared/results/metrics';
import type { RunData } from '@shared/results/runData';
import { GROUP_COLOURS, type RunGroup } from './groups';
import { secondsPointer } from '../../utils/chartAxes';

/*
 * The ECharts options of the comparison's charts (ComparisonCharts.vue), built from the compared
 * groups and their runs' loaded data. Time series and the ANP chart show one seed (`shown`: each
 * group's run of it, undefined where it did not finish); the CDF and the locality mix pool every
 * seed. Long series are sampled by ECharts (LTTB) so nothing stalls.
 */

type Loaded = Partial<Record<number, RunData>>;
export type SeriesField = Exclude<keyof RunData['series'], 't'>;

const colour = (i: number) => GROUP_COLOURS[i % GROUP_COLOURS.length];

function line(name: string, i: number, points: [number, number][]) {
  return { name, type: 'line', showSymbol: false, sampling: 'lttb', lineStyle: { width: 1.5 }, color: colour(i), data: points };
}

/** Tooltip values rounded to what the axis measures: whole tasks, tenths of a percent, thousandths of ANP. */
export const rounded =
  (digits: number, unit = '') =>
  (v: unknown) =>
    typeof v === 'number' ? `${formatValue(v, digits)}${unit}` : String(v ?? '—');

/** A time series of every group's run of the chosen seed, `scale` times the recorded value. */
function seriesOver(groups: readonly RunGroup[], shown: readonly (BatchRun | undefined)[], data: Loaded, field: SeriesField, scale: number) {
  return groups.flatMap((g, i) => {
    const run = shown[i];
    const d = run ? data[run.index] : undefined;
    if (!d) return [];
    return [
      line(
        g.short,
        i,
        d.series.t.map((t, k) => [t, d.series[field][k] * scale]),
      ),
    ];
  });
}

/** What every chart over simulated time shares: the tooltip's rounding, the legend, the zoom slider and the time axis. */
export function overTimeFrame(digits: number, unit = '') {
  return {
    tooltip: { trigger: 'axis', valueFormatter: rounded(digits, unit) },
    legend: { type: 'scroll', top: 0, left: 8, width: '88%' },
    // Room under the legend for the y-axis name: a scrolling legend spans the whole width.
    grid: { left: 56, right: 20, top: 52, bottom: 60 },
    dataZoom: [
      { type: 'inside', xAxisIndex: 0 },
      { type: 'slider', xAxisIndex: 0, height: 16, bottom: 6 },
    ],
    xAxis: { type: 'value', name: 'time (s)', nameLocation: 'middle', nameGap: 24, min: 0, axisPointer: secondsPointer() },
  };
}

/** One of the linked charts over time (zoom and tooltips move together): utilisation in %, or a count of tasks. */
export function timeSeriesOption(
  groups: readonly RunGroup[],
  shown: readonly (BatchRun | undefined)[],
  data: Loaded,
  field: SeriesField,
  axis: { name: string; digits: number; unit: string; percent?: boolean },
) {
  return {
    ...overTimeFrame(axis.digits, axis.unit),
    yAxis: { type: 'value', name: axis.name, min: 0, ...(axis.percent ? { max: 100 } : {}) },
    series: seriesOver(groups, shown, data, field, axis.percent ? 100 : 1),
  };
}

/** The distribution of succeeded jobs' completion times over every seed; a log axis shows seconds and hours alike. */
export function cdfOption(groups: readonly RunGroup[], data: Loaded, log: boolean) {
  return {
    tooltip: { trigger: 'axis', valueFormatter: rounded(3) },
    legend: { type: 'scroll', top: 0, left: 8, width: '88%' },
    // Room under the legend for the y-axis name.
    grid: { left: 56, right: 20, top: 52, bottom: 40 },
    xAxis: log
      ? { type: 'log', name: 'job completion time (s, log scale)', nameLocation: 'middle', nameGap: 24, logBase: 10, axisPointer: secondsPointer() }
      : { type: 'value', name: 'job completion time (s)', nameLocation: 'middle', nameGap: 24, min: 0, axisPointer: secondsPointer() },
    yAxis: { type: 'value', name: 'share of jobs', max: 1 },
    series: groups.map((g, i) => {
      const jct = g.runs
        .flatMap((r) => data[r.index]?.jobs ?? [])
        .filter((j) => j.status === 'succeeded' && j.finish !== null && j.submit !== null)
        .map((j) => jobSeconds(j.submit!, j.finish!))
        .sort((a, b) => a - b);
      // A log axis has no 0: an instant job sits at a millisecond.
      return {
        ...line(
          g.short,
          i,
          jct.map((x, k) => [log ? Math.max(x, 0.001) : x, (k + 1) / jct.length]),
        ),
        step: 'end',
      };
    }),
  };
}

/**
 * Below this chart width the locality legend's four names take two rows: in one row they are about
 * 350 px wide, kept 28 px clear of the save button (a 314 px chart, two a row in a 900 px window, wraps).
 */
export const LOCALITY_LEGEND_WRAPS_PX = 420;

/** Each group's maps by locality, the mean over its seeds, stacked. */
export function localityOption(groups: readonly RunGroup[]) {
  const kinds = ['node', 'server', 'rack', 'offRack'] as const;
  const names = { node: 'node-local', server: 'server-local', rack: 'rack-local', offRack: 'off-rack' };
  return {
    baseOption: localityBase(groups, kinds, names),
    // In a narrow window (two charts a row at 900 px) the legend wraps: the plot and its axis name
    // move down under the second row instead of running into it.
    // There, too, more than two names side by side would run into each other: they slant and are cut shorter.
    media: [
      {
        query: { maxWidth: LOCALITY_LEGEND_WRAPS_PX },
        option: { grid: { top: 72 }, ...(groups.length > 2 ? { xAxis: { axisLabel: { rotate: 20, width: 90 } } } : {}) },
      },
    ],
  };
}

function localityBase(
  groups: readonly RunGroup[],
  kinds: readonly ('node' | 'server' | 'rack' | 'offRack')[],
  names: Record<'node' | 'server' | 'rack' | 'offRack', string>,
) {
  return {
    tooltip: { trigger: 'axis', valueFormatter: rounded(0, ' maps') },
    // Clear of the chart's save button in the top right corner.
    legend: { top: 0, right: 28 },
    grid: { left: 56, right: 20, top: 48, bottom: 60 },
    // A long label is cut short with an ellipsis rather than run off the chart's edge; the tooltip names it whole.
    xAxis: {
      type: 'category',
      data: groups.map((g) => g.short),
      axisLabel: { interval: 0, rotate: groups.length > 4 ? 20 : 0, fontSize: 11, width: groups.length > 4 ? 110 : 150, overflow: 'truncate' },
    },
    yAxis: { type: 'value', name: 'maps (mean)' },
    series: kinds.map((k) => ({
      name: names[k],
      type: 'bar',
      stack: 'locality',
      data: groups.map((g) => {
        const xs = g.runs.filter((r) => r.summary).map((r) => (r.summary as RunSummary).locality[k]);
        return xs.length ? Math.round(xs.reduce((s, x) => s + x, 0) / xs.length) : 0;
      }),
    })),
  };
}

/** ANP per job (ideal / actual running time) of the chosen seed, jobs in the first shown run's order; a job that did not succeed has none. */
export function anpOption(groups: readonly RunGroup[], shown: readonly (BatchRun | undefined)[], data: Loaded) {
  const first = shown.find(Boolean);
  const jobs = first ? (data[first.index]?.jobs ?? []).map((j) => j.id) : [];
  return {
    tooltip: { trigger: 'axis', valueFormatter: rounded(3) },
    legend: { type: 'scroll', top: 0, left: 8, width: '88%' },
    // Room under the legend for the y-axis name: a scrolling legend spans the whole width.
    grid: { left: 56, right: 20, top: 52, bottom: 60 },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 16, bottom: 6 }],
    xAxis: { type: 'category', data: jobs, name: 'job', axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: 'ANP', max: 1 },
    series: groups.map((g, i) => {
      const run = shown[i];
      const byId = new Map((run ? (data[run.index]?.jobs ?? []) : []).map((j) => [j.id, j]));
      return {
        name: g.short,
        type: jobs.length > 60 ? 'line' : 'bar',
        showSymbol: false,
        color: colour(i),
        large: true,
        data: jobs.map((id) => {
          const j = byId.get(id);
          return j && j.status === 'succeeded' && j.idealSeconds !== null && j.finish !== null && j.submit !== null && j.finish > j.submit
            ? normalisedPerformance(j.idealSeconds, jobSeconds(j.submit, j.finish))
            : null;
        }),
      };
    }),
  };
}
