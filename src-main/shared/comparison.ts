import { formatValue, type MetricDef } from './metrics';
import { meanCi, pairedTTest } from './stats';

/**
 * One metric compared across configurations, as honestly as the seeds allow: means with 95 %
 * intervals clipped to what the metric can physically be, changes against a baseline that read the
 * right way (above 1× is always better), and "best" only where Student's paired t-test across seeds
 * says the best mean differs from every other at the 95 % level. Shared by the comparison view and
 * the reports, so both say the same.
 */

/** Significance level of the "best" mark. */
export const ALPHA = 0.05;
export const TEST_NAME = "Student's paired t-test across seeds (the same seed is the same workload), two-sided, 95 %";

/** One configuration's value of the metric per seed. */
export interface GroupValues {
  key: string;
  bySeed: ReadonlyMap<number, number>;
}

export interface MetricCell {
  key: string;
  n: number;
  mean: number;
  /** 95 % interval of the mean, clipped to the metric's range; null with one seed. */
  low: number | null;
  high: number | null;
  half: number | null;
  clipped: boolean;
  /** Percent change from the baseline; null for the baseline, or when both print the same. */
  delta: number | null;
  /**
   * How many times better than the baseline: baseline / this for lower-is-better metrics, this /
   * baseline otherwise, so above 1 always reads "better" (neutral metrics: this / baseline).
   */
  ratio: number | null;
  best: boolean;
}

export interface MetricComparison {
  cells: MetricCell[];
  /** Why nothing is marked best although the means differ, e.g. "not significant against fair (p = 0.21)". */
  undecided: { against: string; p: number | null } | null;
}

/**
 * How many times better `value` is than `base` (above 1: better). None when either prints as zero
 * at the metric's digits: a ratio against 0.01 failed attempts ("172.83×") says nothing.
 */
export function ratioOf(metric: Pick<MetricDef, 'better'> & Partial<Pick<MetricDef, 'digits'>>, value: number, base: number): number | null {
  if (!Number.isFinite(value) || !Number.isFinite(base)) return null;
  const [num, den] = metric.better === 'lower' ? [base, value] : [value, base];
  // Prints as 0 at the metric's digits (0.004 at two digits).
  const zero = (x: number) => x === 0 || (metric.digits !== undefined && Math.abs(x) < 0.5 * 10 ** -metric.digits);
  return zero(num) || zero(den) ? null : num / den;
}

export function compareMetric(metric: MetricDef, groups: readonly GroupValues[], baseline: string): MetricComparison {
  const [min, max] = metric.range;
  const stats = groups.map((g) => ({ key: g.key, ...meanCi([...g.bySeed.values()]) }));
  const base = stats.find((s) => s.key === baseline);
  const printed = (x: number) => formatValue(x, metric.digits);
  const cells: MetricCell[] = stats.map((s) => {
    const low = s.half === null ? null : Math.max(min, s.mean - s.half);
    const high = s.half === null ? null : Math.min(max, s.mean + s.half);
    const differs = base !== undefined && s.key !== base.key && Number.isFinite(s.mean) && Number.isFinite(base.mean) && printed(s.mean) !== printed(base.mean);
    return {
      key: s.key,
      n: s.n,
      mean: s.mean,
      low,
      high,
      half: s.half,
      clipped: s.half !== null && (s.mean - s.half < min || s.mean + s.half > max),
      delta: differs && base.mean !== 0 ? (100 * (s.mean - base.mean)) / Math.abs(base.mean) : null,
      ratio: differs ? ratioOf(metric, s.mean, base.mean) : null,
      best: false,
    };
  });
  const undecided = markBest(metric, groups, cells);
  return { cells, undecided };
}

/** Mark the best mean if the paired test separates it from every other configuration; else say which one it could not be told from. */
function markBest(metric: MetricDef, groups: readonly GroupValues[], cells: MetricCell[]): MetricComparison['undecided'] {
  const finite = cells.filter((c) => Number.isFinite(c.mean));
  if (!metric.better || metric.diagnostic || finite.length < 2) return null;
  const sign = metric.better === 'lower' ? 1 : -1;
  const sorted = [...finite].sort((a, b) => sign * (a.mean - b.mean));
  const top = sorted[0];
  if (formatValue(top.mean, metric.digits) === formatValue(sorted[1].mean, metric.digits)) return null;
  const topSeeds = groups.find((g) => g.key === top.key)!.bySeed;
  for (const other of sorted.slice(1)) {
    const theirs = groups.find((g) => g.key === other.key)!.bySeed;
    const seeds = [...topSeeds.keys()].filter((s) => theirs.has(s));
    const test = pairedTTest(seeds.map((s) => topSeeds.get(s)!), seeds.map((s) => theirs.get(s)!));
    // One seed (or none in common): nothing to test, so nothing is best and nothing "not significant".
    if (test.p === null) return null;
    if (test.p >= ALPHA || sign * test.meanDiff >= 0) return { against: other.key, p: test.p };
  }
  top.best = true;
  return null;
}
