import type { EngineRunResult } from '../engine/result';
import { SERIES_FIELDS } from '../engine/result';
import type { Column } from '../store/columns';

/**
 * The names of a stored run's columns, defined once: the writer below and every reader
 * (services/runData.ts) use these. Stored names never change: saved runs are read by them.
 */
export const SERIES_T = 'series.t';
export const seriesColumn = (field: (typeof SERIES_FIELDS)[number]) => `series.${field}`;
export const ATTEMPT = {
  task: 'attempt.task',
  node: 'attempt.node',
  start: 'attempt.start',
  end: 'attempt.end',
  /** Five per attempt: the end of each phase (NaN where it never ended). */
  phaseEnd: 'attempt.phaseEnd',
  locality: 'attempt.locality',
  outcome: 'attempt.outcome',
  speculative: 'attempt.speculative',
  reason: 'attempt.reason',
} as const;

/** The columns saved for a run: always the time series, the attempts only when asked for. */
export function runColumns(raw: EngineRunResult, withAttempts: boolean): Record<string, Column> {
  const columns: Record<string, Column> = { [SERIES_T]: Float64Array.from(raw.series.t) };
  for (const f of SERIES_FIELDS) columns[seriesColumn(f)] = Float64Array.from(raw.series.values[f]);
  if (withAttempts) {
    const r = raw.records;
    const n = r.length;
    columns[ATTEMPT.task] = r.task.slice(0, n);
    columns[ATTEMPT.node] = r.node.slice(0, n);
    columns[ATTEMPT.start] = r.start.slice(0, n);
    columns[ATTEMPT.end] = r.end.slice(0, n);
    columns[ATTEMPT.phaseEnd] = r.phaseEnd.slice(0, n * 5);
    columns[ATTEMPT.locality] = r.locality.slice(0, n);
    columns[ATTEMPT.outcome] = r.outcome.slice(0, n);
    columns[ATTEMPT.speculative] = r.speculative.slice(0, n);
    columns[ATTEMPT.reason] = r.reason.slice(0, n);
  }
  return columns;
}
