import type { EngineRunResult } from '../engine/measure/engineResult';
import { SERIES_FIELDS } from '@shared/results/series';
import { compressPiece, packPieces, type PiecedColumn } from '../formats/columns';
import { ATTEMPT, type AttemptSpill } from './attemptSpill';

export { ATTEMPT };

/**
 * The names of a stored run's columns, defined once: the writer below and every reader
 * (services/runDataOfBatch.ts) use these. Stored names never change: saved runs are read by them.
 */
export const SERIES_T = 'series.t';
export const seriesColumn = (field: (typeof SERIES_FIELDS)[number]) => `series.${field}`;
export const ATTEMPT_PREFIX = 'attempt.';

/**
 * The stored blob of a run: its time series always, its attempts when they were streamed to a
 * spill (a run saved with attempts). The attempts arrive already compressed in pieces.
 */
export function runBlob(raw: EngineRunResult, attempts?: AttemptSpill): Uint8Array {
  const series: PiecedColumn[] = [[SERIES_T, raw.series.t] as const, ...SERIES_FIELDS.map((f) => [seriesColumn(f), raw.series.values[f]] as const)].map(
    ([name, values]) => ({
      name,
      kind: 'f64',
      length: values.length,
      pieces: [compressPiece(Float64Array.from(values))],
    }),
  );
  return packPieces(attempts ? [...series, ...attempts.columns()] : series);
}
