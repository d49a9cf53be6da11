import { describe, expect, it } from 'vitest';
import type { GanttData } from '@shared/results/runData';
import { ganttSvg } from '../../../src-main/reports/ganttSvg';
import type { ReportRun } from '../../../src-main/reports/resultReport';

// Two nodes, one attempt each over 0-100 s; the second node killed at 40 s.
const gantt: GanttData = {
  node: [0, 1],
  start: [0, 0],
  end: [100, 40],
  reduce: [0, 0],
  outcome: [0, 2],
  job: [0, 0],
  task: [0, 1],
  phaseEnd: [100, null, null, null, null, 40, null, null, null, null],
  spanS: 100,
  sampling: { kept: 2, of: 2, every: 1, longest: 0 },
};
const run: ReportRun = { scheduler: 'fifo', seed: 1, series: { t: [] } as unknown as ReportRun['series'], gantt, nodes: ['a', 'b'], decisions: null };
const loss = { node: 'b', cause: 'named' as const, lostAtS: 10, noticedAtS: 40, attemptsKilled: 1, mapsRunAgain: 0, mastersLost: 0, replacedAtS: 70 };
const rects = (svg: string) =>
  [...svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="[\d.]+" fill="([^"]+)"/g)].map((m) => [+m[1], +m[3], m[4]]);

describe("the report's Gantt", () => {
  // 760 px wide, 96 px of labels left and 16 right: 6.48 px a second.
  it('shades a lost node behind its bars: pink from its death until noticed, grey until replaced', () => {
    const shaded = rects(ganttSvg(run, [loss])!);
    expect(shaded.slice(0, 2)).toEqual([
      [160.8, 194.4, 'rgba(210,71,107,0.18)'],
      [355.2, 194.4, 'rgba(91,100,116,0.14)'],
    ]);
    // Then the two attempts, as without losses.
    expect(shaded.slice(2)).toEqual(rects(ganttSvg(run)!));
  });

  it('shades until the end a node never replaced, and nothing for a node the chart lacks', () => {
    const shaded = rects(
      ganttSvg(run, [
        { ...loss, replacedAtS: null },
        { ...loss, node: 'zz' },
      ])!,
    );
    expect(shaded[1]).toEqual([355.2, 388.8, 'rgba(91,100,116,0.14)']);
    expect(shaded).toHaveLength(4);
  });
});
