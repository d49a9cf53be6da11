import type { JobDraft } from './types';
import { numberOrText } from '@shared/decimal';
import { unmeetableDeadline, unmeetableReason } from '@shared/workload/deadlineReach';
import { fieldLabel } from '@shared/api/fieldLabels';
import { OWN_COST_FIELDS, TASK_TIME_FIELDS } from '@shared/workload/workload';

/** One editable column of the jobs table: the job field, its heading, how it is typed and its share of the row. */
export interface JobColumn {
  key: keyof JobDraft;
  label: string;
  /** `ids`: a list of job ids, written with commas between them; `numbers`: a list of numbers (a trace's task times), likewise. */
  kind: 'text' | 'number' | 'template' | 'ids' | 'numbers';
  /** Cleared, the field leaves the job (the workload's default applies) rather than holding "". */
  optional?: boolean;
  /** What an empty cell means ("template": the template's own value applies). */
  placeholder?: string;
  /** What the column holds, on hover of its heading and cells. */
  title?: string;
  /** The heading where it differs from `label`: a long word with a soft hyphen, a line break allowed after "/", so a narrow column breaks it. */
  heading?: string;
  /** Its share of the row's spare width, and the least it is given (px): below that the table scrolls sideways. */
  width: string;
  min: number;
}

const ID: JobColumn = { key: 'id', label: 'Id', kind: 'text', optional: true, placeholder: '—', width: '1.2fr', min: 80 };
const TEMPLATE: JobColumn = { key: 'template', label: 'Template', kind: 'template', width: '1.3fr', min: 100 };
/**
 * An optional number of the costs view, or with `more` another kind of cell. Empty, it takes the
 * template's value (the view says so above the table: a cell's "template" would not fit).
 */
const costColumn = (key: keyof JobDraft, label: string, title: string, more: Partial<JobColumn> = {}): JobColumn => ({
  key,
  label,
  heading: label.replace('selectivity', 'selec\u00adtivity').replace('/', '/\u200b'),
  kind: 'number',
  optional: true,
  placeholder: '—',
  title,
  width: '0.85fr',
  min: 62,
  ...more,
});

/** When each job comes, how large it is, where it goes and by when: the table's first view. */
export const SCHEDULE_COLUMNS: readonly JobColumn[] = [
  ID,
  TEMPLATE,
  { key: 'submit', label: 'Submit (s)', kind: 'number', width: '0.9fr', min: 72 },
  { key: 'inputMb', label: 'Input MB', kind: 'number', optional: true, placeholder: 'per block', width: '0.9fr', min: 80 },
  { key: 'maps', label: 'Maps', kind: 'number', optional: true, placeholder: '—', width: '0.7fr', min: 56 },
  { key: 'reduces', label: 'Reduces', kind: 'number', optional: true, placeholder: 'auto', width: '0.7fr', min: 64 },
  { key: 'queue', label: 'Queue', kind: 'text', width: '0.9fr', min: 72 },
  { key: 'deadline', label: 'Deadline (s)', kind: 'number', optional: true, placeholder: '—', width: '0.9fr', min: 72 },
  { key: 'deadlineFactor', label: 'Deadline × alone', kind: 'number', optional: true, placeholder: '—', width: '0.9fr', min: 72 },
  { key: 'mrCluster', label: 'MR-cluster', kind: 'text', optional: true, placeholder: '—', width: '0.9fr', min: 80 },
];

/**
 * What each job moves and computes in place of its template's, and what it waits for: the table's
 * second view. A trace's replayed container times and a preset's priced job types live here (they
 * decide how long the job's tasks take), so they can be read and edited job by job, not only in a
 * file.
 */
export const COST_COLUMNS: readonly JobColumn[] = [
  { ...ID, width: '0.9fr' },
  { ...TEMPLATE, width: '1fr', min: 96 },
  costColumn('shuffleMb', 'Shuffle MB', "MB the job's reduces fetch between them; empty: the template's map output for the input"),
  costColumn('outputMb', 'Output MB', "MB the job writes: its maps in a map-only job, else its reduces; empty: the template's own"),
  costColumn('setupCommitS', 'Set-up, commit (s)', 'Seconds the job takes beyond its tasks (set-up, commit), holding no slot; empty: none', {
    placeholder: '0',
  }),
  costColumn('mapCpuSPerMb', 'Map CPU s/MB', "CPU-seconds a map spends per MB it reads, in place of the template's"),
  costColumn('mapCpuSPerTask', 'Map CPU s/map', "CPU-seconds each map spends whatever it reads, in place of the template's"),
  costColumn('mapSelectivity', 'Map selectivity', "MB a map emits per MB it reads, in place of the template's"),
  costColumn('reduceCpuSPerMb', 'Reduce CPU s/MB', "CPU-seconds a reduce spends per MB it receives, in place of the template's"),
  costColumn('reduceCpuSPerTask', 'Reduce CPU s/reduce', "CPU-seconds each reduce spends whatever it receives, in place of the template's"),
  costColumn('reduceSelectivity', 'Reduce selectivity', "MB a reduce writes per MB it receives, in place of the template's"),

  costColumn('dependsOn', 'Waits for', 'Ids of the jobs that must finish before this one is submitted, with commas between them', {
    kind: 'ids',
    placeholder: '—',
    width: '0.9fr',
    min: 80,
  }),
];

/**
 * Each task's own time where a trace gave it (SLS's containers, SYNTH's draws): the table's third
 * view, beside the job's counts, so a list can be read, edited or cleared job by job.
 */
