import { describe, expect, it } from 'vitest';
import { applyBulkEdit, bulkProblems, bulkTargets, bulkWarnings, queuesOf, type BulkEdit } from '@shared/workload/bulkEdit';
import { WorkloadSpecSchema, type WorkloadSpecInput } from '@shared/workload/workload';

type Jobs = NonNullable<WorkloadSpecInput['jobs']>;
const jobs = (): Jobs => [
  { id: 'a', template: 'Sort', submit: 0, maps: 4, inputMb: 512, queue: 'etl' },
  { id: 'b', template: 'WordCount', submit: 5, maps: 40, inputMb: 5120, queue: 'adhoc' },
  { id: 'c', template: 'Sort', submit: 9, inputMb: 64 },
  { id: 'd', template: 'Grep', submit: 12, maps: 400, queue: 'etl', mrCluster: 'old' },
];

describe("bulk edits of a workload's jobs", () => {
  it('a filter picks by template, queue and size; a job without the bounded value does not match the bound', () => {
    const js = jobs();
    expect(bulkTargets(js, { kind: 'filter', template: 'Sort' })).toEqual([0, 2]);
    // A job with no queue is in "default", as the schema reads it.
    expect(bulkTargets(js, { kind: 'filter', queue: 'default' })).toEqual([2]);
    expect(bulkTargets(js, { kind: 'filter', minMaps: 10 })).toEqual([1, 3]);
    expect(bulkTargets(js, { kind: 'filter', maxInputMb: 600 })).toEqual([0, 2]);
    expect(bulkTargets(js, { kind: 'filter', queue: 'etl', maxMaps: 100 })).toEqual([0]);
    expect(bulkTargets(js, { kind: 'selected', indices: [3, 1, 1, 9] })).toEqual([1, 3]);
    expect(bulkTargets(js, { kind: 'all' })).toEqual([0, 1, 2, 3]);
  });

  it('sets one value on the targets only, and counts the jobs it changed', () => {
    const js = jobs();
    expect(applyBulkEdit(js, { field: 'deadlineFactor', target: { kind: 'filter', template: 'Sort' }, rule: { kind: 'set', value: ' 2.5 ' } })).toBe(2);
    expect(js.map((j) => j.deadlineFactor)).toEqual([2.5, undefined, 2.5, undefined]);
    // Setting what a job already has changes nothing.
    expect(applyBulkEdit(js, { field: 'deadlineFactor', target: { kind: 'all' }, rule: { kind: 'set', value: '2.5' } })).toBe(2);
  });

  it('warns of deadlines no run can meet (at or before the submission, a factor below 1), and only of those', () => {
    const js = jobs();
    const all = { kind: 'all' } as const;
    // Submitted at 0, 5, 9 and 12: a deadline of 9 s is at or before the last two's submission.
    expect(bulkWarnings(js, { field: 'deadline', target: all, rule: { kind: 'set', value: '9' } })).toEqual([
      '2 jobs would get a deadline at or before their submission (a deadline counts from the start of the run; "Deadline × alone" counts from each job\'s submission), so no run can meet it.',
    ]);
    expect(bulkWarnings(js, { field: 'deadline', target: all, rule: { kind: 'set', value: '13' } })).toEqual([]);
    expect(bulkWarnings(js, { field: 'deadlineFactor', target: all, rule: { kind: 'round-robin', values: ['0.5', '2'] } })).toEqual([
      '2 jobs would get a factor below 1: less time than the job takes alone, so no run can meet it.',
    ]);
    // By queue: only the queues given a value count; an edit with a problem is said as a problem, not warned of.
    expect(bulkWarnings(js, { field: 'deadlineFactor', target: all, rule: { kind: 'by-queue', values: { etl: '0.9' } } })[0]).toMatch(/^2 jobs /);
    expect(bulkWarnings(js, { field: 'deadlineFactor', target: all, rule: { kind: 'set', value: '-1' } })).toEqual([]);
    expect(bulkWarnings(js, { field: 'queue', target: all, rule: { kind: 'set', value: '0' } })).toEqual([]);
  });

  it('deals values round-robin in job order, and maps each queue to its value (an empty queue keeps its jobs)', () => {
    const js = jobs();
    applyBulkEdit(js, { field: 'mrCluster', target: { kind: 'all' }, rule: { kind: 'round-robin', values: ['c-1', 'c-2', 'c-3'] } });
    expect(js.map((j) => j.mrCluster)).toEqual(['c-1', 'c-2', 'c-3', 'c-1']);
    applyBulkEdit(js, { field: 'mrCluster', target: { kind: 'all' }, rule: { kind: 'by-queue', values: { etl: 'team-etl', adhoc: '', default: 'shared' } } });
    expect(js.map((j) => j.mrCluster)).toEqual(['team-etl', 'c-2', 'shared', 'team-etl']);
  });

  it('clears an optional field; the result is still a valid workload', () => {
    const js = jobs();
    expect(applyBulkEdit(js, { field: 'mrCluster', target: { kind: 'all' }, rule: { kind: 'clear' } })).toBe(1);
    expect('mrCluster' in js[3]).toBe(false);
    expect(WorkloadSpecSchema.safeParse({ name: 'w', jobs: js }).success).toBe(true);
  });

  it('says what is wrong in words, at the control it belongs to, and applies nothing then', () => {
    const js = jobs();
    const edit = (e: Partial<BulkEdit>): BulkEdit => ({ field: 'deadlineFactor', target: { kind: 'all' }, rule: { kind: 'set', value: '2' }, ...e });
    expect(bulkProblems(js, edit({ rule: { kind: 'set', value: 'x' } }))).toEqual([{ at: 'value', message: 'The value "x" is not a number' }]);
    expect(bulkProblems(js, edit({ rule: { kind: 'set', value: '0x10' } }))).toEqual([{ at: 'value', message: 'The value "0x10" is not a number' }]);
    expect(bulkProblems(js, edit({ target: { kind: 'filter', minMaps: Number.NaN } }))[0].message).toBe('The maps bounds must be numbers');
    expect(bulkProblems(js, edit({ rule: { kind: 'set', value: '-1' } }))[0].message).toBe('The value must be greater than 0');
    expect(bulkProblems(js, edit({ rule: { kind: 'round-robin', values: ['2', ''] } }))[0].message).toBe(
      'Value 2 is empty: type it, or remove the comma too many',
    );
    expect(bulkProblems(js, edit({ field: 'queue', rule: { kind: 'clear' } }))[0].message).toMatch(/cannot be cleared/);
    expect(bulkProblems(js, edit({ target: { kind: 'selected', indices: [] } }))).toEqual([{ at: 'target', message: 'No jobs are ticked in the table' }]);
    expect(bulkProblems(js, edit({ target: { kind: 'filter', minMaps: 50, maxMaps: 5 } }))[0].message).toBe('The maps range runs backwards: 50 is above 5');
    expect(bulkProblems(js, edit({ rule: { kind: 'by-queue', values: { etl: 'soon' } } }))).toEqual([
      { at: 'queue:etl', message: 'Queue "etl": the value "soon" is not a number' },
    ]);
    const before = JSON.stringify(js);
    expect(() => applyBulkEdit(js, edit({ rule: { kind: 'round-robin', values: ['3', 'x'] } }))).toThrow('Value 2 "x" is not a number');
    expect(JSON.stringify(js)).toBe(before);
  });

  it("gives jobs a set-up and commit time from 0 to a day, the job schema's own bounds", () => {
    const js = jobs();
    const setup = (value: string): BulkEdit => ({ field: 'setupCommitS', target: { kind: 'filter', queue: 'etl' }, rule: { kind: 'set', value } });
    expect(applyBulkEdit(js, setup('0'))).toBe(2);
    expect(js.map((j) => j.setupCommitS)).toEqual([0, undefined, undefined, 0]);
    expect(applyBulkEdit(js, setup('12.5'))).toBe(2);
    expect(WorkloadSpecSchema.safeParse({ name: 'w', jobs: js }).success).toBe(true);
    expect(bulkProblems(js, setup('-1'))).toEqual([{ at: 'value', message: 'The value must be at least 0' }]);
    expect(bulkProblems(js, setup('86401'))).toEqual([{ at: 'value', message: 'The value must be at most 86,400' }]);
    expect(applyBulkEdit(js, { field: 'setupCommitS', target: { kind: 'all' }, rule: { kind: 'clear' } })).toBe(2);
    expect(js.every((j) => j.setupCommitS === undefined)).toBe(true);
  });

  it("clears a trace's task times from many jobs at once, and only clears them: each job's list is its own", () => {
    const js: Jobs = [
      { id: 'a', template: 'Generic', submit: 0, maps: 3, mapCpuSPerMb: 0, mapCpuSPerTask: 5, mapSeconds: [4, 5, 6], reduces: 1, reduceSeconds: [2] },
      { id: 'b', template: 'Generic', submit: 1, maps: 2, mapCpuSPerMb: 0, mapCpuSPerTask: 3, mapSeconds: [3] },
      { id: 'c', template: 'Sort', submit: 2, maps: 2 },
    ];
    const clear = (field: 'mapSeconds' | 'reduceSeconds', target: BulkEdit['target'] = { kind: 'all' }): BulkEdit => ({
      field,
      target,
      rule: { kind: 'clear' },
    });
    // Only the jobs that had a list change; the mean stays each job's CPU per task, shared alike.
    expect(applyBulkEdit(js, clear('mapSeconds', { kind: 'selected', indices: [0, 2] }))).toBe(1);
    expect(js.map((j) => j.mapSeconds)).toEqual([undefined, [3], undefined]);
    expect(js[0]).toMatchObject({ mapCpuSPerTask: 5, reduceSeconds: [2] });
    expect(applyBulkEdit(js, clear('reduceSeconds'))).toBe(1);
    expect(js[0]).not.toHaveProperty('reduceSeconds');
    expect(WorkloadSpecSchema.safeParse({ jobs: js }).success).toBe(true);
    // One list for many jobs would give each the others' times: refused, with where a job's own is edited.
    for (const rule of [
      { kind: 'set', value: '4 5' },
      { kind: 'round-robin', values: ['1'] },
      { kind: 'by-queue', values: { default: '2' } },
    ] as const)
      expect(bulkProblems(js, { field: 'mapSeconds', target: { kind: 'all' }, rule })).toEqual([
        {
          at: 'value',
          message:
            "Each job's map times are its own list from its trace: many jobs can only be cleared of them (edit one job's in the jobs table's Task times view)",
        },
      ]);
  });

  it('lists the queues, most jobs first', () => {
    expect(queuesOf(jobs())).toEqual([
      { queue: 'etl', jobs: 2 },
      { queue: 'adhoc', jobs: 1 },
      { queue: 'default', jobs: 1 },
    ]);
  });
});
