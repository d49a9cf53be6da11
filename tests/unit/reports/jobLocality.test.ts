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

describe('the best locality of a job group is decided across seeds, not from pooled shares', () => {
  // One two-map TeraSort per run; [node, server, rack, offRack] of its map attempts.
  const seeds = (scheduler: string, shares: [number, number, number, number][]) => shares.map((l, i) => run(scheduler, i + 1, [['a', 'TeraSort', 2, l]]));

  it('marks the leader when every seed puts it ahead by a steady margin', () => {
    const r = jobLocality(
      result([
        ...seeds('ila', [
          [10, 0, 0, 0],
          [9, 0, 1, 0],
          [10, 0, 0, 0],
        ]),
        ...seeds('fair', [
          [5, 0, 5, 0],
          [4, 0, 6, 0],
          [6, 0, 4, 0],
        ]),
      ]),
    );
    expect(r.best).toEqual({ 'TeraSort(2)': 'ila' });
  });

  it('marks nothing when the pooled lead comes from one seed', () => {
    // Pooled, ila reads 77 % locally against fair's 70 %; seed by seed they swap places.
    const r = jobLocality(
      result([
        ...seeds('ila', [
          [10, 0, 0, 0],
          [6, 0, 4, 0],
          [7, 0, 3, 0],
        ]),
        ...seeds('fair', [
          [5, 0, 5, 0],
          [8, 0, 2, 0],
          [8, 0, 2, 0],
        ]),
      ]),
    );
    const [row] = r.rows;
    expect(row.cells.ila.local / row.cells.ila.maps).toBeGreaterThan(row.cells.fair.local / row.cells.fair.maps);
    expect(r.best).toEqual({});
  });

  it('marks nothing from one seed, nor in a tie', () => {
    expect(jobLocality(result([...seeds('ila', [[10, 0, 0, 0]]), ...seeds('fair', [[1, 0, 9, 0]])])).best).toEqual({});
    const all = (scheduler: string) =>
      seeds(scheduler, [
        [10, 0, 0, 0],
        [10, 0, 0, 0],
        [10, 0, 0, 0],
      ]);
    expect(jobLocality(result([...all('ila'), ...all('fair')])).best).toEqual({});
  });
});
