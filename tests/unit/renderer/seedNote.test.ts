import { describe, expect, it } from 'vitest';
import { seedNote } from '../../../src-renderer/src/components/experiments/summaryColumns';

describe('the note above the summary table', () => {
  it('says a running batch is read over the seeds finished so far, whatever they number', () => {
    for (const columns of [
      { fewest: 1, most: 1 },
      { fewest: 1, most: 3 },
      { fewest: 3, most: 3 },
    ])
      expect(seedNote(columns, true)).toMatch(/^Still running: each configuration is read over the seeds it has finished so far/);
  });

  it('once the batch has ended, names one seed, a few seeds, or nothing', () => {
    expect(seedNote({ fewest: 1, most: 1 })).toMatch(/^One seed: no intervals/);
    expect(seedNote({ fewest: 2, most: 3 })).toMatch(/^Fewer than 3 seeds/);
    expect(seedNote({ fewest: 3, most: 5 })).toBeUndefined();
  });
});
