import { formatValue, type MetricDef } from './metrics';
import type { SweepSeries } from './sweepSeries';

/**
 * The ECharts option of a sweep's chart, for the app (ComparisonView's SweepChart.vue) and the
 * report alike: the metric against the swept value, one line per swept scheduler with its 95 %
 * interval drawn as a bar at each value, and each scheduler the sweep left alone as a dashed level
 * across the values. A line's interval shares its name, so the legend shows and hides both.
 */
export function sweepChartOption(series: SweepSeries, metric: MetricDef, colours?: readonly string[]) {
  const values = series.lines.filter((l) => l.swept).flatMap((l) => l.points.map((p) => p.value));
  const [low, high] = values.length ? [Math.min(...values), Math.max(...values)] : [0, 1];
  // One value swept: an axis of no width draws nothing, so one either side of it.
  const [from, to] = low === high ? [low - 1, high + 1] : [low, high];
  const colour = (i: number) => (colours ? { color: colours[i % colours.length] } : {});
  const unit = metric.unit ? ` (${metric.unit})` : '';
  return {
    tooltip: { trigger: 'item' },
    legend: { type: 'scroll', top: 0, left: 8, width: '88%' },
    grid: { left: 64, right: 24, top: 52, bottom: 48 },
    xAxis: { type: 'value', name: series.axis, nameLocation: 'middle', nameGap: 28, min: from, max: to },
    // From 0, which every metric's range starts at, so no interval is cut at the bottom.
    yAxis: { type: 'value', name: `${metric.label}${unit}`, min: 0 },
    series: series.lines.flatMap((l, i): Record<string, unknown>[] => {
      if (!l.swept) {
        const p = l.points.at(0);
        const level = p ? [p.mean, p.low, p.high, p.seeds] : [null];
        return [
          {
            type: 'line',
            name: l.name,
            ...colour(i),
            symbolSize: 5,
            lineStyle: { type: 'dashed', width: 1.5 },
            tooltip: { formatter: (x: { data: unknown }) => pointWords(l.name, x.data, undefined, metric) },
            data: [
              [from, ...level],
              [to, ...level],
            ],
          },
        ];
      }
      // A bar from low to high at each value, broken between values by an empty point.
      const bars = l.points.flatMap((p) =>
        p.low === null || p.high === null
          ? []
          : [
              [p.value, p.low],
              [p.value, p.high],
              [p.value, null],
            ],
      );
      return [
        {
          type: 'line',
          name: l.name,
          ...colour(i),
          symbolSize: 7,
          lineStyle: { width: 2 },
          tooltip: { formatter: (x: { data: unknown }) => pointWords(l.name, x.data, series.axis, metric) },
          data: l.points.map((p) => [p.value, p.mean, p.low, p.high, p.seeds]),
        },
        { type: 'line', name: l.name, ...colour(i), showSymbol: false, lineStyle: { width: 1, opacity: 0.6 }, tooltip: { show: false }, data: bars },
      ];
    }),
  };
}

/**
 * A point's tooltip: "Fair (delay) at Node-locality wait s = 5: 65.0 s (95 % interval 13.5–116.6 s,
 * 3 seeds)"; a level (no `axis`) is "FIFO, not swept: …". Its data is [value, mean, low, high, seeds].
 */
export function pointWords(name: string, data: unknown, axis: string | undefined, metric: MetricDef): string {
  const [value, mean, low, high, seeds] = Array.isArray(data) ? (data as (number | null)[]) : [];
  if (typeof mean !== 'number') return name;
  const unit = metric.unit ? ` ${metric.unit}` : '';
  const at = axis === undefined ? ', not swept' : typeof value === 'number' ? ` at ${axis} = ${String(Number(value.toPrecision(6)))}` : '';
  const interval =
    typeof low === 'number' && typeof high === 'number' ? `95 % interval ${formatValue(low, metric.digits)}–${formatValue(high, metric.digits)}${unit}, ` : '';
  return `${name}${at}: ${formatValue(mean, metric.digits)}${unit} (${interval}${seeds ?? 0} seed${seeds === 1 ? '' : 's'})`;
}
