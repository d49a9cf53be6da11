import { describe, expect, it } from 'vitest';
import { BY_INPUT, mapBins } from '../../../src-renderer/src/components/workload/mapBins';

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
