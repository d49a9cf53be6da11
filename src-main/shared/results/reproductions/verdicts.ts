import { pairedSpeedup, type PairableRun } from '../jobSpeedup';
import { andList } from '../../plural';
import { jobSeconds } from '../jobTimes';
import type { RunSummary } from '../../experiment/experiment';
import type { MrClusterReport } from '../../cluster/mrClusters';
import { pairedTTest } from '../stats';
import { pValueText } from '../comparison';
import { runMeanSlowdown } from '../mrClusterSummary';
import type { Measure } from './measures';

/** One run as a measure needs it: its seed, summary and jobs (and a FAWKES run's MR-clusters). */
export interface MeasuredRun extends PairableRun {
  summary: RunSummary;
  mrClusters?: readonly Pick<MrClusterReport, 'avgSlowdown'>[];
}

export interface MeasureOutcome {
  value: number | null;
  /** Why there is no value (a configuration did not run, no job of the template finished). */
  missing?: string;
  /** Seeds both configurations ran, the measure on each, and the paired test of those against no difference. */
  seeds?: number;
  perSeed?: number[];
  p?: number | null;
  verdict?: Verdict;
}

/**
 * Within / smaller / larger / opposite: the paired test across seeds separates the two
 * configurations, and the value lies in, short of, beyond or against the paper's range.
 * Unexpected: a difference, separated, where the paper claims none. Unseparated: the test cannot
 * tell the configurations apart (a tie is never "more"). Untested: fewer than two seeds.
 */
export type Verdict = { kind: 'within' | 'smaller' | 'larger' | 'opposite' | 'unexpected' | 'unseparated' | 'untested'; text: string };

/** Significance level of the paired test that a verdict needs. */
export const SIGNIFICANCE = 0.05;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function metricOf(run: MeasuredRun, metric: 'meanJct' | 'throughput' | 'cpu' | 'makespan'): number {
  return metric === 'meanJct'
    ? run.summary.meanJct
    : metric === 'makespan'
      ? run.summary.makespan
      : metric === 'throughput'
        ? run.summary.throughputJobsPerHour
        : run.summary.utilization.cpu;
}

function templateMean(runs: MeasuredRun[], template: string): number | null {
  const times = runs.flatMap((r) =>
    r.jobs
      .filter((j) => j.template === template && j.status === 'succeeded' && j.submit !== null && j.finish !== null)
      .map((j) => jobSeconds(j.submit!, j.finish!)),
  );
  return times.length ? mean(times) : null;
}

/** The measure's value on these runs (all seeds together), or why there is none. */
function valueOf(m: Measure, of: MeasuredRun[], against: MeasuredRun[]): number | string {
  if (m.kind === 'ratio') {
    const a = mean(of.map((r) => metricOf(r, m.metric)));
    const b = mean(against.map((r) => metricOf(r, m.metric)));
    return m.metric === 'meanJct' || m.metric === 'makespan' ? b / a : a / b;
  }
  if (m.kind === 'templateChange') {
    const a = templateMean(of, m.template);
    const b = templateMean(against, m.template);
    if (a === null || b === null) return `no ${m.template} job finished under both`;
    return (100 * (a - b)) / b;
  }
  if (m.kind === 'perJobSpeedup') {
    const s = pairedSpeedup(of, against);
    return s ? s.perJob : 'no job finished under both';
  }
  if (m.kind === 'mrSlowdown') {
    const a = of.map(runMeanSlowdown).filter((x): x is number => x !== null);
    const b = against.map(runMeanSlowdown).filter((x): x is number => x !== null);
    return a.length && b.length ? mean(b) / mean(a) : 'no MR-cluster finished a job under both';
  }
  const share = (rs: MeasuredRun[]) => rs.map((r) => r.summary.deadlineHitRate).filter((x): x is number => x !== null);
  const a = share(of);
  const b = share(against);
  if (!a.length || !b.length) return 'no job had a deadline';
  return 100 * (mean(a) - mean(b));
}

/**
 * The measure on a batch's finished runs, by configuration label: its value over all seeds, its
 * value on each seed both ran, and the paired test of those against no difference, which the
 * verdict needs before it calls anything reproduced.
 */
