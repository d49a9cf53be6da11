import { compareMetric, TEST_NAME, unpairedCouples, unpairedWords, WELCH_NAME, type GroupValues, type Undecided } from './comparison';
import { toCsv } from '../files/csv';
import { jobSetOf } from '../experiment/design';
import type { RunSummary } from '../experiment/experiment';
import { METRICS, type MetricDef } from './metrics';

/**
 * The comparison's summary table as data that leaves the studio: one row per configuration and
 * metric, with exactly the numbers the table shows (shared/results/comparison.ts), as CSV and as JSON. The
 * CSV holds the same numbers as the JSON, printed in full.
 */
export interface SummaryGroup {
  key: string;
  label: string;
  /**
   * `jobSet`: which jobs the run simulated (shared/experiment/design.ts jobSetOf), else `workload`,
   * the batch's workload it ran; neither: every run of a seed ran the same.
   */
  runs: { seed: number; status: string; summary: RunSummary | null; jobSet?: string; workload?: number }[];
}

/** The job set of each seed's run of a group, when its runs say (for pairs() in shared/results/comparison.ts). */
export function jobsBySeed(runs: SummaryGroup['runs']): Map<number, string> | undefined {
  if (runs.every((r) => r.jobSet === undefined && r.workload === undefined)) return undefined;
  return new Map(runs.map((r) => [r.seed, r.workload === undefined ? (r.jobSet ?? '') : jobSetOf({ jobSet: r.jobSet, workload: r.workload })]));
}

/**
 * The groups that ran other jobs than others (another workload, another history entry's seeds), in
 * words, each named by `nameOf`; empty when every group pairs. The comparison's note and the
 * reports' say the same.
 */
export function unpairedNote(groups: readonly Pick<SummaryGroup, 'key' | 'runs'>[], nameOf: (key: string) => string): string {
  const couples = unpairedCouples(groups.map((g) => ({ key: g.key, bySeed: new Map(g.runs.map((r) => [r.seed, true])), jobs: jobsBySeed(g.runs) })));
  return unpairedWords(
    couples,
    groups.map((g) => g.key),
    nameOf,
  );
}

/**
 * What compareMetric reads of one group: the metric's value in each finished run by seed, which
 * jobs each seed's run simulated, and how many of them succeeded. The comparison's table and its
 * exports (and the reports) take it from here, so they mark the same best.
 */
export function metricValues(m: MetricDef, g: SummaryGroup): GroupValues {
  const bySeed = new Map<number, number>();
  const succeeded = new Map<number, number>();
  for (const r of g.runs) {
    if (r.status !== 'finished' || !r.summary) continue;
    const v = m.get(r.summary);
    if (v !== null && Number.isFinite(v)) bySeed.set(r.seed, v);
    succeeded.set(r.seed, r.summary.succeeded);
  }
  const jobs = jobsBySeed(g.runs);
  return { key: g.key, bySeed, succeeded, ...(jobs ? { jobs } : {}) };
}

export interface SummaryExportRow extends Record<string, unknown> {
  configuration: string;
  metric: string;
  unit: string;
  better: string;
  seeds: number;
  mean: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  best: boolean;
  changePercent: number | null;
  ratio: number | null;
  diagnostic: boolean;
  /** Digits the metric is printed with (shared/results/metrics.ts), so a report prints what the app prints. */
  digits: number;
  /**
   * Why no configuration is best: the one the leader could not be told from, and the test's p (the
   * comparison's "n.s."), or (`unlikeJobs`) the one that finished a different number of jobs at a
   * seed, or (`tie`) the leaders whose means print the same. Null when something is best or nothing is weighed.
   */
  notSeparated: {
    from: string;
    p: number | null;
    test: 'paired' | 'welch';
    unlikeJobs?: { seed: number; leader: string; leaderJobs: number; otherJobs: number };
    /** The configurations that lead with the same mean, `value` as printed: a tie (p is then null). */
    tie?: { configurations: string[]; value: string };
  } | null;
}

export const SUMMARY_COLUMNS = [
  'configuration',
  'metric',
  'unit',
  'better',
  'seeds',
  'mean',
  'ciLow',
  'ciHigh',
  'best',
  'changePercent',
  'ratio',
  'diagnostic',
] as const;

const finite = (x: number | null) => (x !== null && Number.isFinite(x) ? x : null);

export function summaryRows(groups: readonly SummaryGroup[], baseline: string): SummaryExportRow[] {
  const rows: SummaryExportRow[] = [];
  for (const m of METRICS) {
    const { cells, undecided } = compareMetric(
      m,
      groups.map((g) => metricValues(m, g)),
      baseline,
    );
    const label = (key: string) => groups.find((g) => g.key === key)?.label ?? key;
    const unlikeInWords = ({ seed, leaderKey, leaderJobs, otherJobs }: NonNullable<Undecided['unlikeJobs']>) => ({
      seed,
      leader: label(leaderKey),
      leaderJobs,
      otherJobs,
    });
    cells.forEach((c, i) =>
      rows.push({
        configuration: groups[i].label,
        metric: m.label,
        unit: m.unit ?? '',
        better: m.better ?? '',
        seeds: c.n,
        mean: finite(c.mean),
        ciLow: finite(c.low),
        ciHigh: finite(c.high),
        best: c.best,
        changePercent: finite(c.delta),
        ratio: finite(c.ratio),
        diagnostic: Boolean(m.diagnostic),
        digits: m.digits,
        notSeparated: undecided
          ? {
              from: label(undecided.against),
              p: undecided.p,
              test: undecided.test,
              ...(undecided.unlikeJobs ? { unlikeJobs: unlikeInWords(undecided.unlikeJobs) } : {}),
              ...(undecided.tie ? { tie: { configurations: undecided.tie.keys.map(label), value: undecided.tie.value } } : {}),
            }
          : null,
      }),
    );
  }
  return rows;
}

export function summaryCsv(rows: readonly SummaryExportRow[]): string {
  return toCsv(SUMMARY_COLUMNS, rows);
}

/** The JSON export: the rows, and what "best" and the intervals mean. */
export function summaryJson(batchName: string, baseline: string, rows: readonly SummaryExportRow[]): string {
  return `${JSON.stringify({ format: 'workload-studio.summary', batch: batchName, baseline, best: `${TEST_NAME}; between configurations that ran other jobs, ${WELCH_NAME}`, interval: '95 % confidence interval of the mean over seeds (Student t), clipped to the metric range', rows }, null, 2)}\n`;
}
