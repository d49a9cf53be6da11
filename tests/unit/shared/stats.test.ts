import { describe, expect, it } from 'vitest';
import { meanCi, tQuantile975 } from '@shared/stats';

describe('confidence intervals across seeds', () => {
  it('uses Student\'s t for small samples and approaches the normal for large ones', () => {
    expect(tQuantile975(1)).toBe(12.706);
    expect(tQuantile975(30)).toBe(2.042);
    expect(tQuantile975(60)).toBeCloseTo(2.0, 2);
    expect(tQuantile975(1e6)).toBeCloseTo(1.96, 3);
  });

  it('gives the textbook interval', () => {
    // mean 5, sample sd sqrt(2.5), n 5: half = 2.776 · sqrt(2.5 / 5).
    const r = meanCi([3, 4, 5, 6, 7]);
    expect(r.mean).toBe(5);
    expect(r.half).toBeCloseTo(2.776 * Math.sqrt(0.5), 9);
    expect(meanCi([42])).toEqual({ mean: 42, half: null, n: 1 });
    expect(meanCi([])).toMatchObject({ n: 0, half: null });
  });
});
