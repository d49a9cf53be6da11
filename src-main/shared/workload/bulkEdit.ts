import type { WorkloadSpecInput } from './workload';
import { readDecimal } from '../decimal';
import { unmeetableDeadline } from './deadlineReach';

/**
 * One edit of many jobs at once, as the workload editor's bulk panel builds it: which field, which
 * jobs (the ones ticked, those a filter matches, or all), and what each gets (one value, values
 * dealt round-robin, a value per queue, or nothing). A real trace has thousands of jobs; a planner
 * giving each one an MR-cluster or a deadline cell by cell is not a workflow.
 */

type JobInput = NonNullable<WorkloadSpecInput['jobs']>[number];

/**
 * The fields a bulk edit may set: the ones a trace never carries and a study needs. A number is
 * above 0 unless the field takes 0 (`zero`), and at most `max` where the job's schema bounds it.
 */
export const BULK_FIELDS = {
  queue: { label: 'Queue', noun: 'queue', kind: 'text', optional: false },
  deadlineFactor: { label: 'Deadline × alone', noun: 'deadline factor', kind: 'number', optional: true },
  deadline: { label: 'Deadline (s)', noun: 'deadline', kind: 'number', optional: true },
  mrCluster: { label: 'MR-cluster', noun: 'MR-cluster', kind: 'text', optional: true },
  setupCommitS: { label: 'Set-up and commit (s)', noun: 'set-up and commit time', kind: 'number', optional: true, zero: true, max: 86_400 },
  // A job's own list from a trace (SLS, SYNTH, Rumen): cleared here, so its tasks share its CPU per
  // task alike; edited job by job in the jobs table's Task times view.
  mapSeconds: { label: 'Map times (s)', noun: 'map times', kind: 'times', optional: true, clearOnly: true },
  reduceSeconds: { label: 'Reduce times (s)', noun: 'reduce times', kind: 'times', optional: true, clearOnly: true },
} as const;
export type BulkField = keyof typeof BULK_FIELDS;

/** A field each job holds its own of (a trace's task times): many jobs at once can only be cleared of it. */
export const clearOnly = (field: BulkField): boolean => 'clearOnly' in BULK_FIELDS[field];

/** Jobs a bulk edit touches. A bound left out does not filter; a job without the bounded value does not match it. */
export type BulkTarget =
  | { kind: 'all' }
  | { kind: 'selected'; indices: readonly number[] }
  | { kind: 'filter'; template?: string; queue?: string; minMaps?: number; maxMaps?: number; minInputMb?: number; maxInputMb?: number };

/** What each touched job gets. Values are typed text: numbers are read per field. */
export type BulkRule =
  | { kind: 'set'; value: string }
  | { kind: 'round-robin'; values: readonly string[] }
  | { kind: 'by-queue'; values: Readonly<Partial<Record<string, string>>> }
  | { kind: 'clear' };

export interface BulkEdit {
  field: BulkField;
  target: BulkTarget;
  rule: BulkRule;
}

/** The jobs' indices a target picks, in job order. */
export function bulkTargets(jobs: readonly JobInput[], target: BulkTarget): number[] {
  if (target.kind === 'all') return jobs.map((_, i) => i);
  if (target.kind === 'selected') return [...new Set(target.indices)].filter((i) => i >= 0 && i < jobs.length).sort((a, b) => a - b);
  const within = (v: number | undefined, lo?: number, hi?: number) =>
    (lo === undefined && hi === undefined) || (v !== undefined && (lo === undefined || v >= lo) && (hi === undefined || v <= hi));
  const out: number[] = [];
  jobs.forEach((j, i) => {
    if (target.template !== undefined && j.template !== target.template) return;
    if (target.queue !== undefined && (j.queue ?? 'default') !== target.queue) return;
    if (!within(j.maps, target.minMaps, target.maxMaps)) return;
    if (!within(j.inputMb, target.minInputMb, target.maxInputMb)) return;
    out.push(i);
  });
  return out;
}

/** The queues the jobs name, most jobs first (a job without one is in "default", as the schema reads it). */
export function queuesOf(jobs: readonly JobInput[]): { queue: string; jobs: number }[] {
  const count = new Map<string, number>();
  for (const j of jobs) count.set(j.queue ?? 'default', (count.get(j.queue ?? 'default') ?? 0) + 1);
  return [...count].map(([queue, n]) => ({ queue, jobs: n })).sort((a, b) => b.jobs - a.jobs || a.queue.localeCompare(b.queue));
}

/** A problem with a bulk edit, at the panel's control it belongs to, in words. */
export interface BulkProblem {
  /** `value`, `values`, `queue:NAME`, `target`, `filter`. */
  at: string;
  message: string;
}

function readValue(field: BulkField, raw: string): { value?: string | number; problem?: string } {
  const text = raw.trim();
  const spec = BULK_FIELDS[field];
  if (text === '') return { problem: 'is empty: type a value, or choose "clear it"' };
  if (text.length > 80) return { problem: 'is longer than 80 characters' };
  if (spec.kind === 'text') return { value: text };
  const n = readDecimal(text);
  if (!Number.isFinite(n)) return { problem: `"${text}" is not a number` };
  const bounds = spec as { zero?: boolean; max?: number };
  if (bounds.zero ? n < 0 : n <= 0) return { problem: bounds.zero ? 'must be at least 0' : 'must be greater than 0' };
  if (bounds.max !== undefined && n > bounds.max) return { problem: `must be at most ${bounds.max.toLocaleString('en-US')}` };
  return { value: n };
}

