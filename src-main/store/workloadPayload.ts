import type { BatchInputs } from '@shared/experiment/design';
import type { WorkloadSpec } from '@shared/workload/workload';
import { PayloadFiles, type PreparedPayload } from './payloads';

/**
 * A workload's explicit jobs above this size (an imported trace) are kept in a payload file; the
 * row keeps `jobs: []` and the file's name in `jobsFile`. Smaller lists stay in the row, readable
 * with any SQLite tool.
 */
export const JOBS_INLINE_BYTES = 64 * 1024;

/** A workload spec as its row holds it. */
type StoredWorkload = WorkloadSpec & { jobsFile?: string };

export interface Encoded<T> {
  stored: T;
  payloads: PreparedPayload[];
}

export function encodeWorkload(spec: WorkloadSpec): Encoded<StoredWorkload> {
  const jobs = JSON.stringify(spec.jobs);
  if (jobs.length <= JOBS_INLINE_BYTES) return { stored: spec, payloads: [] };
  const payload = PayloadFiles.jsonText(jobs);
  return { stored: { ...spec, jobs: [], jobsFile: payload.ref }, payloads: [payload] };
}

export function decodeWorkload(stored: StoredWorkload, files: PayloadFiles): WorkloadSpec {
  if (!stored.jobsFile) return stored;
  const { jobsFile, ...spec } = stored;
  return { ...spec, jobs: files.readJson<WorkloadSpec['jobs']>(jobsFile, `the jobs of workload "${spec.name}"`) };
}

/** A batch's inputs hold a copy of every workload it ran: the same trace is one file for all. */
export function encodeInputs(inputs: BatchInputs): Encoded<BatchInputs> {
  const payloads: PreparedPayload[] = [];
  const workloads = inputs.workloads.map((w) => {
    const e = encodeWorkload(w.spec);
    payloads.push(...e.payloads);
    return { ...w, spec: e.stored };
  });
  return { stored: { ...inputs, workloads }, payloads };
}

export function decodeInputs(stored: BatchInputs, files: PayloadFiles): BatchInputs {
  return { ...stored, workloads: stored.workloads.map((w) => ({ ...w, spec: decodeWorkload(w.spec, files) })) };
}
