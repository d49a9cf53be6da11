import type { StoredRunResult } from './storedRun';
import { PayloadFiles, type PreparedPayload } from './payloads';

/** The per-job arrays of a run's result: they grow with the workload, so they live in a payload file. */
const PER_JOB = ['jobs', 'idealSeconds', 'jobMaps', 'jobReduces'] as const;
type PerJob = Pick<StoredRunResult, (typeof PER_JOB)[number]>;
/** What stays in the run's row: the headline numbers, profiles, ARIA totals, reasons (SQL reads the ARIA totals). */
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
