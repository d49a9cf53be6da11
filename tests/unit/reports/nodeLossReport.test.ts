import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { NodeLoss } from '@shared/results/nodeLosses';
import { reportCsvFiles } from '../../../src-main/reports/reportCsv';
import { reportHtml } from '../../../src-main/reports/reportHtml';
import { resultReport } from '../../../src-main/reports/resultReport';
import { HAND_REPORT_META as META, handResult, handRunWith } from '../../helpers/resultFixtures';

/** A run of one job that lost `nodeLosses` (none when left out). */
const run = (scheduler: string, seed: number, nodeLosses?: NodeLoss[]) => handRunWith(scheduler, seed, nodeLosses ? { nodeLosses } : {});

/** The report's "Nodes lost": what a colleague reads of the nodes each run lost, and takes away as CSV. */
describe("the report's node losses", () => {
  it('lists the nodes each run lost, with what they cost, in the page and in node-losses.csv', () => {
    const loss = {
      node: 'r1-h2',
      cause: 'named' as const,
      lostAtS: 20,
      noticedAtS: 50.4,
      attemptsKilled: 8,
      mapsRunAgain: 12,
      mastersLost: 1,
      replacedAtS: null,
    };
    const random = { ...loss, node: 'r0-h0', cause: 'random' as const, lostAtS: 400, noticedAtS: null, attemptsKilled: 0, mapsRunAgain: 0, mastersLost: 0 };
    const lossy = handResult([run('fifo', 1, [loss, random]), run('fifo', 2), run('fair', 1)]);
    const report = resultReport(lossy);
    const page = reportHtml(report, META);
    expect(page).toContain('<h2>Nodes lost</h2>');
    expect(page).toContain('2 node losses in 1 of 3 runs.');
    // One run lost nodes: its rows say it all, and no table of means repeats them.
    expect(page).not.toContain('node-loss-means');
    expect(page).toContain(
      '<tr><td class="name">fifo</td><td class="num">1</td><td>r1-h2</td><td class="num">20 s</td><td>named</td><td class="num">50 s</td><td class="num">8</td><td class="num">12</td><td class="num">1</td><td class="num">—</td></tr>',
    );
    expect(page).toContain('<td>r0-h0</td><td class="num">400 s</td><td>random (MTBF)</td><td class="num">not before the end</td>');
    const csv = parse(reportCsvFiles(report, lossy)['node-losses.csv'], { columns: true }) as Record<string, string>[];
    expect(csv).toEqual([
      {
        scheduler: 'fifo',
        seed: '1',
        node: 'r1-h2',
        cause: 'named',
        lostAtS: '20',
        noticedAtS: '50.4',
        attemptsKilled: '8',
        mapsRunAgain: '12',
        mastersLost: '1',
        replacedAtS: '',
      },
      {
        scheduler: 'fifo',
        seed: '1',
        node: 'r0-h0',
        cause: 'random',
        lostAtS: '400',
        noticedAtS: '',
        attemptsKilled: '0',
        mapsRunAgain: '0',
        mastersLost: '0',
        replacedAtS: '',
      },
    ]);
    // Two runs with losses: each scheduler's mean over its seeds, a run that lost nothing counting zero.
    const twice = resultReport(handResult([...lossy.runs, run('fair', 2, [{ ...loss, attemptsKilled: 3 }])]));
    expect(reportHtml(twice, META)).toContain(
      '<tr><td class="name">fifo</td><td class="num">1 of 2</td><td class="num">1</td><td class="num">4</td><td class="num">6</td><td class="num">0.5</td></tr><tr><td class="name">fair</td><td class="num">1 of 2</td><td class="num">0.5</td><td class="num">1.5</td><td class="num">6</td><td class="num">0.5</td></tr>',
    );
    // Runs that lost nothing have no such section or table.
    const whole = handResult([run('fifo', 1), run('fair', 1)]);
    expect(reportHtml(resultReport(whole), META)).not.toContain('Nodes lost');
    expect(reportCsvFiles(resultReport(whole), whole)).not.toHaveProperty('node-losses.csv');
  });
});
