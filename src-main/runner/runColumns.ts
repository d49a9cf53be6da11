import type { EngineRunResult } from '../engine/result';
import { SERIES_FIELDS } from '../engine/result';
import type { Column } from '../store/columns';

/** The columns saved for a run: always the time series, the attempts only when asked for. */
export function runColumns(raw: EngineRunResult, withAttempts: boolean): Record<string, Column> {
  const columns: Record<string, Column> = { 'series.t': Float64Array.from(raw.series.t) };
  for (const f of SERIES_FIELDS) columns[`series.${f}`] = Float64Array.from(raw.series.values[f]);
  if (withAttempts) {
    const r = raw.records;
    const n = r.length;
    columns['attempt.task'] = r.task.slice(0, n);
    columns['attempt.node'] = r.node.slice(0, n);
    columns['attempt.start'] = r.start.slice(0, n);
    columns['attempt.end'] = r.end.slice(0, n);
    columns['attempt.phaseEnd'] = r.phaseEnd.slice(0, n * 5);
    columns['attempt.locality'] = r.locality.slice(0, n);
    columns['attempt.outcome'] = r.outcome.slice(0, n);
    columns['attempt.speculative'] = r.speculative.slice(0, n);
    columns['attempt.reason'] = r.reason.slice(0, n);
  }
  return columns;
}
