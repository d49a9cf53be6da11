import { createRequire } from 'node:module';
import type * as Echarts from 'echarts';
import { shortLabels } from '../shared/results/shortLabels';
import { sweepChartOption } from '../shared/results/sweepChart';
import { SWEEP_METRIC, type ReportRun, type ResultReport } from './resultReport';

let loaded: typeof Echarts | undefined;
/**
 * ECharts, loaded at the first chart drawn: it is 3.7 MB of script, about 0.13 s of a CLI
 * command's start, which every command and the app's main process would otherwise pay to draw
 * nothing (tests/integration/cli/startup.test.ts pins that a cluster import loads none of it).
 */
function echarts(): typeof Echarts {
  loaded ??= createRequire(typeof __filename === 'string' ? __filename : import.meta.url)('echarts') as typeof Echarts;
  return loaded;
}

/**
 * The report's charts as SVG strings, drawn by ECharts' server-side renderer: the same library as
 * the app's charts, no browser and no script in the report. Animation is off so the SVG is the
 * final picture.
 */
function svg(option: Record<string, unknown>, width = 760, height = 320): string {
  const chart = echarts().init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ animation: false, textStyle: { fontFamily: 'sans-serif' }, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** At most `max` points of a sorted series, evenly spaced by rank (a CDF keeps its shape). */
function thin(values: number[], max: number): [number, number][] {
  const n = values.length;
  const step = Math.max(1, Math.ceil(n / max));
  const out: [number, number][] = [];
  for (let i = 0; i < n; i += step) out.push([values[i], (i + 1) / n]);
  if (n && out[out.length - 1][1] !== 1) out.push([values[n - 1], 1]);
  return out;
}

const legend = { top: 0, type: 'plain' };
const grid = { left: 64, right: 24, top: 40, bottom: 48 };

/**
 * The names a chart's legend or axis shows: in a comparison across history, "ILA · 14:35" for
 * "ILA — March — 2026-12-03 14:35" (shared/results/shortLabels.ts), as the app's charts do; the
 * tables beside them keep the whole names.
 */
function shortNames(names: readonly string[]): Map<string, string> {
  const short = shortLabels(names);
  return new Map(names.map((n, i) => [n, short[i]]));
}

/**
 * The legend, and the plot (with the value axis's name above it) started below however many rows
 * the legend takes, so no text is drawn over another or over the data. ECharts' legend at 12 px is
 * about 7 px a character and 35 px of swatch and gap an item, wrapped at the chart's width; its rows
 * are 22 px apart, and the axis's name sits 21 px above the plot.
 */
function legendAndGrid(names: readonly string[], width = 760) {
  let rows = 1;
  let used = 0;
  for (const n of names) {
    const item = 35 + 7 * n.length;
    if (used > 0 && used + item > width - 20) {
      rows++;
      used = 0;
    }
    used += item;
  }
  return { legend, grid: { ...grid, top: 26 + 22 * rows } };
}

export function jctCdfSvg(r: ResultReport): string {
  const names = shortNames(r.jct.map((s) => s.scheduler));
  return svg({
    ...legendAndGrid([...names.values()]),
    xAxis: { type: 'log', name: 'job completion time (s)', nameLocation: 'middle', nameGap: 28, minorSplitLine: { show: false } },
    yAxis: { type: 'value', min: 0, max: 1, name: 'fraction of jobs' },
    series: r.jct.map((s) => ({
      type: 'line',
      name: names.get(s.scheduler),
      step: 'end',
      showSymbol: false,
      data: thin(
        s.seconds.map((x) => Math.max(x, 0.001)),
        400,
      ),
    })),
  });
}

/** Mean JCT per scheduler with its 95 % interval over seeds, drawn as a box from low to high with the mean across it. */
export function meanJctSvg(r: ResultReport): string {
  const rows = r.summary.filter((x) => x.metric === 'Mean job completion time');
  const names = shortLabels(rows.map((x) => x.configuration));
  return svg({
    grid: { ...grid, bottom: 72 },
    xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: rows.length > 4 ? 20 : 0 } },
    yAxis: { type: 'value', name: 'mean JCT (s), 95 % interval', scale: true },
    series: [
      {
        type: 'boxplot',
        data: rows.map((x) => (x.mean === null ? [] : [x.ciLow ?? x.mean, x.ciLow ?? x.mean, x.mean, x.ciHigh ?? x.mean, x.ciHigh ?? x.mean])),
      },
    ],
  });
}

