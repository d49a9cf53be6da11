import type { StoredRunResult } from './storedRun';
import { PayloadFiles, type PreparedPayload } from './payloads';

/**
 * What grows with the workload goes into a payload file: the per-job arrays, and the interned
 * decision reasons the attempt columns index (a megabyte for a day's trace: in the row, it made
 * every save rewrite it and every read of the history parse it). Rows stored before keep their
 * reasons in the row; reading joins row and file either way.
 */
const PER_JOB = ['jobs', 'idealSeconds', 'jobMaps', 'jobReduces', 'reasons', 'reasonKinds'] as const;
type PerJob = Pick<StoredRunResult, (typeof PER_JOB)[number]>;
/** What stays in the run's row: the headline numbers, profiles and ARIA totals (SQL reads the ARIA totals). */
export type RunHead = Omit<StoredRunResult, (typeof PER_JOB)[number]>;

/** A finished run as the store keeps it: its row's JSON and the two payload files it names. */
export interface PreparedRun {
  head: string;
  perJob: PreparedPayload;
  columns: PreparedPayload;
}

export function prepareRun(result: StoredRunResult, columns: Uint8Array): PreparedRun {
  const head: Record<string, unknown> = { ...result };
  const perJob: Record<string, unknown> = {};
  for (const key of PER_JOB) {
    if (key in head) perJob[key] = head[key];
    delete head[key];
  }
  return { head: JSON.stringify(head), perJob: PayloadFiles.json(perJob), columns: PayloadFiles.bytes(columns) };
}

export function joinRun(headJson: string, perJob: PerJob): StoredRunResult {
  return { ...(JSON.parse(headJson) as RunHead), ...perJob };
}

export type { PerJob };
