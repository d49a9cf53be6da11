/**
 * What the studio reads of a Hadoop Rumen job trace's tasks and attempts, shared by its import
 * (./rumen.ts, ./rumenTimes.ts) and the ARIA profiles it measures (models/aria/rumenProfiles.ts).
 */

/** A value Rumen saw: it writes -1 for what it did not. */
export const known = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

export interface RumenAttempt {
  startTime?: number;
  finishTime?: number;
  result?: string;
  shuffleFinished?: number;
  sortFinished?: number;
  reduceShuffleBytes?: number;
  hdfsBytesWritten?: number;
}

export interface RumenTask {
  inputBytes?: number;
  outputBytes?: number;
  attempts?: RumenAttempt[];
}

/** The place in `attempts` of the one that succeeded with both its start and finish known; −1 when none did. */
export function successfulAttempt(attempts: unknown): number {
  if (!Array.isArray(attempts)) return -1;
  return attempts.findIndex((a: RumenAttempt | null) => a?.result === 'SUCCESS' && known(a.startTime) && known(a.finishTime));
}
