import { describe, expect, it } from 'vitest';
import { batchTrouble, failureGroups } from '@shared/results/failedRuns';

describe('failed runs, grouped by their reason', () => {
  it('says each reason once, in the order it first came, with its runs by scheduler and seed', () => {
    const down = 'cannot reach redis://q:6379';
    const groups = failureGroups([
      { label: 'FIFO', seed: 1, error: down },
      { label: 'Fair', seed: 1, error: 'out of memory' },
      { label: 'FIFO', seed: 2, error: down },
      { label: 'Capacity', seed: 3, error: down },
      { label: 'FIFO', seed: 3, error: down },
      { label: 'Fair', seed: 2, error: null },
    ]);
    expect(groups).toEqual([
      { runs: 'FIFO, seeds 1, 2 and 3; Capacity, seed 3', error: down, count: 4 },
      { runs: 'Fair, seed 1', error: 'out of memory', count: 1 },
      { runs: 'Fair, seed 2', error: 'no reason was recorded', count: 1 },
    ]);
  });

  it('has nothing to say of no failures', () => {
    expect(failureGroups([])).toEqual([]);
  });

  it('puts what went wrong with a batch in one line: the first reason, how many failed, or how far it got', () => {
    const run = (status: string, error: string | null = null, seed = 1) => ({ label: 'FIFO', seed, status, error });
    expect(batchTrouble({ status: 'failed', results: [run('failed', 'no memory', 1), run('failed', 'no memory', 2)] })).toBe('all 2 runs failed: no memory');
    expect(batchTrouble({ status: 'failed', results: [run('failed', 'no memory')] })).toBe('the run failed: no memory');
    expect(batchTrouble({ status: 'finished', results: [run('finished'), run('failed', 'a', 2), run('failed', 'b', 3), run('failed', 'c', 4)] })).toBe(
      '3 of 4 runs failed: a (and 2 other reasons: open it for all)',
    );
    expect(batchTrouble({ status: 'cancelled', results: [run('finished'), run('cancelled', null, 2)] })).toBe('cancelled with 1 of 2 runs finished');
    expect(batchTrouble({ status: 'interrupted', results: [run('interrupted')] })).toBe(
      'stopped when the studio closed, with 0 of 1 runs finished: open it to resume the rest',
    );
    expect(batchTrouble({ status: 'finished', results: [run('finished')] })).toBeUndefined();
  });
});
