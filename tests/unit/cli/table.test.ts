import { describe, expect, it } from 'vitest';
import { table } from '../../../src-main/cli/output';

describe("the CLI's tables", () => {
  it('right-align a column of numbers, also where a row has none (—), and left-align words', () => {
    const text = table(
      ['SCHEDULER', 'NODE-LOCAL %'],
      [
        ['fifo', 61],
        ['a-long-name', '—'],
        ['drf', 100],
      ],
    );
    expect(text.split('\n')).toEqual(['SCHEDULER    NODE-LOCAL %', 'fifo                   61', 'a-long-name             —', 'drf                   100', '']);
  });

  it('right-align a number column where no row has a number (every job failed: no job time)', () => {
    expect(
      table(
        ['SCHEDULER', 'MEAN JCT S'],
        [
          ['fifo', '—'],
          ['fair', '—'],
        ],
      ).split('\n'),
    ).toEqual(['SCHEDULER  MEAN JCT S', 'fifo                —', 'fair                —', '']);
  });

  it('right-align counts written with thousands separators, as the imports write them', () => {
    expect(
      table(
        ['NAME', 'JOBS'],
        [
          ['day', '5,894'],
          ['small', '12'],
        ],
      ).split('\n'),
    ).toEqual(['NAME    JOBS', 'day    5,894', 'small     12', '']);
  });

  it('left-align a column of words however short', () => {
    expect(table(['A', 'B'], [['x', 'yes']]).split('\n')[1]).toBe('x  yes');
    expect(table(['A', 'B'], [['x', '—']]).split('\n')[1]).toBe('x  —');
  });
});
