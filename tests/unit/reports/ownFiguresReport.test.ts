import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { ownFigureMeans, ownFiguresOf, ownFigureText, type OwnFigure } from '@shared/results/ownFigures';
import { reportCsvFiles } from '../../../src-main/reports/reportCsv';
import { reportHtml } from '../../../src-main/reports/reportHtml';
import { resultReport } from '../../../src-main/reports/resultReport';
import { HAND_REPORT_META as META, handResult, handRunWith } from '../../helpers/resultFixtures';

const run = (scheduler: string, seed: number, ownFigures?: OwnFigure[]) => handRunWith(scheduler, seed, ownFigures ? { ownFigures } : {});

describe('what a scheduler file counted (its report)', () => {
  it('reads a report as named finite numbers in its order, and says what is wrong with any other', () => {
    expect(ownFiguresOf({ ' jobs held ': 3, 'hold (s)': 2.5 })).toEqual({
      figures: [
        { name: 'jobs held', value: 3 },
        { name: 'hold (s)', value: 2.5 },
      ],
    });
    expect(ownFiguresOf([1])).toEqual({ problem: 'must return an object of named numbers ({ "jobs held": 3 }), not a list' });
    expect(ownFiguresOf(null)).toEqual({ problem: 'must return an object of named numbers ({ "jobs held": 3 }), not null' });
    expect(ownFiguresOf({ a: Infinity })).toEqual({ problem: 'the figure "a" must be a finite number, not Infinity' });
    expect(ownFiguresOf({ a: '3' })).toEqual({ problem: 'the figure "a" must be a finite number, not string' });
    expect(ownFiguresOf({ '  ': 1 })).toEqual({ problem: 'a figure has an empty name' });
    expect(ownFiguresOf({ ['n'.repeat(61)]: 1 })).toEqual({ problem: `the figure "${'n'.repeat(20)}…" has a name of 61 characters; at most 60` });
    expect(ownFiguresOf(Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`f${i}`, i])))).toEqual({ problem: 'must name at most 12 figures, not 13' });
    expect(ownFiguresOf({ 'a\u202eb': 1 })).toEqual({ problem: expect.stringMatching(/^the name of figure 1 must not hold control characters/) });
  });

  it('averages each figure over the runs that named it, in the order first named', () => {
    expect(
      ownFigureMeans([
        [{ name: 'held', value: 2 }],
        undefined,
        [
          { name: 'late', value: 1 },
          { name: 'held', value: 5 },
        ],
      ]),
    ).toEqual([
      { name: 'held', mean: 3.5, runs: 2 },
      { name: 'late', mean: 1, runs: 1 },
    ]);
    expect([ownFigureText(12345), ownFigureText(2 / 3), ownFigureText(1234.567)]).toEqual(['12,345', '0.667', '1,230']);
  });

  it('shows each run name’s means in the page and every run’s figures in own-figures.csv, and nothing without them', () => {
    const result = handResult([
      run('Shortest job first', 1, [{ name: 'maps placed ahead of an older job', value: 4 }]),
      run('Shortest job first', 2, [{ name: 'maps placed ahead of an older job', value: 7 }]),
      run('fifo', 1),
      run('fifo', 2),
    ]);
    const report = resultReport(result);
    const page = reportHtml(report, META);
    expect(page).toContain('<h2>What the schedulers counted</h2>');
    expect(page).toContain(
      '<tr><td class="name">Shortest job first</td><td>maps placed ahead of an older job</td><td class="num">5.5</td><td class="num">2</td></tr>',
    );
    expect(parse(reportCsvFiles(report, result)['own-figures.csv'], { columns: true })).toEqual([
      { scheduler: 'Shortest job first', seed: '1', figure: 'maps placed ahead of an older job', value: '4' },
      { scheduler: 'Shortest job first', seed: '2', figure: 'maps placed ahead of an older job', value: '7' },
    ]);
    const plain = handResult([run('fifo', 1), run('fair', 1)]);
    expect(reportHtml(resultReport(plain), META)).not.toContain('What the schedulers counted');
    expect(reportCsvFiles(resultReport(plain), plain)['own-figures.csv']).toBeUndefined();
  });
});
