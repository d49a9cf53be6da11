import type { RunSummary } from '@shared/experiment';

/** A summary metric as the comparison table shows it: which way is better, and how to print it. */
export interface MetricDef {
  key: string;
  label: string;
  get: (s: RunSummary) => number | null;
  better: 'lower' | 'higher' | null;
  digits: number;
  unit?: string;
}

const pct = (x: number) => x * 100;
const share = (s: RunSummary, k: keyof RunSummary['locality']) => {
  const total = s.locality.node + s.locality.server + s.locality.rack + s.locality.offRack;
  return total ? (100 * s.locality[k]) / total : null;
};

/** Every metric of the run summary, in the order people read them. */
export const METRICS: MetricDef[] = [
  { key: 'meanJct', label: 'Mean job completion time', get: (s) => s.meanJct, better: 'lower', digits: 1, unit: 's' },
  { key: 'medianJct', label: 'Median job completion time', get: (s) => s.medianJct, better: 'lower', digits: 1, unit: 's' },
  { key: 'p95Jct', label: '95th percentile JCT', get: (s) => s.p95Jct, better: 'lower', digits: 1, unit: 's' },
  { key: 'makespan', label: 'Makespan', get: (s) => s.makespan, better: 'lower', digits: 1, unit: 's' },
  { key: 'throughput', label: 'Throughput', get: (s) => s.throughputJobsPerHour, better: 'higher', digits: 1, unit: 'jobs/h' },
  { key: 'succeeded', label: 'Jobs succeeded', get: (s) => s.succeeded, better: 'higher', digits: 0 },
  { key: 'failed', label: 'Jobs failed', get: (s) => s.failed, better: 'lower', digits: 0 },
  { key: 'unfinished', label: 'Jobs unfinished', get: (s) => s.unfinished, better: 'lower', digits: 0 },
  { key: 'cpu', label: 'CPU utilisation', get: (s) => pct(s.utilization.cpu), better: 'higher', digits: 1, unit: '%' },
  { key: 'memory', label: 'Memory utilisation', get: (s) => pct(s.utilization.memory), better: 'higher', digits: 1, unit: '%' },
  { key: 'disk', label: 'Disk utilisation', get: (s) => pct(s.utilization.disk), better: 'higher', digits: 1, unit: '%' },
  { key: 'network', label: 'Network utilisation', get: (s) => pct(s.utilization.network), better: 'higher', digits: 1, unit: '%' },
  { key: 'nodeLocal', label: 'Node-local maps', get: (s) => share(s, 'node'), better: 'higher', digits: 1, unit: '%' },
  { key: 'serverLocal', label: 'Server-local maps', get: (s) => share(s, 'server'), better: null, digits: 1, unit: '%' },
  { key: 'rackLocal', label: 'Rack-local maps', get: (s) => share(s, 'rack'), better: null, digits: 1, unit: '%' },
  { key: 'offRack', label: 'Off-rack maps', get: (s) => share(s, 'offRack'), better: 'lower', digits: 1, unit: '%' },
  { key: 'meanAnp', label: 'Mean ANP (ideal / actual)', get: (s) => s.meanAnp, better: 'higher', digits: 3 },
  { key: 'unfairness', label: 'Unfairness (PRISM eq.)', get: (s) => s.unfairness, better: 'lower', digits: 3 },
  { key: 'jainIndex', label: "Jain's fairness index", get: (s) => s.jainIndex, better: 'higher', digits: 3 },
  { key: 'meanSlowdown', label: 'Mean slowdown', get: (s) => s.meanSlowdown, better: 'lower', digits: 2 },
  { key: 'deadlineHitRate', label: 'Deadlines met', get: (s) => (s.deadlineHitRate === null ? null : pct(s.deadlineHitRate)), better: 'higher', digits: 1, unit: '%' },
  { key: 'failedAttempts', label: 'Failed attempts', get: (s) => s.failedAttempts, better: 'lower', digits: 0 },
  { key: 'killedAttempts', label: 'Killed attempts', get: (s) => s.killedAttempts, better: 'lower', digits: 0 },
  { key: 'schedulerCalls', label: 'Scheduler calls', get: (s) => s.schedulerCalls, better: null, digits: 0 },
  { key: 'events', label: 'Simulation events', get: (s) => s.events, better: null, digits: 0 },
];

export function formatValue(x: number | null, digits: number): string {
  if (x === null || !Number.isFinite(x)) return '—';
  return x.toLocaleString(undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
