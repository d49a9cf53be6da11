import * as echarts from 'echarts/core';
import { toCsv } from '@shared/csv';
import { fromBase64 } from './download';

/**
 * A chart as a file: PNG as drawn, SVG redrawn by ECharts' SVG renderer from the same option, and
 * the numbers behind it as CSV (one row per point: series, x, y).
 */

type Option = { series?: { name?: string; data?: unknown[] }[]; xAxis?: { type?: string; data?: unknown[] }[] };

export function chartPng(chart: echarts.ECharts, background: string): Uint8Array {
  const url = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: background });
  return fromBase64(url.slice(url.indexOf(',') + 1));
}

export function chartSvg(chart: echarts.ECharts, theme: string | undefined, background: string): string {
  const copy = echarts.init(null, theme, { renderer: 'svg', ssr: true, width: chart.getWidth(), height: chart.getHeight() });
  try {
    const option = chart.getOption() as Record<string, unknown>;
    // The SVG is a still picture: no animation, no zoom slider, and a background of its own.
    copy.setOption({ ...option, animation: false, backgroundColor: background });
    return copy.renderToSVGString();
  } finally {
    copy.dispose();
  }
}

export function chartCsv(chart: echarts.ECharts): string {
  const option = chart.getOption() as Option;
  const categories = option.xAxis?.[0]?.type === 'category' ? (option.xAxis[0].data ?? []) : undefined;
  const rows: { series: string; x: unknown; y: unknown }[] = [];
  for (const s of option.series ?? []) {
    (s.data ?? []).forEach((point, i) => {
      const value = point !== null && typeof point === 'object' && !Array.isArray(point) ? (point as { value?: unknown }).value : point;
      if (Array.isArray(value)) rows.push({ series: s.name ?? '', x: value[0], y: value[1] });
      else rows.push({ series: s.name ?? '', x: categories ? categories[i] : i, y: value });
    });
  }
  return toCsv(['series', 'x', 'y'], rows);
}