/** A sweep: mean JCT against the swept value, as the app's sweep chart draws it (shared/results/sweepChart.ts). */
export function sweepSvg(r: ResultReport): string {
  if (!r.sweep) return '';
  return svg({ ...sweepChartOption(r.sweep, SWEEP_METRIC), ...legendAndGrid(r.sweep.lines.map((l) => l.name)) });
}

/** Share of each job group's maps that read their input locally, per scheduler (ILA Fig. 7). */
export function localitySvg(r: ResultReport): string {
  const groups = r.locality.rows.map((row) => row.group);
  const names = shortNames(r.locality.schedulers);
  const frame = legendAndGrid([...names.values()]);
  return svg({
    ...frame,
    grid: { ...frame.grid, bottom: 72 },
    xAxis: { type: 'category', data: groups, axisLabel: { interval: 0, rotate: groups.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', min: 0, max: 100, name: 'local maps (%)' },
    series: r.locality.schedulers.map((s) => ({
      type: 'bar',
      name: names.get(s),
      data: r.locality.rows.map((row) => {
        const c = row.cells[s] as (typeof row.cells)[string] | undefined;
        return c && c.maps ? Math.round((1000 * c.local) / c.maps) / 10 : null;
      }),
    })),
  });
}

/** FAWKES Fig. 9: per policy, the smallest, median and largest of its MR-clusters' average job slowdowns. */
export function mrClusterSlowdownSvg(r: ResultReport): string {
  const rows = r.mrClusters?.rows ?? [];
  const bar = (name: string, key: 'min' | 'median' | 'max', colour: string) => ({
    type: 'bar',
    name,
    color: colour,
    data: rows.map((x) => (x[key] === null ? null : Math.round(x[key]! * 100) / 100)),
  });
  return svg({
    legend,
    grid: { ...grid, bottom: 72 },
    xAxis: { type: 'category', data: shortLabels(rows.map((x) => x.scheduler)), axisLabel: { interval: 0, rotate: rows.length > 4 ? 20 : 0 } },
    yAxis: { type: 'value', min: 0, name: 'average job slowdown' },
    series: [bar('min', 'min', '#9ecae1'), bar('median', 'median', '#4292c6'), bar('max', 'max', '#08519c')],
  });
}

/** Share of the cluster's cores busy over time, one line per scheduler (its first seed). */
export function cpuOverTimeSvg(runs: ReportRun[]): string {
  const names = runNames(runs);
  return svg({
    ...legendAndGrid(names),
    xAxis: { type: 'value', name: 'simulated time (s)', nameLocation: 'middle', nameGap: 28 },
    yAxis: { type: 'value', min: 0, max: 100, name: 'CPU busy (%)' },
    series: runs.map((run, i) => ({
      type: 'line',
      name: names[i],
      showSymbol: false,
      data: thinSeries(
        run.series.t,
        run.series.cpu.map((c) => Math.round(c * 1000) / 10),
        600,
      ),
    })),
  });
}

/** Tasks waiting for a slot or container over time, one line per scheduler (its first seed). */
export function pendingOverTimeSvg(runs: ReportRun[]): string {
  const names = runNames(runs);
  return svg({
    ...legendAndGrid(names),
    xAxis: { type: 'value', name: 'simulated time (s)', nameLocation: 'middle', nameGap: 28 },
    yAxis: { type: 'value', min: 0, name: 'tasks waiting' },
    series: runs.map((run, i) => ({
      type: 'line',
      name: names[i],
      showSymbol: false,
      data: thinSeries(run.series.t, run.series.pendingTasks, 600),
    })),
  });
}

/** One line per run over time: its configuration's short name and its seed. */
function runNames(runs: readonly ReportRun[]): string[] {
  const names = shortNames(runs.map((run) => run.scheduler));
  return runs.map((run) => `${names.get(run.scheduler)} · seed ${run.seed}`);
}

/** At most about `max` points of a time series, every k-th sample and always the last. */
function thinSeries(t: number[], y: number[], max: number): [number, number][] {
  const step = Math.max(1, Math.ceil(t.length / max));
  const out: [number, number][] = [];
  for (let i = 0; i < t.length; i += step) out.push([t[i], y[i]]);
  if (t.length && (t.length - 1) % step !== 0) out.push([t[t.length - 1], y[y.length - 1]]);
  return out;
}
