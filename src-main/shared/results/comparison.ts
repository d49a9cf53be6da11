import { formatValue, type MetricDef } from './metrics';
import { meanCi, pairedTTest, welchTTest } from './stats';
import { andList } from '../plural';

/**
 * One metric compared across configurations, as honestly as the seeds allow: means with 95 %
 * intervals clipped to what the metric can physically be, changes against a baseline that read the
 * right way (above 1× is always better), and "best" only where Student's paired t-test across seeds
 * says the best mean differs from every other at the 95 % level. Shared by the comparison view and
 * the reports, so both say the same.
 */

/** Significance level of the "best" mark. */
export const ALPHA = 0.05;

/**
 * A p-value as people read it, at `digits` decimals, with more where those would print ALPHA
 * itself: "p = 0.05" beside "not separated" reads as a contradiction, "p = 0.0504" does not.
 */
export function pValueText(p: number, digits = 2): string {
  if (p < 0.001) return 'p < 0.001';
  let d = digits;
  while (d < 6 && p.toFixed(d) === ALPHA.toFixed(d)) d++;
  return `p = ${p.toFixed(d)}`;
}
export const TEST_NAME = "Student's paired t-test across seeds (the same seed is the same workload), two-sided, 95 %";
/** The test between configurations whose runs are not the same jobs (another workload, another history entry's seeds). */
export const WELCH_NAME = "Welch's t-test (unpaired, unequal variances), two-sided, 95 %";

/** One configuration's value of the metric per seed. */
export interface GroupValues {
  key: string;
  bySeed: ReadonlyMap<number, number>;
  /**
   * The job set each seed's run simulated (shared/experiment/design.ts jobSetOf). Absent: every configuration
   * ran the same jobs per seed, as within one experiment of one workload.
   */
  jobs?: ReadonlyMap<number, string>;
  /** How many jobs each seed's run finished with success: a metric of those jobs alone ranks only runs that finished alike. */
  succeeded?: ReadonlyMap<number, number>;
}

/**
 * Whether two configurations' runs pair: they share seeds, and at each shared seed they ran the
 * same jobs. Then seed-to-seed variation cancels in a paired test; otherwise only Welch's applies.
 */
type Seeded = { bySeed: ReadonlyMap<number, unknown>; jobs?: ReadonlyMap<number, string> };

export function pairs(a: Seeded, b: Seeded): boolean {
  if (!a.jobs || !b.jobs) return true;
  const shared = [...a.bySeed.keys()].filter((s) => b.bySeed.has(s));
  return shared.length > 0 && shared.every((s) => a.jobs!.get(s) === b.jobs!.get(s));
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
  /** Why nothing is marked best although the means differ, e.g. "not significant against fair (p = 0.21)", and by which test. */
  undecided: Undecided | null;
}

/**
 * Why nothing is best: no test separates the leader from `against`, or (`unlikeJobs`) the two
 * finished different numbers of jobs at a seed, so a metric of the succeeded jobs averages
 * different jobs in each (a scheduler that lost its longest jobs would look quickest).
 */
