import { describe, expect, it } from 'vitest';
import { jobSpeedup } from '../../../src-main/reports/jobSpeedupReport';
import { handResult, handRun } from '../../helpers/resultFixtures';

type Job = [id: string, template: string, submit: number, finish: number | null];

const run = (scheduler: string, seed: number, jobs: Job[]) =>
  handRun(
    scheduler,
    seed,
    jobs.map(([id, template, submit, finish]) => ({ id, template, status: finish === null ? 'unfinished' : 'succeeded', submit, start: submit, finish })),
  );
const result = handResult;

describe('per-job speedup (ILA Fig. 5)', () => {
  it('pairs each job with itself and weighs every job alike, unlike the ratio of mean JCTs', () => {
    // A small job 4x faster and a big one 1.25x slower under "mine".
    const r = result([
      run('mine', 1, [
        ['small', 'Grep', 0, 10],
        ['big', 'Sort', 0, 1000],
      ]),
      run('other', 1, [
        ['small', 'Grep', 0, 40],
        ['big', 'Sort', 0, 800],
      ]),
    ]);
    const [row] = jobSpeedup(r, 'mine').rows;
    expect(row.scheduler).toBe('other');
    expect(row.pairs).toBe(2);
    expect(row.perJob).toBeCloseTo(Math.sqrt(4 * 0.8), 12);
    expect(row.meanJct).toBeCloseTo(840 / 1010, 12);
    expect(row.byTemplate).toEqual({ Grep: 4, Sort: 0.8 });
  });

  it('pairs only the same seed and leaves out jobs unfinished under either scheduler', () => {
    const r = result([
      run('mine', 1, [
        ['a', 'Grep', 0, 10],
        ['b', 'Grep', 5, 15],
      ]),
      run('mine', 2, [['a', 'Grep', 0, 100]]),
      run('other', 1, [
        ['a', 'Grep', 0, 20],
        ['b', 'Grep', 5, null],
      ]),
      run('other', 2, [['a', 'Grep', 0, 50]]),
      run('other', 3, [['a', 'Grep', 0, 1]]),
    ]);
    const report = jobSpeedup(r, 'mine');
    expect(report.seeds).toEqual([1, 2]);
    const [row] = report.rows;
    expect(row.pairs).toBe(2);
    expect(row.perJob).toBeCloseTo(Math.sqrt(2 * 0.5), 12);
    // Seed by seed: 2x on seed 1, 0.5x on seed 2; seed 3 has no run of "mine" to pair with.
    expect(row.bySeed).toEqual([
      { seed: 1, pairs: 1, perJob: 2, meanJct: 2 },
      { seed: 2, pairs: 1, perJob: 0.5, meanJct: 0.5 },
    ]);
  });

  it('names the schedulers a result has when asked for one it lacks', () => {
    expect(() => jobSpeedup(result([run('PureFair', 1, [])]), 'ila')).toThrow('no runs of scheduler "ila" in this result (it has "PureFair")');
  });
});
