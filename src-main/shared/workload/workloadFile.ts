import { toCsv } from '../files/csv';
import { fileEnvelope, type EnvelopeParse } from '../files/fileEnvelope';
import { OWN_COST_FIELDS, TASK_TIME_FIELDS, WorkloadSpecSchema, type WorkloadSpec } from './workload';

/** Our workload file: a versioned envelope around one WorkloadSpec (docs/workload-file.schema.json). */
export const WORKLOAD_FILE_FORMAT = 'workload-studio.workload';
export const WORKLOAD_FILE_VERSION = 1;

const workloadFile = fileEnvelope(WORKLOAD_FILE_FORMAT, WORKLOAD_FILE_VERSION, 'workload', WorkloadSpecSchema);
export const WorkloadFileSchema = workloadFile.schema;
export type WorkloadFileParse = EnvelopeParse<WorkloadSpec>;

export const serializeWorkloadFile = (spec: WorkloadSpec, exportedAt: string): string => workloadFile.serialize(spec, exportedAt);
/** Read our workload file (or a bare WorkloadSpec); every problem comes back with its field path. */
export const parseWorkloadFile = (text: string): WorkloadFileParse => workloadFile.parse(text);

/** The columns of our workload CSV, in the order the export writes them (workloads/traces/ourCsv.ts reads them back). */
export const WORKLOAD_CSV_COLUMNS = [
  'id',
  'template',
  'submit',
  'inputMb',
  'maps',
  'reduces',
  'queue',
  'deadline',
  'deadlineFactor',
  'mrCluster',
  'dependsOn',
  'shuffleMb',
  'outputMb',
  'setupCommitS',
  ...OWN_COST_FIELDS,
  ...TASK_TIME_FIELDS,
] as const;

/** The explicit jobs as CSV (one row per job, `dependsOn`, `mapSeconds` and `reduceSeconds` space-separated); generators are not rows. */
export function workloadToCsv(spec: WorkloadSpec): string {
  return toCsv(WORKLOAD_CSV_COLUMNS, spec.jobs as unknown as Record<(typeof WORKLOAD_CSV_COLUMNS)[number], unknown>[]);
}
