import type { RunSummary } from '../experiment/experiment';

/**
 * A summary metric as comparisons show it: which way is better, how to print it, and the range its
 * values can physically take (a confidence interval is clipped to it: CPU cannot exceed 100 %).
 */
export interface MetricDef {
  key: string;
  label: string;
  get: (s: RunSummary) => number | null;
  better: 'lower' | 'higher' | null;
  digits: number;
  unit?: string;
  /** Lowest and highest possible value. */
  range: readonly [number, number];
  /** The engine's own counters: shown apart, under diagnostics, never compared as results. */
  diagnostic?: true;
  /**
   * A count of the workload's jobs or attempts: it grows with the workload, so only runs of the
   * same jobs are ranked by it (14 jobs succeeded of 14 is not "better" than 10 of 10).
   */
  countsJobs?: true;
  /**
   * Taken over the jobs that succeeded only: two runs that finished different numbers of jobs
   * average different jobs, so neither is ranked above the other by it (comparison.ts markBest).
   */
  ofSucceededJobs?: true;
}

const TIME = [0, Infinity] as const;
const COUNT = [0, Infinity] as const;
const PERCENT = [0, 100] as const;
const UNIT = [0, 1] as const;

const pct = (x: number) => x * 100;
const share = (s: RunSummary, k: keyof RunSummary['locality']) => {
  const total = s.locality.node + s.locality.server + s.locality.rack + s.locality.offRack;
  return total ? (100 * s.locality[k]) / total : null;
};

/**
 * A metric of the jobs that succeeded: none when none did. The result file keeps the engine's 0
 * (and Jain's 1, and the time to the last failure as makespan), but a run whose every job failed
 * completed no work, and would otherwise be the fastest and the fairest of a comparison. Flagged
 * (ofSucceededJobs): runs that lost different jobs are not ranked by it.
 */
const ofSucceeded = (get: (s: RunSummary) => number) => ({
  get: (s: RunSummary): number | null => (s.succeeded > 0 ? get(s) : null),
  ofSucceededJobs: true as const,
});

/** Every metric of the run summary, in the order people read them. */
export const METRICS: MetricDef[] = [
  { key: 'meanJct', label: 'Mean job completion time', ...ofSucceeded((s) => s.meanJct), better: 'lower', digits: 1, unit: 's', range: TIME },
  { key: 'medianJct', label: 'Median job completion time', ...ofSucceeded((s) => s.medianJct), better: 'lower', digits: 1, unit: 's', range: TIME },
  { key: 'p95Jct', label: '95th percentile JCT', ...ofSucceeded((s) => s.p95Jct), better: 'lower', digits: 1, unit: 's', range: TIME },
  { key: 'makespan', label: 'Makespan', ...ofSucceeded((s) => s.makespan), better: 'lower', digits: 1, unit: 's', range: TIME },
  { key: 'throughput', label: 'Throughput', get: (s) => s.throughputJobsPerHour, better: 'higher', digits: 1, unit: 'jobs/h', range: COUNT },
  { key: 'succeeded', label: 'Jobs succeeded', get: (s) => s.succeeded, better: 'higher', digits: 0, range: COUNT, countsJobs: true },
  { key: 'failed', label: 'Jobs failed', get: (s) => s.failed, better: 'lower', digits: 0, range: COUNT, countsJobs: true },
  { key: 'unfinished', label: 'Jobs unfinished', get: (s) => s.unfinished, better: 'lower', digits: 0, range: COUNT, countsJobs: true },
  { key: 'cpu', label: 'CPU utilisation', get: (s) => pct(s.utilization.cpu), better: 'higher', digits: 1, unit: '%', range: PERCENT },
  // Memory held, not memory used well: YARN's containers reserve memory their tasks may never touch, so more is not better.
  { key: 'memory', label: 'Memory utilisation', get: (s) => pct(s.utilization.memory), better: null, digits: 1, unit: '%', range: [0, Infinity] },
  { key: 'disk', label: 'Disk utilisation', get: (s) => pct(s.utilization.disk), better: 'higher', digits: 1, unit: '%', range: PERCENT },
  { key: 'network', label: 'Network utilisation', get: (s) => pct(s.utilization.network), better: 'higher', digits: 1, unit: '%', range: PERCENT },
  { key: 'nodeLocal', label: 'Node-local maps', get: (s) => share(s, 'node'), better: 'higher', digits: 1, unit: '%', range: PERCENT },
  { key: 'serverLocal', label: 'Server-local maps', get: (s) => share(s, 'server'), better: null, digits: 1, unit: '%', range: PERCENT },
  { key: 'rackLocal', label: 'Rack-local maps', get: (s) => share(s, 'rack'), better: null, digits: 1, unit: '%', range: PERCENT },
  { key: 'offRack', label: 'Off-rack maps', get: (s) => share(s, 'offRack'), better: 'lower', digits: 1, unit: '%', range: PERCENT },
  { key: 'meanAnp', label: 'Mean ANP (ideal / actual)', ...ofSucceeded((s) => s.meanAnp), better: 'higher', digits: 3, range: UNIT },
  { key: 'unfairness', label: 'Unfairness (PRISM eq.)', ...ofSucceeded((s) => s.unfairness), better: 'lower', digits: 3, range: COUNT },
  { key: 'jainIndex', label: "Jain's fairness index", ...ofSucceeded((s) => s.jainIndex), better: 'higher', digits: 3, range: UNIT },
  { key: 'meanSlowdown', label: 'Mean slowdown', ...ofSucceeded((s) => s.meanSlowdown), better: 'lower', digits: 2, range: [0, Infinity] },
  {
    key: 'deadlineHitRate',
    label: 'Deadlines met',
    get: (s) => (s.deadlineHitRate === null ? null : pct(s.deadlineHitRate)),
    better: 'higher',
    digits: 1,
    unit: '%',
    range: PERCENT,
  },
  { key: 'failedAttempts', label: 'Failed attempts', get: (s) => s.failedAttempts, better: 'lower', digits: 0, range: COUNT, countsJobs: true },
  { key: 'killedAttempts', label: 'Killed attempts', get: (s) => s.killedAttempts, better: 'lower', digits: 0, range: COUNT, countsJobs: true },
  { key: 'schedulerCalls', label: 'Scheduler calls', get: (s) => s.schedulerCalls, better: null, digits: 0, range: COUNT, diagnostic: true },
  { key: 'events', label: 'Simulation events', get: (s) => s.events, better: null, digits: 0, range: COUNT, diagnostic: true },
];

export function formatValue(x: number | null, digits: number): string {
  if (x === null || !Number.isFinite(x)) return '—';
  return x.toLocaleString(undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * A ratio as the comparison prints it: two decimals, and below 0.1 two significant digits, so a
 * share that fell from 26.5 % to 0.1 % reads "0.0038×", not "0.00×" (as if it were nothing).
 */
export function formatRatio(x: number): string {
  if (x === 0 || Math.abs(x) >= 0.095) return `${x.toFixed(2)}×`;
  if (Math.abs(x) < 0.001) return '< 0.001×';
  return `${x.toFixed(1 - Math.floor(Math.log10(Math.abs(x))))}×`;
}
