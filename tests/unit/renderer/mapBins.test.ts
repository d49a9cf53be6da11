import { describe, expect, it } from 'vitest';
import { BY_INPUT, mapBins, NARROW_SIZES_PX, sizesChart } from '../../../src-renderer/src/components/workload/mapBins';

describe("the workload preview's job sizes", () => {
  it("bins jobs by maps as the ILA paper's Table 4 does", () => {
    expect(mapBins([{ maps: 1 }, { maps: 2 }, { maps: 20 }, { maps: 21 }, { maps: 600 }])).toEqual({
      labels: ['1-2', '3-20', '21-150', '151-300', '301-500', '> 500'],
      counts: [2, 1, 1, 0, 0, 1],
    });
  });

  it('puts a job sized by its input in a bar of its own, not among the one-map jobs', () => {
    const { labels, counts } = mapBins([{ maps: 1 }, {}, {}]);
    expect(labels.at(-1)).toBe(BY_INPUT);
    expect(counts).toEqual([1, 0, 0, 0, 0, 0, 2]);
  });
});

describe('sizesChart', () => {
  it('names every range, level where they fit and slanted in a narrow preview, with each bar its share of the jobs', () => {
    const chart = sizesChart([{ maps: 1 }, { maps: 2 }, { maps: 400 }, {}]);
    expect(chart.baseOption.xAxis.data).toEqual(['1-2', '3-20', '21-150', '151-300', '301-500', '> 500', BY_INPUT]);
    expect(chart.baseOption.xAxis.axisLabel).toEqual({ interval: 0, fontSize: 10 });
    expect(chart.media).toEqual([{ query: { maxWidth: NARROW_SIZES_PX }, option: expect.objectContaining({ xAxis: { axisLabel: { rotate: 35 } } }) }]);
    // Seven ranges of about 40 px each fit level in a plot as wide as the narrow width less its margins.
    expect(NARROW_SIZES_PX - chart.baseOption.grid.left - chart.baseOption.grid.right).toBeGreaterThanOrEqual(7 * 40);
    const label = chart.baseOption.series[0].label.formatter;
    expect([2, 1, 0].map((value) => label({ value }))).toEqual(['50 %', '25 %', '0 %']);
  });
});