export function measure(m: Measure, runs: Record<string, MeasuredRun[]>): MeasureOutcome {
  const of = runs[m.of] ?? [];
  const against = runs[m.against] ?? [];
  const absent = [m.of, m.against].filter((l) => !(runs[l] ?? []).length);
  if (absent.length) return { value: null, missing: `no finished run of ${andList(absent.map((l) => `"${l}"`))}` };
  const value = valueOf(m, of, against);
  if (typeof value === 'string') return { value: null, missing: value };
  if (!Number.isFinite(value)) return { value: null, missing: 'the measure is not defined on these runs' };
  const seeds = [...new Set(of.map((r) => r.seed))].filter((s) => against.some((r) => r.seed === s)).sort((a, b) => a - b);
  const perSeed = seeds
    .map((s) =>
      valueOf(
        m,
        of.filter((r) => r.seed === s),
        against.filter((r) => r.seed === s),
      ),
    )
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const n = neutral(m);
  const test = pairedTTest(
    perSeed,
    perSeed.map(() => n),
  );
  return { value, seeds: perSeed.length, perSeed, p: test.p, verdict: verdict(m, value, { n: perSeed.length, p: test.p }) };
}

/** The neutral point of a measure: no difference between the two configurations. */
const neutral = (m: Measure) => (m.kind === 'ratio' || m.kind === 'perJobSpeedup' || m.kind === 'mrSlowdown' ? 1 : 0);

export function formatMeasure(m: Measure, value: number): string {
  if (m.kind === 'templateChange') return `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(1)} %`;
  if (m.kind === 'deadlinePoints') return `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(1)} points`;
  return `${value.toFixed(2)}×`;
}

const pText = (p: number) => pValueText(p, 3);

/**
 * Where the studio's value (shown beside it with formatMeasure) lies against the paper's range, in
 * plain words, once the paired test across seeds (`test`: seeds and p) has separated the two
 * configurations: inside the range, the same direction but smaller or larger, the opposite
 * direction, or a difference the paper did not find. Without the separation there is no verdict
 * on a direction: "not separated" (or "one seed" when there is nothing to test), and a tie is
 * never read as "more". A claim of no difference is met by a value inside its range.
 */
export function verdict(m: Measure, value: number, test: { n: number; p: number | null }): Verdict {
  const { low, high } = m.paper;
  const range = `${Number.isFinite(low) ? formatMeasure(m, low) : ''}${Number.isFinite(high) ? ` to ${formatMeasure(m, high)}` : ' or more'}`;
  const n = neutral(m);
  const noDifference = low < n && high > n;
  if (noDifference && value >= low && value <= high) return { kind: 'within', text: `within the paper's range (${m.paper.text})` };
  if (test.n < 2 || test.p === null) return { kind: 'untested', text: `one seed: no test, so no verdict (paper: ${m.paper.text}); run at full size` };
  const separated = test.p < SIGNIFICANCE && value !== n;
  if (!separated)
    return { kind: 'unseparated', text: `not separated across ${test.n} seeds: the difference could be chance (${pText(test.p)}; paper: ${m.paper.text})` };
  const seeds = `${test.n} seeds, ${pText(test.p)}`;
  // A range around the neutral point is a claim of no difference: anything separated outside it is one the paper did not see.
  if (noDifference) return { kind: 'unexpected', text: `a difference the paper did not find (${seeds}; paper: ${m.paper.text}, read as ${range})` };
  if (value >= low && value <= high) return { kind: 'within', text: `within the paper's range (${seeds}; paper: ${m.paper.text})` };
  const paperSide = Math.sign(low - n) || Math.sign(high - n);
  if (Math.sign(value - n) !== paperSide) return { kind: 'opposite', text: `the opposite direction (${seeds}; paper: ${m.paper.text})` };
  const smaller = Math.abs(value - n) < Math.min(Math.abs(low - n), Math.abs(high - n));
  return smaller
    ? { kind: 'smaller', text: `the paper's direction, but smaller (${seeds}; paper: ${m.paper.text})` }
    : { kind: 'larger', text: `the paper's direction, but larger (${seeds}; paper: ${m.paper.text})` };
}
