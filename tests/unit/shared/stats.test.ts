import { describe, expect, it } from 'vitest';
import { meanCi, tQuantile975, welchTTest } from '@shared/results/stats';

describe('confidence intervals across seeds', () => {
  it("uses Student's t for small samples and approaches the normal for large ones", () => {
    // Published values (NIST/SEMATECH e-Handbook of Statistical Methods, table 1.3.6.7.2, upper 0.025).
    const published: [number, number][] = [
      [1, 12.706],
      [2, 4.303],
      [3, 3.182],
      [4, 2.776],
      [5, 2.571],
      [10, 2.228],
      [20, 2.086],
      [30, 2.042],
      [60, 2.0],
      [100, 1.984],
    ];
    for (const [df, t] of published) expect(tQuantile975(df), `df ${df}`).toBeCloseTo(t, 3);
    expect(tQuantile975(1e6)).toBeCloseTo(1.96, 3);
    expect(tQuantile975(0)).toBeNaN();
  });

  it('gives the textbook interval', () => {
    // mean 5, sample sd sqrt(2.5), n 5: half = t(0.975, 4) · sqrt(2.5 / 5), t = 2.776445.
    const r = meanCi([3, 4, 5, 6, 7]);
    expect(r.mean).toBe(5);
    expect(r.half).toBeCloseTo(2.776445 * Math.sqrt(0.5), 5);
    expect(meanCi([42])).toEqual({ mean: 42, half: null, n: 1 });
    expect(meanCi([])).toMatchObject({ n: 0, half: null });
  });
});

describe("Welch's t-test for runs that do not pair", () => {
  it('matches SciPy on a textbook case of unequal variances', () => {
    // scipy.stats.ttest_ind(a, b, equal_var=False): t = -2.37635, df = 6.97226, p = 0.049284.
    const r = welchTTest([1, 2, 3, 4, 5], [2, 4, 6, 8, 10, 12]);
    expect(r.meanDiff).toBe(-4);
    expect(r.df).toBeCloseTo(6.972256, 5);
    expect(r.p).toBeCloseTo(0.0492843, 6);
  });

  it('cannot test with one value on a side, and reads constant samples plainly', () => {
    expect(welchTTest([1], [2, 3]).p).toBeNull();
    expect(welchTTest([2, 2], [2, 2]).p).toBe(1);
    expect(welchTTest([2, 2], [3, 3]).p).toBe(0);
  });
});
