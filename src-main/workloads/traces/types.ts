import type { GeneratedSize, TraceFormat, TraceProblem } from '@shared/workload/imports';
import type { JobSpec, WorkloadSpec } from '@shared/workload/workload';

export type { TraceFormat, TraceProblem };

export interface TraceImport {
  format: TraceFormat;
  jobs: JobSpec[];
  /** The first problems (at most `MAX_KEPT_PROBLEMS`); `problemCount` says how many there were. */
  problems: TraceProblem[];
  problemCount: number;
  /** Our JSON only: the whole workload, which may carry a generator besides its jobs. */
  spec?: WorkloadSpec;
  /** How the reader replayed what the format gives two ways (shared/workload/imports.ts TRACE_REPLAYS): what the workload's description says. */
  reading?: string;
  /** A generator description too large to expand unasked: what it would make (no jobs were made). */
  large?: GeneratedSize;
}

/** A reader consumes a file in chunks of text and hands back what it imported at the end. */
export interface TraceReader {
  readonly format: TraceFormat;
  push(chunk: string): void;
  end(): TraceImport;
}

export const BYTES_PER_MB = 1024 * 1024;

/** Bytes one reduce handles under the SWIM replay's rule (its "data per reduce task"). */
export const BYTES_PER_REDUCE = 1024 * BYTES_PER_MB;
/** Most reduces a byte-derived job gets. */
export const MAX_REDUCES = 1000;

/**
 * Tasks from bytes (traces that carry no task counts), as SWIM's own replay makes them
 * (workloadSuite/GenerateReplayScript.java):
 *   maps    = max(1, ⌈input bytes / block size⌉) — one map per input partition (an HDFS block);
 *   reduces = round((shuffle + output bytes) / 1 GiB), at least 1 and at most 1000 — the reduces
 *             write the job's output, so a job that reads little but writes a lot gets many
 *             reduces instead of one task writing everything; 0 when it shuffles and writes nothing.
 */
export function mapsFromBytes(inputBytes: number, blockSizeMb: number): number {
  return Math.max(1, Math.ceil(inputBytes / (blockSizeMb * BYTES_PER_MB)));
}
export function reducesFromBytes(shuffleBytes: number, outputBytes: number): number {
  const bytes = shuffleBytes + outputBytes;
  return bytes <= 0 ? 0 : Math.min(MAX_REDUCES, Math.max(1, Math.round(bytes / BYTES_PER_REDUCE)));
}

/** Read a whole text with a reader: what tests and experiment files with a trace use. */
export function readAll(reader: TraceReader, text: string): TraceImport {
  reader.push(text);
  return reader.end();
}
