import * as echarts from 'echarts/core';
import { toCsv } from '@shared/files/csv';
import { fromBase64 } from './download';

/**
 * A chart as a file: PNG as drawn, SVG redrawn by ECharts' SVG renderer from the same option, and
 * the numbers behind it as CSV (one row per point: series, x, y).
 */

type Option = { series?: { name?: string; data?: unknown[] }[]; xAxis?: { type?: string; data?: unknown[] }[] };

/** The page's own surface and text colours (light or dark theme), for a picture that leaves it. */
export function pictureColours(): { background: string; ink: string } {
  const style = getComputedStyle(document.body);
  return { background: style.getPropertyValue('--surface').trim() || '#ffffff', ink: style.getPropertyValue('--text').trim() || '#1b1f27' };
}

/** Height of the title strip above a saved picture, in CSS pixels: the title, and under it where it is from. */
export const TITLE_STRIP = 48;

/**
 * A canvas as a PNG with its title above it: a picture that leaves the studio says what it shows
 * (`ratio` is the canvas' pixels per CSS pixel). "Chart — batch" puts the chart on the first line
 * and the batch under it.
 */
export function titledPng(picture: HTMLCanvasElement, title: string, background: string, ink: string, ratio: number): Uint8Array {
  const out = document.createElement('canvas');
  out.width = picture.width;
  out.height = picture.height + TITLE_STRIP * ratio;
  const ctx = out.getContext('2d')!;
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, out.width, out.height);
  const [head, ...rest] = title.split(' — ');
  const room = out.width - 24 * ratio;
  ctx.fillStyle = ink;
  ctx.textBaseline = 'middle';
  ctx.font = `600 ${14 * ratio}px system-ui, sans-serif`;
  ctx.fillText(head, 12 * ratio, 16 * ratio, room);
  ctx.globalAlpha = 0.7;
  ctx.font = `${11 * ratio}px system-ui, sans-serif`;
  ctx.fillText(rest.join(' — '), 12 * ratio, 35 * ratio, room);
  ctx.globalAlpha = 1;
  ctx.drawImage(picture, 0, TITLE_STRIP * ratio);
  const url = out.toDataURL('image/png');
  return fromBase64(url.slice(url.indexOf(',') + 1));
}

/**
 * The chart as a PNG, drawn afresh from its option on a canvas of the same size: what the user
 * sees, without the tooltip or hover marks of the moment.
 */
export function chartPng(chart: echarts.ECharts, theme: string | undefined, title: string, background: string, ink: string): Uint8Array {
  const box = document.createElement('div');
  box.style.width = `${chart.getWidth()}px`;
  box.style.height = `${chart.getHeight()}px`;
  const copy = echarts.init(box, theme, { renderer: 'canvas', devicePixelRatio: 2, width: chart.getWidth(), height: chart.getHeight() });
  try {
    copy.setOption({ ...(chart.getOption() as Record<string, unknown>), animation: false, backgroundColor: background });
    return titledPng(copy.getRenderedCanvas({ pixelRatio: 2, backgroundColor: background }), title, background, ink, 2);
  } finally {
    copy.dispose();
  }
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
