import { z } from 'zod';
import { parseJsonText } from './jsonText';
import { problemsOf, type FieldProblem } from './validation';
import { WorkloadSpecSchema, type WorkloadSpec } from './workload';

/** Our workload file: a versioned envelope around one WorkloadSpec (docs/workload-file.schema.json). */
export const WORKLOAD_FILE_FORMAT = 'workload-studio.workload';
export const WORKLOAD_FILE_VERSION = 1;

export const WorkloadFileSchema = z.strictObject({
  format: z.literal(WORKLOAD_FILE_FORMAT, { error: `must be "${WORKLOAD_FILE_FORMAT}"` }),
  version: z.literal(WORKLOAD_FILE_VERSION, { error: `must be ${WORKLOAD_FILE_VERSION} (this studio reads version ${WORKLOAD_FILE_VERSION})` }),
  exportedAt: z.string().optional(),
  workload: WorkloadSpecSchema,
});

export function serializeWorkloadFile(spec: WorkloadSpec, exportedAt: string): string {
  return `${JSON.stringify({ format: WORKLOAD_FILE_FORMAT, version: WORKLOAD_FILE_VERSION, exportedAt, workload: spec }, null, 2)}\n`;
}

export type WorkloadFileParse = { ok: true; spec: WorkloadSpec } | { ok: false; problems: FieldProblem[] };

/** Read our workload file (or a bare WorkloadSpec); every problem comes back with its field path. */
export function parseWorkloadFile(text: string): WorkloadFileParse {
  const json = parseJsonText(text, 'the file');
  if (!json.ok) return { ok: false, problems: [{ field: '', message: json.message }] };
  const value = json.value;
  const isEnvelope = typeof value === 'object' && value !== null && 'format' in value;
  const parsed = isEnvelope ? WorkloadFileSchema.safeParse(value) : WorkloadSpecSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problems: problemsOf(parsed.error) };
  return { ok: true, spec: isEnvelope ? (parsed.data as z.output<typeof WorkloadFileSchema>).workload : (parsed.data as WorkloadSpec) };
}

const CSV_COLUMNS = ['id', 'template', 'submit', 'inputMb', 'maps', 'reduces', 'queue', 'deadline', 'mrCluster', 'dependsOn', 'shuffleMb', 'outputMb'] as const;

/** A cell as RFC 4180 wants it: quoted when it holds a comma, quote or line break. */
function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = Array.isArray(value) ? value.join(' ') : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The explicit jobs as CSV (one row per job, `dependsOn` space-separated); generators are not rows. */
export function workloadToCsv(spec: WorkloadSpec): string {
  const rows = spec.jobs.map((j) => CSV_COLUMNS.map((c) => csvCell(j[c])).join(','));
  return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
