import { describe, expect, it } from 'vitest';
import { failureGroups } from '@shared/results/failedRuns';

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
});
