import { jStat } from 'jstat';
import { mean, sampleStandardDeviation } from 'simple-statistics';

/** t(0.975, df): the two-sided 95 % quantile of Student's t (jStat, the same source as the p-values). */
export function tQuantile975(df: number): number {
  if (df < 1) return NaN;
  return jStat.studentt.inv(0.975, df);
}

export interface MeanCi {
  mean: number;
  /** Half-width of the 95 % confidence interval of the mean; null with a single value. */
  half: number | null;
  n: number;
}

/** Mean and 95 % confidence interval (Student's t) of values, e.g. one metric across seeds. */
export function meanCi(values: number[]): MeanCi {
  const xs = values.filter(Number.isFinite);
  const n = xs.length;
  if (n === 0) return { mean: NaN, half: null, n: 0 };
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  if (n === 1) return { mean, half: null, n };
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  return { mean, half: tQuantile975(n - 1) * Math.sqrt(variance / n), n };
}

export interface PairedTest {
  /** Pairs compared (seeds both sides ran). */
  n: number;
  /** Mean of a − b over the pairs. */
  meanDiff: number;
  /** Two-sided p-value of Student's paired t-test; null with fewer than 2 pairs. */
  p: number | null;
}

/**
 * Student's paired t-test of a against b, pair i being the same seed (the same workload and
 * placements) under two configurations. Pairs remove the seed-to-seed variation both share, so a
 * small but consistent difference is found where unpaired intervals overlap. Identical pairs give
 * p = 1; a difference that is the same in every pair gives p = 0.
 */
export function pairedTTest(a: readonly number[], b: readonly number[]): PairedTest {
  const d: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (Number.isFinite(a[i]) && Number.isFinite(b[i])) d.push(a[i] - b[i]);
  const n = d.length;
  if (n === 0) return { n, meanDiff: NaN, p: null };
  const meanDiff = mean(d);
  if (n < 2) return { n, meanDiff, p: null };
  const sd = sampleStandardDeviation(d);
  if (sd === 0) return { n, meanDiff, p: meanDiff === 0 ? 1 : 0 };
  const t = meanDiff / (sd / Math.sqrt(n));
  return { n, meanDiff, p: 2 * (1 - jStat.studentt.cdf(Math.abs(t), n - 1)) };
}

export interface WelchTest {
  /** Mean of a − mean of b. */
  meanDiff: number;
  /** Welch–Satterthwaite degrees of freedom; null when either side has fewer than 2 values. */
  df: number | null;
  /** Two-sided p-value of Welch's t-test; null with fewer than 2 values on a side. */
  p: number | null;
}

/**
 * Welch's t-test of a against b for samples that do not pair (different jobs: another workload, or
 * seeds that are not the same runs), without assuming equal variances. Its df come from
 * Welch–Satterthwaite; two constant samples give p = 1 when their means agree, 0 otherwise.
 */
export function welchTTest(a: readonly number[], b: readonly number[]): WelchTest {
  const xs = a.filter(Number.isFinite);
  const ys = b.filter(Number.isFinite);
  if (!xs.length || !ys.length) return { meanDiff: NaN, df: null, p: null };
  const meanDiff = mean(xs) - mean(ys);
  if (xs.length < 2 || ys.length < 2) return { meanDiff, df: null, p: null };
  const va = sampleStandardDeviation(xs) ** 2 / xs.length;
  const vb = sampleStandardDeviation(ys) ** 2 / ys.length;
  const se2 = va + vb;
  if (se2 === 0) return { meanDiff, df: xs.length + ys.length - 2, p: meanDiff === 0 ? 1 : 0 };
  const df = se2 ** 2 / (va ** 2 / (xs.length - 1) + vb ** 2 / (ys.length - 1));
  const t = meanDiff / Math.sqrt(se2);
  return { meanDiff, df, p: 2 * (1 - jStat.studentt.cdf(Math.abs(t), df)) };
}
