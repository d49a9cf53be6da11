import { describe, expect, it } from 'vitest';
import { jobLocality } from '../../../src-main/reports/jobLocalityReport';
import { handResult, handRun } from '../../helpers/resultFixtures';

type Job = [id: string, template: string, maps: number, locality: [node: number, server: number, rack: number, offRack: number] | undefined];

const run = (scheduler: string, seed: number, jobs: Job[]) =>
  handRun(
    scheduler,
    seed,
    jobs.map(([id, template, maps, l]) => ({
      id,
      template,
      maps,
      status: 'succeeded',
      submit: 0,
      start: 0,
      finish: 1,
      ...(l ? { locality: { node: l[0], server: l[1], rack: l[2], offRack: l[3] } } : {}),
    })),
  );
const result = handResult;

describe('locality job by job (ILA Fig. 7)', () => {
  it('groups jobs by template and size and sums their map attempts over seeds', () => {
    const r = jobLocality(
      result([
        run('ila', 1, [
          ['a', 'TeraSort', 2, [1, 1, 0, 0]],
          ['b', 'TeraSort', 2, [0, 2, 0, 0]],
          ['c', 'TeraSort', 10, [4, 2, 3, 1]],
        ]),
        run('ila', 2, [['a', 'TeraSort', 2, [2, 0, 0, 0]]]),
        run('fair', 1, [
          ['a', 'TeraSort', 2, [0, 0, 1, 1]],
          ['c', 'TeraSort', 10, [10, 0, 0, 0]],
        ]),
      ]),
    );
    expect(r.schedulers).toEqual(['ila', 'fair']);
    expect(r.rows.map((row) => row.group)).toEqual(['TeraSort(2)', 'TeraSort(10)']);
    expect(r.rows[0].cells).toEqual({ ila: { maps: 6, node: 3, local: 6 }, fair: { maps: 2, node: 0, local: 0 } });
    expect(r.rows[1].cells).toEqual({ ila: { maps: 10, node: 4, local: 6 }, fair: { maps: 10, node: 10, local: 10 } });
  });

  it('groups a template of many sizes (a generated workload) by powers of two', () => {
    const sizes = [1, 2, 3, 4, 5, 9, 16];
    const r = jobLocality(
      result([
        run(
          'ila',
          1,
          sizes.map((maps, i) => [`j${i}`, 'Sort', maps, [maps, 0, 0, 0]] as Job),
        ),
      ]),
    );
    expect(r.rows.map((row) => [row.group, row.maps, row.maxMaps, row.cells.ila.maps])).toEqual([
      ['Sort(1)', 1, 1, 1],
      ['Sort(2)', 2, 2, 2],
      ['Sort(3-4)', 3, 4, 7],
      ['Sort(5-8)', 5, 8, 5],
      ['Sort(9-16)', 9, 16, 25],
    ]);
    // Four sizes or fewer stay exact.
    expect(
      jobLocality(
        result([
          run(
            'ila',
            1,
            [1, 3, 5, 9].map((maps, i) => [`j${i}`, 'Sort', maps, [maps, 0, 0, 0]] as Job),
          ),
        ]),
      ).rows.map((row) => row.group),
    ).toEqual(['Sort(1)', 'Sort(3)', 'Sort(5)', 'Sort(9)']);
  });

  it('leaves out jobs that read no input and results written before jobs carried locality', () => {
    const r = jobLocality(
      result([
        run('ila', 1, [
          ['gen', 'TeraGen', 600, [0, 0, 0, 0]],
          ['old', 'Grep', 4, undefined],
        ]),
      ]),
    );
    expect(r.rows).toEqual([]);
  });
});
