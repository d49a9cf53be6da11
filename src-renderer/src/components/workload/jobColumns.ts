import type { JobDraft } from './types';
import { numberOrText } from '@shared/decimal';
import { unmeetableDeadline, unmeetableReason } from '@shared/workload/deadlineReach';
import { fieldLabel } from '@shared/api/fieldLabels';

/** One editable column of the jobs table: the job field, its heading, how it is typed and its share of the row. */
export interface JobColumn {
  key: keyof JobDraft;
  label: string;
  kind: 'text' | 'number' | 'template';
  /** Cleared, the field leaves the job (the workload's default applies) rather than holding "". */
  optional?: boolean;
  width: string;
}

export const JOB_COLUMNS: readonly JobColumn[] = [
  { key: 'id', label: 'Id', kind: 'text', optional: true, width: '1.2fr' },
  { key: 'template', label: 'Template', kind: 'template', width: '1.3fr' },
  { key: 'submit', label: 'Submit (s)', kind: 'number', width: '0.9fr' },
  { key: 'inputMb', label: 'Input MB', kind: 'number', optional: true, width: '0.9fr' },
  { key: 'maps', label: 'Maps', kind: 'number', optional: true, width: '0.7fr' },
  { key: 'reduces', label: 'Reduces', kind: 'number', optional: true, width: '0.7fr' },
  { key: 'queue', label: 'Queue', kind: 'text', width: '0.9fr' },
  { key: 'deadline', label: 'Deadline (s)', kind: 'number', optional: true, width: '0.9fr' },
  { key: 'deadlineFactor', label: 'Deadline × alone', kind: 'number', optional: true, width: '0.9fr' },
  { key: 'mrCluster', label: 'MR-cluster', kind: 'text', optional: true, width: '0.9fr' },
];

/** The rows' grid: the tick box, the row number, the columns, the row's problems mark. */
export const JOB_GRID = `28px 56px ${JOB_COLUMNS.map((c) => c.width).join(' ')} 32px`;

/**
 * What a cell's text sets the field to: a number where it reads as one (text that does not stays
 * text, so the schema names the problem at its field), nothing for a cleared number or optional
 * field.
 */
export function cellValue(col: JobColumn, raw: string): unknown {
  if (col.kind === 'number') return raw.trim() === '' ? undefined : numberOrText(raw);
  if (col.optional && raw.trim() === '') return undefined;
  return raw;
}

/** A field as its cell shows it: long trace fractions (0.706456184 MB) rounded; the stored value changes only when edited. */
export const cellText = (v: unknown): string =>
  v === undefined ? '' : typeof v === 'number' && !Number.isInteger(v) ? String(Number(v.toFixed(3))) : String(v);

/**
 * Why a cell's value is not used, if it is not: a job with a deadline in seconds ignores its
 * deadline factor (the engine takes the deadline; shared/workload/workload.ts), so the factor cell
 * says so rather than look as if it counted.
 */
export function unusedCellNote(col: JobColumn, job: Pick<JobDraft, 'deadline' | 'deadlineFactor'> | undefined): string | undefined {
  if (col.key === 'deadlineFactor' && job?.deadline !== undefined && job.deadlineFactor !== undefined)
    return 'Not used: this job has a deadline in seconds, which comes before a factor';
  return undefined;
}

/** Why no run can meet the deadline a cell holds, if none can (shared/workload/deadlineReach.ts): the cell is marked, its reason on hover. */
export function unmeetableCellNote(col: JobColumn, job: JobDraft | undefined): string | undefined {
  const field = job ? unmeetableDeadline(job) : undefined;
  return field === col.key ? unmeetableReason(field) : undefined;
}

/** The fields a job may set in place of its template's costs (shared/workload/workload.ts), in the order they are said. */
const OWN_COSTS = ['mapCpuSPerMb', 'mapCpuSPerTask', 'mapSelectivity', 'reduceCpuSPerMb', 'reduceCpuSPerTask', 'reduceSelectivity'] as const;

/**
 * The job's own costs in words, for its template cell ("Generic, with its own costs: map CPU s per
 * map 16.605, …"), when it has any: the table has no column for them (a trace's replayed container
 * times, a preset's priced job type), yet they decide how long its tasks take.
 */
export function ownCostsNote(job: JobDraft | undefined): string | undefined {
  const own = OWN_COSTS.filter((k) => job?.[k] !== undefined).map((k) => `${fieldLabel(k)} ${cellText(job![k])}`);
  return own.length ? `${job!.template}, with its own costs in place of the template's: ${own.join(', ')}` : undefined;
}
