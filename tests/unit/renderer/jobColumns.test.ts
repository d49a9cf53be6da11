import { describe, expect, it } from 'vitest';
import { JobSpecSchema } from '@shared/workload/workload';
import {
  cellText,
  cellValue,
  COST_COLUMNS,
  jobGrid,
  jobGridMinWidth,
  JOB_VIEWS,
  ownCostsNote,
  problemsPerView,
  SCHEDULE_COLUMNS,
  TIME_COLUMNS,
  unusedCellNote,
  viewOfField,
} from '../../../src-renderer/src/components/workload/jobColumns';

const col = (key: string) => [...SCHEDULE_COLUMNS, ...COST_COLUMNS, ...TIME_COLUMNS].find((c) => c.key === key)!;

describe("the jobs table's cells", () => {
  it('reads a number cell as a number, keeps text that is not one for the schema to name, and clears an empty one', () => {
    expect(cellValue(col('maps'), '12')).toBe(12);
    expect(cellValue(col('submit'), ' 2.5 ')).toBe(2.5);
    expect(cellValue(col('maps'), 'twelve')).toBe('twelve');
    // JavaScript would read these as 16 and Infinity: a typo must reach the check, not become a number.
    expect(cellValue(col('maps'), '0x10')).toBe('0x10');
    expect(cellValue(col('submit'), 'Infinity')).toBe('Infinity');
    expect(cellValue(col('maps'), '  ')).toBeUndefined();
  });

  it('drops an emptied optional text field, and keeps a required one as written', () => {
    expect(cellValue(col('id'), '')).toBeUndefined();
    expect(cellValue(col('queue'), '')).toBe('');
    expect(cellValue(col('template'), 'Sort')).toBe('Sort');
  });

  it('shows long fractions rounded and whole numbers as they are', () => {
    expect(cellText(0.706456184)).toBe('0.706');
    expect(cellText(120)).toBe('120');
    expect(cellText(undefined)).toBe('');
    expect(cellText('Grep')).toBe('Grep');
  });

  it('lays out one grid track per column, between the tick box and row number and the problems mark', () => {
    for (const { columns } of Object.values(JOB_VIEWS)) expect(jobGrid(columns).split(' ')).toHaveLength(columns.length + 3);
  });

  it('fits either view without scrolling sideways in the window the app opens with (1,280 px leave the table 1,011 px), and scrolls below that', () => {
    for (const { columns } of Object.values(JOB_VIEWS)) {
      const least = jobGridMinWidth(columns);
      expect(least).toBeLessThanOrEqual(1011);
      // The narrowest window (900 px) leaves it about 700 px: the cells keep their least width and the table scrolls.
      expect(least).toBeGreaterThan(700);
      expect(jobGrid(columns)).toContain(`minmax(${columns[0].min}px,${columns[0].width})`);
    }
  });

  it('edits every field a job has in one view or the other, each view naming the job by its id and template', () => {
    const fields = Object.keys(JobSpecSchema.shape).sort();
    const shown = [...new Set(Object.values(JOB_VIEWS).flatMap((v) => v.columns.map((c) => c.key)))].sort();
    expect(shown).toEqual(fields);
    for (const { columns } of Object.values(JOB_VIEWS)) expect(columns.slice(0, 2).map((c) => c.key)).toEqual(['id', 'template']);
  });

  it('reads the jobs a job waits for as a list written with commas, and an empty cell as none', () => {
    expect(cellValue(col('dependsOn'), 'a, b ,, c d ')).toEqual(['a', 'b', 'c d']);
    expect(cellValue(col('dependsOn'), ' , ')).toBeUndefined();
    expect(cellText(['a', 'b'])).toBe('a, b');
    expect(cellText([])).toBe('');
  });

  it("reads a trace's task times as numbers with commas or spaces between them, and says a list by its range on the template cell", () => {
    const times = col('mapSeconds');
    expect(times.kind).toBe('numbers');
    expect(cellValue(times, '2.5, 6.25 4.75,, ')).toEqual([2.5, 6.25, 4.75]);
    expect(cellValue(times, '3, soon')).toEqual([3, 'soon']);
    expect(cellValue(times, ' , ')).toBeUndefined();
    expect(cellText([2.5, 6.25])).toBe('2.5, 6.25');
    expect(ownCostsNote({ template: 'Generic', submit: 0, mapCpuSPerTask: 4.5, mapSeconds: [2.5, 6.25, 4.75], reduceSeconds: [9] })).toBe(
      "Generic, with its own costs in place of the template's: map CPU s per map 4.5, map times (s) 2.5 to 6.25, 3 of them, reduce times (s) 9",
    );
    expect(viewOfField('mapSeconds', 'schedule')).toBe('times');
  });

  it('finds the view that shows a field with a problem, keeping the one shown when both do', () => {
    expect(viewOfField('mapCpuSPerMb', 'schedule')).toBe('costs');
    expect(viewOfField('maps', 'costs')).toBe('schedule');
    expect(viewOfField('template', 'costs')).toBe('costs');
    expect(viewOfField('nothing', 'schedule')).toBeUndefined();
  });

  it('says a deadline factor is not used where the job also has a deadline in seconds, and nothing otherwise', () => {
    expect(unusedCellNote(col('deadlineFactor'), { deadline: 100, deadlineFactor: 1.5 })).toBe(
      'Not used: this job has a deadline in seconds, which comes before a factor',
    );
    expect(unusedCellNote(col('deadlineFactor'), { deadlineFactor: 1.5 })).toBeUndefined();
    expect(unusedCellNote(col('deadline'), { deadline: 100, deadlineFactor: 1.5 })).toBeUndefined();
    expect(unusedCellNote(col('deadlineFactor'), undefined)).toBeUndefined();
  });

  it("says a job's own costs on its template cell, in words, and nothing for a job without any", () => {
    const job = { template: 'Generic', submit: 0, mapCpuSPerMb: 0, mapCpuSPerTask: 16.6046667, reduceCpuSPerTask: 7 };
    expect(ownCostsNote(job)).toBe(
      "Generic, with its own costs in place of the template's: map CPU s per MB 0, map CPU s per map 16.605, reduce CPU s per reduce 7",
    );
    expect(ownCostsNote({ template: 'Sort', submit: 0 })).toBeUndefined();
    expect(ownCostsNote(undefined)).toBeUndefined();
  });

  it('counts the problems each view shows: a field of one view in that one (the maps in two), the id and template in all', () => {
    expect(problemsPerView({ 'jobs.0.maps': 'x', 'jobs.4.dependsOn.1': 'y', 'jobs.2.shuffleMb': 'z', 'jobs.1.template': 't', name: 'n' })).toEqual({
      schedule: 2,
      costs: 3,
      times: 2,
    });
    expect(problemsPerView({ 'jobs.3.reduceSeconds.0': 'r' })).toEqual({ schedule: 0, costs: 0, times: 1 });
    expect(problemsPerView({})).toEqual({ schedule: 0, costs: 0, times: 0 });
  });
});
