import { describe, expect, it } from 'vitest';
import { completionBounds, lowBoundCoefficients } from '@shared/aria/bounds';
import { fewestSlots, provision, provisionAll } from '@shared/aria/provisioning';
import { TABLE1 } from './fixtures';

const input = { maps: 425, reduces: 64, clusterMapSlots: 64, clusterReduceSlots: 64, deadlineS: 8 * 60 };

describe('ARIA SLO-based provisioning (Algorithm 1, sec. 4.5)', () => {
  it('finds, for each map-slot count, the fewest reduce slots that meet the deadline under the chosen bound', () => {
    const p = TABLE1.WordCount;
    for (const kind of ['low', 'up', 'avg'] as const) {
      const curve = provision(p, input, kind);
      expect(curve.length).toBeGreaterThan(0);
      for (const { mapSlots, reduceSlots } of curve) {
        const at = (sr: number) => completionBounds(p, { maps: input.maps, reduces: input.reduces, mapSlots, reduceSlots: sr })[kind];
        expect(at(reduceSlots)).toBeLessThanOrEqual(input.deadlineS);
        if (reduceSlots > 1) expect(at(reduceSlots - 1)).toBeGreaterThan(input.deadlineS);
      }
      // Fewer map slots need at least as many reduce slots (the curve of Fig. 7).
      for (let i = 1; i < curve.length; i++) {
        expect(curve[i].mapSlots).toBe(curve[i - 1].mapSlots - 1);
        expect(curve[i].reduceSlots).toBeGreaterThanOrEqual(curve[i - 1].reduceSlots);
      }
      // The sweep stops at the first map-slot count that cannot make it.
      const last = curve[curve.length - 1];
      if (last.mapSlots > 1)
        expect(
          completionBounds(p, { maps: input.maps, reduces: input.reduces, mapSlots: last.mapSlots - 1, reduceSlots: input.clusterReduceSlots })[kind],
        ).toBeGreaterThan(input.deadlineS);
    }
  });

  it('gives each point the fewest reduce slots on every profile and shape, single- and multi-wave (the search starts at the last point)', () => {
    let points = 0;
    for (const p of Object.values(TABLE1))
      for (const [maps, reduces, slots, deadlineS] of [
        [425, 64, 64, 480],
        [40, 8, 64, 200],
        [1000, 300, 120, 900],
        [64, 128, 64, 300],
        [3, 1, 2, 60],
      ])
        for (const kind of ['low', 'up', 'avg'] as const) {
          const curve = provision(p, { maps, reduces, clusterMapSlots: slots, clusterReduceSlots: slots, deadlineS }, kind);
          for (const { mapSlots, reduceSlots } of curve) {
            const at = (sr: number) => completionBounds(p, { maps, reduces, mapSlots, reduceSlots: sr })[kind];
            expect(at(reduceSlots)).toBeLessThanOrEqual(deadlineS);
            if (reduceSlots > 1) expect(at(reduceSlots - 1)).toBeGreaterThan(deadlineS);
            points++;
          }
        }
    expect(points).toBeGreaterThan(1000);
  });

  it('matches the paper closed form for the lower bound in the multi-wave range', () => {
    const p = TABLE1.WordCount;
    const { a, b, c } = lowBoundCoefficients(p);
    for (const { mapSlots, reduceSlots } of provision(p, input, 'low')) {
      const exact = (b * input.reduces) / (input.deadlineS - c - (a * input.maps) / mapSlots);
      if (exact < input.reduces) expect(reduceSlots).toBe(Math.max(1, Math.ceil(exact - 1e-9)));
    }
  });

  it('asks for more slots when the deadline is targeted as the upper bound (sec. 5.4)', () => {
    const all = provisionAll(TABLE1.WikiTrends, { maps: 168, reduces: 64, clusterMapSlots: 64, clusterReduceSlots: 64, deadlineS: 9 * 60 });
    const low = new Map(all.allocations.low.map((q) => [q.mapSlots, q.reduceSlots]));
    for (const q of all.allocations.up) expect(q.reduceSlots).toBeGreaterThanOrEqual(low.get(q.mapSlots)!);
    const total = (q: { mapSlots: number; reduceSlots: number } | null) => q!.mapSlots + q!.reduceSlots;
    expect(total(all.minimalBy.low)).toBeLessThanOrEqual(total(all.minimalBy.avg));
    expect(total(all.minimalBy.avg)).toBeLessThanOrEqual(total(all.minimalBy.up));
    expect(all.minimal).toEqual(all.minimalBy.avg);
  });

  it('returns an empty curve when the deadline cannot be met on the whole cluster', () => {
    const all = provisionAll(TABLE1.WikiTrends, { maps: 168, reduces: 64, clusterMapSlots: 64, clusterReduceSlots: 64, deadlineS: 60 });
    expect(all.allocations.low).toEqual([]);
    expect(all.minimal).toBeNull();
  });

  it('picks the pair with the fewest slots in total', () => {
    expect(
      fewestSlots([
        { mapSlots: 10, reduceSlots: 3 },
        { mapSlots: 8, reduceSlots: 4 },
        { mapSlots: 7, reduceSlots: 6 },
      ]),
    ).toEqual({ mapSlots: 8, reduceSlots: 4 });
    expect(fewestSlots([])).toBeNull();
  });

  it('refuses a deadline that is not positive', () => {
    expect(() => provision(TABLE1.Sort, { ...input, deadlineS: 0 }, 'low')).toThrow(/deadline must be greater than 0/);
  });
});