/** Everything wrong with an edit before it is applied; empty when it can be. */
export function bulkProblems(jobs: readonly JobInput[], edit: BulkEdit): BulkProblem[] {
  const problems: BulkProblem[] = [];
  const { field, rule, target } = edit;
  if (rule.kind === 'clear' && !BULK_FIELDS[field].optional)
    problems.push({ at: 'value', message: `every job has a ${BULK_FIELDS[field].noun}: it cannot be cleared, only set` });
  if (rule.kind !== 'clear' && clearOnly(field))
    return [
      {
        at: 'value',
        message: `Each job's ${BULK_FIELDS[field].noun} are its own list from its trace: many jobs can only be cleared of them (edit one job's in the jobs table's Task times view)`,
      },
    ];
  if (rule.kind === 'set') {
    const p = readValue(field, rule.value).problem;
    if (p) problems.push({ at: 'value', message: `The value ${p}` });
  }
  if (rule.kind === 'round-robin') {
    if (rule.values.length === 0) problems.push({ at: 'values', message: 'Type the values to deal out, separated by commas' });
    rule.values.forEach((v, k) => {
      // "clear it" is another rule: in a list, an empty value is a comma too many.
      const p = v.trim() === '' ? 'is empty: type it, or remove the comma too many' : readValue(field, v).problem;
      if (p) problems.push({ at: 'values', message: `Value ${k + 1} ${p}` });
    });
  }
  if (rule.kind === 'by-queue') {
    const queues = new Set(bulkTargets(jobs, target).map((i) => jobs[i].queue ?? 'default'));
    for (const q of queues) {
      const raw = rule.values[q];
      // A queue left empty keeps its jobs as they are: the user may assign some queues now and others later.
      if (raw === undefined || raw.trim() === '') continue;
      const p = readValue(field, raw).problem;
      if (p) problems.push({ at: `queue:${q}`, message: `Queue "${q}": the value ${p}` });
    }
  }
  if (target.kind === 'filter') {
    const bounds = [
      ['maps', target.minMaps, target.maxMaps],
      ['input MB', target.minInputMb, target.maxInputMb],
    ] as const;
    for (const [what, lo, hi] of bounds) {
      if ((lo !== undefined && !Number.isFinite(lo)) || (hi !== undefined && !Number.isFinite(hi)))
        problems.push({ at: 'filter', message: `The ${what} bounds must be numbers` });
      else if (lo !== undefined && hi !== undefined && lo > hi)
        problems.push({ at: 'filter', message: `The ${what} range runs backwards: ${lo} is above ${hi}` });
    }
  }
  if (problems.length === 0 && bulkTargets(jobs, target).length === 0)
    problems.push({ at: 'target', message: target.kind === 'selected' ? 'No jobs are ticked in the table' : 'No job matches the filter' });
  return problems;
}

/**
 * Apply an edit to the jobs in place (the editor's draft, inside one undoable change). Returns how
 * many jobs it changed; throws the first problem if the edit has one, so a half-applied edit never
 * happens.
 */
export function applyBulkEdit(jobs: JobInput[], edit: BulkEdit): number {
  const problems = bulkProblems(jobs, edit);
  if (problems.length) throw new Error(problems[0].message);
  const { field } = edit;
  let changed = 0;
  for (const [i, raw] of assignments(jobs, edit)) {
    const slot = jobs[i] as Record<string, unknown>;
    const value = raw === undefined ? undefined : readValue(field, raw).value;
    if (slot[field] === value) continue;
    if (value === undefined) delete slot[field];
    else slot[field] = value;
    changed++;
  }
  return changed;
}

/** What each touched job gets, as typed (undefined: cleared); a job of a queue given no value is left out. */
function assignments(jobs: readonly JobInput[], edit: BulkEdit): [number, string | undefined][] {
  const { rule } = edit;
  return bulkTargets(jobs, edit.target).flatMap((i, k): [number, string | undefined][] => {
    if (rule.kind === 'set') return [[i, rule.value]];
    if (rule.kind === 'clear') return [[i, undefined]];
    if (rule.kind === 'round-robin') return [[i, rule.values[k % rule.values.length]]];
    const raw = rule.values[jobs[i].queue ?? 'default'];
    return raw !== undefined && raw.trim() !== '' ? [[i, raw]] : [];
  });
}

/**
 * Deadlines an edit without problems would give that no run can meet, in words: a deadline at or
 * before the job's submission (a deadline counts from the start of the run), or a factor below 1 (less
 * time than the job takes alone). Allowed, since a study may want misses, but said before Apply.
 */
export function bulkWarnings(jobs: readonly JobInput[], edit: BulkEdit): string[] {
  if (edit.field !== 'deadline' && edit.field !== 'deadlineFactor') return [];
  if (bulkProblems(jobs, edit).length) return [];
  const jobsWord = (n: number) => `${n.toLocaleString('en-US')} job${n === 1 ? '' : 's'}`;
  const given = assignments(jobs, edit).flatMap(([i, raw]) => (raw === undefined ? [] : [{ job: jobs[i], value: readValue(edit.field, raw).value as number }]));
  const n = given.filter((g) => unmeetableDeadline({ submit: g.job.submit, [edit.field]: g.value })).length;
  if (n === 0) return [];
  return edit.field === 'deadlineFactor'
    ? [`${jobsWord(n)} would get a factor below 1: less time than the job takes alone, so no run can meet it.`]
    : [
        `${jobsWord(n)} would get a deadline at or before ${n === 1 ? 'its' : 'their'} submission (a deadline counts from the start of the run; "Deadline × alone" counts from each job's submission), so no run can meet it.`,
      ];
}
