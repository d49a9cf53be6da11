import { describe, expect, it } from 'vitest';
import { provision } from '@shared/aria/provisioning';
import { curveCorners, failureOption } from '../../../src-renderer/src/components/planner/plannerCharts';
import { TABLE1 } from '../aria/fixtures';

/** The reduce slots the drawn polyline gives at map slots m (linear between its points). */
function drawnAt(line: [number, number][], m: number): number {
  for (let i = 1; i < line.length; i++) {
    const [m0, r0] = line[i - 1];
    const [m1, r1] = line[i];
    if ((m <= m0 && m >= m1) || (m >= m0 && m <= m1)) return m0 === m1 ? r0 : r0 + ((r1 - r0) * (m - m0)) / (m1 - m0);
  }
  return line.length === 1 && line[0][0] === m ? line[0][1] : NaN;
}

describe("the planner's allocation chart", () => {
  it('draws a curve of a million map slots from its corners alone, passing through every pair', () => {
    const pairs = provision(
      TABLE1.WordCount,
      { maps: 1_000_000, reduces: 100_000, clusterMapSlots: 1_000_000, clusterReduceSlots: 1_000_000, deadlineS: 100_000 },
      'avg',
    );
    expect(pairs.length).toBeGreaterThan(900_000);
    const line = curveCorners(pairs);
    expect(line.length).toBeLessThan(2_000);
    expect(line[0]).toEqual([pairs[0].mapSlots, pairs[0].reduceSlots]);
    expect(line.at(-1)).toEqual([pairs.at(-1)!.mapSlots, pairs.at(-1)!.reduceSlots]);
    for (const p of pairs) expect(drawnAt(line, p.mapSlots)).toBe(p.reduceSlots);
  });

  it('keeps every point of a short or one-point curve', () => {
    expect(curveCorners([])).toEqual([]);
    expect(curveCorners([{ mapSlots: 5, reduceSlots: 2 }])).toEqual([[5, 2]]);
    const stairs = [
      { mapSlots: 4, reduceSlots: 1 },
      { mapSlots: 3, reduceSlots: 2 },
      { mapSlots: 2, reduceSlots: 2 },
      { mapSlots: 1, reduceSlots: 5 },
    ];
    expect(curveCorners(stairs)).toEqual([
      [4, 1],
      [3, 2],
      [2, 2],
      [1, 5],
    ]);
  });
});

describe("the failure chart's tooltip", () => {
  it('is headed by the failure time in words, not the bare axis value', () => {
    const option = failureOption([{ atS: 12.345, low: 100, up: 120, avg: 110, stage: 'map' }], { low: 90, up: 100 }) as {
      baseOption: { xAxis: { axisPointer: { label: { formatter(p: { value: number }): string } } } };
    };
    expect(option.baseOption.xAxis.axisPointer.label.formatter({ value: 12.345 })).toBe('failure at 12.3 s');
  });
});
