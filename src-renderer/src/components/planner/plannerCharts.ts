import type { PlanResult } from '@shared/aria/plan';
import type { FailureBounds } from '@shared/aria/failure';
import type { PlannerCheckPoint } from '@shared/aria/check';
import { secondsPointer } from '../../utils/chartAxes';

/** Every name in view, clear of the chart's save button in the top right corner. */
const PLANNER_LEGEND = { top: 0, left: 8, right: 28 };

/**
 * Where the chart is narrower than its legend's one row (`oneRowPx`, measured in Chromium, plus
 * the margins), the names take two rows and the plot starts below both instead of under them.
 */
function roomForLegend<T extends { grid: { top: number } }>(option: T, oneRowPx: number): Record<string, unknown> {
  return { baseOption: option, media: [{ query: { maxWidth: oneRowPx + 36 }, option: { grid: { top: option.grid.top + 24 } } }] };
}

/**
 * ECharts options of the planner (ARIA Fig. 7, 8 and 9), built from plain results so they can be
 * checked without a canvas. Colours stay ECharts' own palette; one series per bound.
 */

const BOUND_NAMES = { low: 'T as lower bound', avg: 'T as average', up: 'T as upper bound' } as const;

/**
 * A curve's points where it turns: the ends, and each point whose reduce slots differ from a
 * neighbour's. The pairs come one map slot apart, so the points left out lie on the straight runs
 * between these: the line drawn is the same, from a few hundred points where a cluster of a million
 * slots has a million (drawing those froze the planner for seconds at each change).
 */
export function curveCorners(pairs: readonly { mapSlots: number; reduceSlots: number }[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < pairs.length; i++) {
    const r = pairs[i].reduceSlots;
    if (i === 0 || i === pairs.length - 1 || pairs[i - 1].reduceSlots !== r || pairs[i + 1].reduceSlots !== r) out.push([pairs[i].mapSlots, r]);
  }
  return out;
}

/** Fig. 7: the minimal (map slots, reduce slots) pairs of each bound, and the recommended pair. */
export function allocationOption(r: PlanResult): Record<string, unknown> {
  const kinds = ['low', 'avg', 'up'] as const;
  const series: object[] = kinds.map((k) => ({
    name: BOUND_NAMES[k],
    type: 'line',
    step: false,
    showSymbol: false,
    data: curveCorners(r.allocations?.[k] ?? []),
  }));
  if (r.minimal) series.push({ name: 'Fewest slots (average)', type: 'scatter', symbolSize: 12, data: [[r.minimal.mapSlots, r.minimal.reduceSlots]] });
  return roomForLegend(
    {
      animation: false,
      tooltip: {
        trigger: 'item',
        formatter: (p: { seriesName: string; value: [number, number] }) => `${p.seriesName}: ${p.value[0]} map + ${p.value[1]} reduce slots`,
      },
      legend: PLANNER_LEGEND,
      grid: { left: 56, right: 16, top: 36, bottom: 44 },
      xAxis: { type: 'value', name: 'Map slots', nameLocation: 'middle', nameGap: 28, minInterval: 1 },
      yAxis: { type: 'value', name: 'Reduce slots', nameLocation: 'middle', nameGap: 40, minInterval: 1 },
      series,
    },
    520,
  );
}

/** Fig. 9: completion-time bounds for a worker failure at each t_f, against the failure-free bounds. */
export function failureOption(
  curve: { atS: number; low: number; up: number; avg: number; stage: FailureBounds['stage'] }[],
  normal: { low: number; up: number },
): Record<string, unknown> {
  const line = (name: string, data: [number, number][], dashed = false) => ({
    name,
    type: 'line',
    showSymbol: false,
    data,
    ...(dashed ? { lineStyle: { type: 'dashed' } } : {}),
  });
  const end = curve.length ? curve[curve.length - 1].atS : 0;
  return roomForLegend(
    {
      animation: false,
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${Math.round(v)} s` },
      legend: PLANNER_LEGEND,
      grid: { left: 56, right: 16, top: 36, bottom: 44 },
      xAxis: { type: 'value', name: 'Failure time (s)', nameLocation: 'middle', nameGap: 28, max: Math.ceil(end), axisPointer: secondsPointer('failure at ') },
      yAxis: { type: 'value', name: 'Completion (s)', nameLocation: 'middle', nameGap: 44, scale: true },
      series: [
        line(
          'Lower bound with failure',
          curve.map((c) => [c.atS, c.low]),
        ),
        line(
          'Upper bound with failure',
          curve.map((c) => [c.atS, c.up]),
        ),
        line(
          'Lower bound, no failure',
          [
            [0, normal.low],
            [end, normal.low],
          ],
          true,
        ),
        line(
          'Upper bound, no failure',
          [
            [0, normal.up],
            [end, normal.up],
          ],
          true,
        ),
      ],
    },
    660,
  );
}

/** Fig. 8: simulated completion of each checked point against its predicted bounds, and the deadline. */
export function checkOption(points: readonly PlannerCheckPoint[], deadlineS?: number): Record<string, unknown> {
  const labels = points.map((p) => `${p.mapSlots}×${p.reduceSlots}`);
  return roomForLegend(
    {
      animation: false,
      tooltip: { trigger: 'axis', valueFormatter: (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${Math.round(v)} s`) },
      legend: PLANNER_LEGEND,
      grid: { left: 56, right: 16, top: 36, bottom: 56 },
      xAxis: { type: 'category', data: labels, name: 'Map × reduce slots', nameLocation: 'middle', nameGap: 36 },
      yAxis: { type: 'value', name: 'Completion (s)', nameLocation: 'middle', nameGap: 44 },
      series: [
        { name: 'Predicted lower', type: 'line', data: points.map((p) => p.predicted.low), showSymbol: true },
        { name: 'Predicted average', type: 'line', data: points.map((p) => p.predicted.avg), showSymbol: true },
        { name: 'Predicted upper', type: 'line', data: points.map((p) => p.predicted.up), showSymbol: true },
        {
          name: 'Simulated',
          type: 'bar',
          data: points.map((p) => p.simulatedS),
          ...(deadlineS !== undefined
            ? {
                markLine: {
                  symbol: 'none',
                  data: [{ yAxis: deadlineS, name: 'Deadline' }],
                  label: { formatter: `deadline ${Math.round(deadlineS)} s`, position: 'insideEndTop' },
                },
              }
            : {}),
        },
      ],
    },
    560,
  );
}

/** Points to simulate along each curve: its ends and evenly spaced ones between (ARIA sec. 5.4 samples each curve). */
export function samplePoints(r: PlanResult, perCurve: number): { mapSlots: number; reduceSlots: number; curve: 'low' | 'avg' | 'up' }[] {
  const out: { mapSlots: number; reduceSlots: number; curve: 'low' | 'avg' | 'up' }[] = [];
  for (const curve of ['low', 'avg', 'up'] as const) {
    const pairs = r.allocations?.[curve] ?? [];
    if (!pairs.length) continue;
    const n = Math.min(perCurve, pairs.length);
    for (let i = 0; i < n; i++) {
      const p = pairs[n === 1 ? 0 : Math.round((i * (pairs.length - 1)) / (n - 1))];
      out.push({ ...p, curve });
    }
  }
  return out;
}
