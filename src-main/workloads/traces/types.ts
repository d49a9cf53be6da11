import type { JobSpec } from '@shared/workload';

export interface TraceProblem {
  line: number;
  field: string;
  message: string;
}

export interface TraceImport {
  format: 'swim' | 'sls' | 'rumen';
  jobs: JobSpec[];
  problems: TraceProblem[];
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
