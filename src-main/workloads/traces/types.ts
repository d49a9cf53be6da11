import type { TraceFormat, TraceProblem } from '@shared/imports';
import type { JobSpec, WorkloadSpec } from '@shared/workload';

export type { TraceFormat, TraceProblem };

export interface TraceImport {
  format: TraceFormat;
  jobs: JobSpec[];
  /** The first problems (at most `MAX_KEPT_PROBLEMS`); `problemCount` says how many there were. */
  problems: TraceProblem[];
  problemCount: number;
  /** Our JSON only: the whole workload, which may carry a generator besides its jobs. */
  spec?: WorkloadSpec;
}

/** A reader consumes a file in chunks of text and hands back what it imported at the end. */
export interface TraceReader {
  readonly format: TraceFormat;
  push(chunk: string): void;
  end(): TraceImport;
}

export const MB = 1024 * 1024;

/**
 * Tasks from bytes (traces that carry no task counts):
 *   maps    = max(1, ⌈input bytes / block size⌉)
 *   reduces = 0 without shuffle bytes, else min(1000, max(1, ⌈shuffle bytes / 1 GiB⌉))
 * — one map per HDFS block as Hadoop splits input, and about 1 GiB per reduce, a common sizing rule.
 */
export function mapsFromBytes(inputBytes: number, blockSizeMb: number): number {
  return Math.max(1, Math.ceil(inputBytes / (blockSizeMb * MB)));
}
export function reducesFromBytes(shuffleBytes: number): number {
  return shuffleBytes <= 0 ? 0 : Math.min(1000, Math.max(1, Math.ceil(shuffleBytes / (1024 * MB))));
}

/** Read a whole text with a reader: what tests and experiment files with a trace use. */
export function readAll(reader: TraceReader, text: string): TraceImport {
  reader.push(text);
  return reader.end();
}