export interface Undecided {
  against: string;
  p: number | null;
  test: 'paired' | 'welch';
  /** The jobs the leader (`leaderKey`) and `against` each finished at `seed`. */
  unlikeJobs?: { seed: number; leaderKey: string; leaderJobs: number; otherJobs: number };
  /** The configurations that lead with the same mean (`value`, at the metric's digits), `against` the second of them: a tie, which ranks none. */
  tie?: { keys: string[]; value: string };
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

/**
 * Mark the best mean if a test separates it from every other configuration (paired where the runs
 * pair, Welch's otherwise); else say which one it could not be told from.
 */
function markBest(metric: MetricDef, groups: readonly GroupValues[], cells: MetricCell[]): Undecided | null {
  const finite = cells.filter((c) => Number.isFinite(c.mean));
  if (!metric.better || metric.diagnostic || finite.length < 2) return null;
  const sign = metric.better === 'lower' ? 1 : -1;
  const sorted = [...finite].sort((a, b) => sign * (a.mean - b.mean));
  const top = sorted[0];
  const topGroup = groups.find((g) => g.key === top.key)!;
  const value = formatValue(top.mean, metric.digits);
  if (value === formatValue(sorted[1].mean, metric.digits)) {
    // A tie is not a win, and is said as one where both were measured on two seeds or more (one
    // seed marks nothing), and where the two may be ranked at all (counts of other jobs may not).
    const runnerUp = groups.find((g) => g.key === sorted[1].key)!;
    const paired = pairs(topGroup, runnerUp);
    if (top.n < 2 || sorted[1].n < 2 || (!paired && metric.countsJobs)) return null;
    const keys = sorted.filter((c) => formatValue(c.mean, metric.digits) === value).map((c) => c.key);
    return { against: runnerUp.key, p: null, test: paired ? 'paired' : 'welch', tie: { keys, value } };
  }
  const topSeeds = topGroup.bySeed;
  for (const other of sorted.slice(1)) {
    const theirGroup = groups.find((g) => g.key === other.key)!;
    const theirs = theirGroup.bySeed;
    const paired = pairs(topGroup, theirGroup);
    // 14 jobs succeeded of another workload's 14 is no better than 10 of 10: no rank across job sets.
    if (!paired && metric.countsJobs) return null;
    const seeds = [...topSeeds.keys()].filter((s) => theirs.has(s));
    const test = paired
      ? pairedTTest(
          seeds.map((s) => topSeeds.get(s)!),
          seeds.map((s) => theirs.get(s)!),
        )
      : welchTTest([...topSeeds.values()], [...theirs.values()]);
    // One seed (or none in common): nothing to test, so nothing is best and nothing "not significant".
    if (test.p === null) return null;
    const unlike = paired && metric.ofSucceededJobs ? unlikeJobs(topGroup, theirGroup, seeds) : undefined;
    // Checked before the test: a significant difference between averages of other jobs means nothing.
    if (unlike) return { against: other.key, p: test.p, test: 'paired', unlikeJobs: unlike };
    if (test.p >= ALPHA || sign * test.meanDiff >= 0) return { against: other.key, p: test.p, test: paired ? 'paired' : 'welch' };
  }
  top.best = true;
  return null;
}

/** The first shared seed at which two configurations finished different numbers of jobs with success, if any. */
function unlikeJobs(leader: GroupValues, other: GroupValues, seeds: readonly number[]): Undecided['unlikeJobs'] {
  if (!leader.succeeded || !other.succeeded) return undefined;
  for (const seed of seeds) {
    const a = leader.succeeded.get(seed);
    const b = other.succeeded.get(seed);
    if (a !== undefined && b !== undefined && a !== b) return { seed, leaderKey: leader.key, leaderJobs: a, otherJobs: b };
  }
  return undefined;
}

/** Every two configurations whose runs do not pair (pairs()), by key: compared by Welch's test, and without per-job speedups. */
export function unpairedCouples(groups: readonly (Seeded & { key: string })[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < groups.length; i++)
    for (let j = i + 1; j < groups.length; j++) if (!pairs(groups[i], groups[j])) out.push([groups[i].key, groups[j].key]);
  return out;
}

/**
 * The couples of unpairedCouples in words, each configuration named once where it can be: the one
 * unpaired with the most others first, against all of them; then those left the same way; and
 * configurations set against the same others share one statement. Two history entries of three
 * schedulers each read "A1, A2 and A3, each against B1, B2 and B3", not nine couples. `order` is
 * the configurations' keys as the table shows them.
 */
export function unpairedWords(couples: readonly (readonly [string, string])[], order: readonly string[], labelOf: (key: string) => string): string {
  const left = new Set(couples.map(([a, b]) => `${a}\n${b}`));
  const partnersOf = (x: string) => order.filter((y) => left.has(`${x}\n${y}`) || left.has(`${y}\n${x}`));
  const statements: { lefts: string[]; partners: string[] }[] = [];
  while (left.size) {
    const x = order.reduce((best, y) => (partnersOf(y).length > partnersOf(best).length ? y : best), order[0]);
    const partners = partnersOf(x);
    for (const y of partners) (left.delete(`${x}\n${y}`), left.delete(`${y}\n${x}`));
    const same = statements.find((st) => st.partners.join('\n') === partners.join('\n'));
    if (same) same.lefts.push(x);
    else statements.push({ lefts: [x], partners });
  }
  return statements
    .map(({ lefts, partners }) => `${andList(lefts.map(labelOf))}${lefts.length > 1 ? ', each' : ''} against ${andList(partners.map(labelOf))}`)
    .join('; ');
}

/**
 * Why a row has no best, as the summary table's mark says it (undecidedMark): the leaders that tie, the
 * runner-up the leader cannot be told from and by which test, or the seed at which the two finished
 * other jobs.
 */
export function undecidedText(u: Undecided, labelOf: (key: string) => string, total?: number): string {
  if (u.tie) return `No best: ${tieText(u.tie.keys.map(labelOf), u.tie.value, total)}.`;
  if (u.unlikeJobs) return `No best: ${unlikeJobsText(u.unlikeJobs, labelOf(u.unlikeJobs.leaderKey), labelOf(u.against))}.`;
  const p = u.p === null ? ' (too few paired seeds)' : ` (${pValueText(u.p)})`;
  return `No best: the leader cannot be told from ${labelOf(u.against)} at 95 %${p}. ${u.test === 'welch' ? WELCH_NAME : TEST_NAME}.`;
}

/** A row's mark where nothing is best although something was weighed: a tie, runs of other jobs, or a test that separates nothing. */
export function undecidedMark(u: { tie?: object; unlikeJobs?: object }): 'tie' | 'jobs differ' | 'n.s.' {
  return u.tie ? 'tie' : u.unlikeJobs ? 'jobs differ' : 'n.s.';
}

/**
 * Why a tie ranks none, in words (the table's "tie" and the reports): "A and B both read 25", "A, B
 * and C all read 25"; more than three that are every one compared (`total`): "all 12 configurations
 * read 25", where a list of their names would fill a paragraph to say "all".
 */
export function tieText(labels: readonly string[], value: string, total?: number): string {
  if (labels.length > 3 && labels.length === total) return `all ${labels.length} configurations read ${value}`;
  return `${andList(labels)} ${labels.length > 2 ? 'all' : 'both'} read ${value}`;
}

/** Why runs that finished different jobs are not ranked by a metric of the succeeded jobs, in words (the table's "jobs differ" and the reports). */
export function unlikeJobsText(u: { seed: number; leaderJobs: number; otherJobs: number }, leader: string, against: string): string {
  const jobs = (n: number) => `${n} job${n === 1 ? '' : 's'}`;
  return `at seed ${u.seed} ${leader} finished ${jobs(u.leaderJobs)} and ${against} ${jobs(u.otherJobs)}, so this metric averages different jobs in each`;
}