const MAPS = SCHEDULE_COLUMNS.find((c) => c.key === 'maps')!;
const REDUCES = SCHEDULE_COLUMNS.find((c) => c.key === 'reduces')!;
const timesColumn = (key: 'mapSeconds' | 'reduceSeconds', kind: string): JobColumn => ({
  key,
  label: `${kind[0].toUpperCase()}${kind.slice(1)} times (s)`,
  kind: 'numbers',
  optional: true,
  placeholder: '—',
  title: `Each ${kind}'s own time as its trace gives it, in task order, the list repeating: the ${kind}s share the job's CPU per ${kind} in these proportions; empty: the template's random variation`,
  width: '3fr',
  min: 200,
});
export const TIME_COLUMNS: readonly JobColumn[] = [ID, TEMPLATE, MAPS, timesColumn('mapSeconds', 'map'), REDUCES, timesColumn('reduceSeconds', 'reduce')];

/** The table's views, by name: the same rows, a different set of columns, and what an empty cell means there. */
export const JOB_VIEWS = {
  schedule: { label: 'Schedule', columns: SCHEDULE_COLUMNS, note: undefined },
  costs: { label: 'Data and costs', columns: COST_COLUMNS, note: "An empty cell takes the template's value; an empty set-up and commit time is 0 s." },
  times: {
    label: 'Task times',
    columns: TIME_COLUMNS,
    note: "Each task's own time where a trace gives it (seconds, commas between them); an empty cell: the template's random variation.",
  },
} as const;
export type JobView = keyof typeof JOB_VIEWS;

/** The tick box, the row number and the problems mark around the columns; the gap between tracks and the row's side padding (jobsTable.css). */
const EDGES = { tick: 28, index: 56, mark: 32, gap: 4, padding: 6 };

/** The rows' grid for a view: the tick box, the row number, the columns (each at least its `min`), the row's problems mark. */
export const jobGrid = (columns: readonly JobColumn[]): string =>
  `${EDGES.tick}px ${EDGES.index}px ${columns.map((c) => `minmax(${c.min}px,${c.width})`).join(' ')} ${EDGES.mark}px`;

/** The least width a view's rows take: narrower, the table scrolls sideways rather than cut its cells. */
export const jobGridMinWidth = (columns: readonly JobColumn[]): number =>
  EDGES.tick + EDGES.index + EDGES.mark + columns.reduce((w, c) => w + c.min, 0) + EDGES.gap * (columns.length + 2) + 2 * EDGES.padding;

/** The view whose columns show `field` (an error's field), preferring `current` when both do. */
export function viewOfField(field: string, current: JobView): JobView | undefined {
  if (JOB_VIEWS[current].columns.some((c) => c.key === field)) return current;
  return (Object.keys(JOB_VIEWS) as JobView[]).find((v) => JOB_VIEWS[v].columns.some((c) => c.key === field));
}

/**
 * What a cell's text sets the field to: a number where it reads as one (text that does not stays
 * text, so the schema names the problem at its field), nothing for a cleared number or optional
 * field.
 */
export function cellValue(col: JobColumn, raw: string): unknown {
  if (col.kind === 'number') return raw.trim() === '' ? undefined : numberOrText(raw);
  if (col.kind === 'ids') {
    const ids = raw
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== '');
    return ids.length ? ids : undefined;
  }
  if (col.kind === 'numbers') {
    // Commas or spaces between them, as the cell shows them or a CSV writes them.
    const numbers = raw.split(/[\s,]+/).filter((x) => x !== '');
    return numbers.length ? numbers.map(numberOrText) : undefined;
  }
  if (col.optional && raw.trim() === '') return undefined;
  return raw;
}

/** A field as its cell shows it: long trace fractions (0.706456184 MB) rounded; the stored value changes only when edited. */
export const cellText = (v: unknown): string =>
  v === undefined ? '' : Array.isArray(v) ? v.join(', ') : typeof v === 'number' && !Number.isInteger(v) ? String(Number(v.toFixed(3))) : String(v);

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
const OWN_COSTS = [...OWN_COST_FIELDS, ...TASK_TIME_FIELDS] as const;

/** A cost as the note says it: a list of task times by its length and range, not number by number. */
function costText(v: unknown): string {
  if (!Array.isArray(v)) return cellText(v);
  const numbers = v.filter((x): x is number => typeof x === 'number');
  if (numbers.length !== v.length || numbers.length < 2) return cellText(v);
  return `${cellText(Math.min(...numbers))} to ${cellText(Math.max(...numbers))}, ${numbers.length.toLocaleString('en-US')} of them`;
}

/**
 * The job's own costs in words, for its template cell ("Generic, with its own costs: map CPU s per
 * map 16.605, …"), when it has any: in the schedule view their columns are out of sight (a trace's
 * replayed container times, a preset's priced job type), yet they decide how long its tasks take.
 */
export function ownCostsNote(job: JobDraft | undefined): string | undefined {
  const own = OWN_COSTS.filter((k) => job?.[k] !== undefined).map((k) => `${fieldLabel(k)} ${costText(job![k])}`);
  return own.length ? `${job!.template}, with its own costs in place of the template's: ${own.join(', ')}` : undefined;
}

/** Cells with problems per view, from the editor's errors by path (`jobs.3.maps`): a problem in the view out of sight is said on its switch. */
export function problemsPerView(errors: Readonly<Record<string, string>>): Record<JobView, number> {
  const views = Object.keys(JOB_VIEWS) as JobView[];
  const count = Object.fromEntries(views.map((v) => [v, 0])) as Record<JobView, number>;
  for (const f of Object.keys(errors)) {
    const field = /^jobs\.\d+\.(\w+)/.exec(f)?.[1];
    if (field) for (const v of views) if (JOB_VIEWS[v].columns.some((c) => c.key === field)) count[v]++;
  }
  return count;
}
