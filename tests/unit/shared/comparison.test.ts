import { describe, expect, it } from 'vitest';
import {
  compareMetric,
  pairs,
  pValueText,
  ratioOf,
  undecidedMark,
  undecidedText,
  unpairedCouples,
  unpairedWords,
  type GroupValues,
} from '@shared/results/comparison';
import { formatRatio, METRICS } from '@shared/results/metrics';
import { pairedTTest, welchTTest } from '@shared/results/stats';
import { handSummary } from '../../helpers/resultFixtures';

const metric = (key: string) => METRICS.find((m) => m.key === key)!;
const group = (key: string, values: number[]): GroupValues => ({ key, bySeed: new Map(values.map((v, i) => [i + 1, v])) });

describe("Student's paired t-test", () => {
  it('gives the textbook p-value', () => {
    // Differences 2, 4, 3, 5, 1: mean 3, sd √2.5, t = 4.243 on 4 df, two-sided p = 0.0132.
    const r = pairedTTest([12, 14, 13, 15, 11], [10, 10, 10, 10, 10]);
    expect(r.n).toBe(5);
    expect(r.meanDiff).toBe(3);
    expect(r.p).toBeCloseTo(0.0132, 4);
  });

  it('has no p-value with one pair; p = 1 for identical and 0 for a constant difference', () => {
    expect(pairedTTest([1], [2]).p).toBeNull();
    expect(pairedTTest([1, 2, 3], [1, 2, 3]).p).toBe(1);
    expect(pairedTTest([2, 3, 4], [1, 2, 3]).p).toBe(0);
  });
});

describe('comparing one metric across configurations', () => {
  it('marks a small but consistent win as best although the unpaired intervals overlap', () => {
    // Seeds differ a lot (busy and quiet workloads); B is 2 s faster on every one of them.
    const a = group('A', [100, 150, 200, 130, 170]);
    const b = group('B', [98, 148.5, 197, 128.4, 168]);
    const { cells, undecided } = compareMetric(metric('meanJct'), [a, b], 'A');
    expect(cells[1].low!).toBeLessThan(cells[0].high!);
    expect(cells.map((c) => c.best)).toEqual([false, true]);
    expect(undecided).toBeNull();
  });

  it('marks nothing when the paired test cannot tell the best from the runner-up, and says against which', () => {
    const a = group('A', [100, 150, 200]);
    const b = group('B', [90, 160, 190]);
    const c = group('C', [300, 310, 305]);
    const r = compareMetric(metric('meanJct'), [a, b, c], 'A');
    expect(r.cells.every((x) => !x.best)).toBe(true);
    expect(r.undecided?.against).toBe('A');
    expect(r.undecided?.p).toBeGreaterThan(0.05);
  });

  it('marks nothing with one seed (no test is possible)', () => {
    const r = compareMetric(metric('meanJct'), [group('A', [100]), group('B', [50])], 'A');
    expect(r.cells.map((c) => c.best)).toEqual([false, false]);
    expect(r.cells[0].half).toBeNull();
    // Nothing to test, so nothing is "not significant" either.
    expect(r.undecided).toBeNull();
  });

  it('calls two leaders that read the same a tie, names both, and marks neither', () => {
    const a = group('A', [100, 150, 200]);
    const b = group('B', [150, 100, 200]);
    const r = compareMetric(metric('meanJct'), [a, b, group('C', [300, 310, 305])], 'C');
    expect(r.cells.map((c) => c.best)).toEqual([false, false, false]);
    expect(r.undecided).toEqual({ against: 'B', p: null, test: 'paired', tie: { keys: ['A', 'B'], value: '150.0' } });
    expect(undecidedMark(r.undecided!)).toBe('tie');
    expect(undecidedText(r.undecided!, (k) => `config ${k}`)).toBe('No best: config A and config B both read 150.0.');
    // Three that lead alike are all named.
    const three = compareMetric(metric('meanJct'), [a, b, group('C', [200, 150, 100])], 'A').undecided!;
    expect(undecidedText(three, (k) => k)).toBe('No best: A, B and C all read 150.0.');
    // More than three, every one compared: counted, not listed; some of more: named.
    const four = compareMetric(metric('meanJct'), [a, b, group('C', [200, 150, 100]), group('D', [150, 200, 100])], 'A').undecided!;
    expect(undecidedText(four, (k) => k, 4)).toBe('No best: all 4 configurations read 150.0.');
    expect(undecidedText(four, (k) => k, 5)).toBe('No best: A, B, C and D all read 150.0.');
    // A runner-up that differs only past the printed digits ties too: the table could not show the win.
    expect(compareMetric(metric('meanJct'), [a, group('B', [100.01, 150.01, 200.01])], 'A').undecided?.tie).toBeDefined();
    // With one seed nothing is weighed, so nothing is said; nor of counts of other jobs.
    expect(compareMetric(metric('meanJct'), [group('A', [100]), group('B', [100])], 'A').undecided).toBeNull();
    const on = (key: string, jobs: string): GroupValues => ({
      key,
      bySeed: new Map([
        [1, 10],
        [2, 10],
      ]),
      jobs: new Map([
        [1, jobs],
        [2, jobs],
      ]),
    });
    expect(compareMetric(metric('succeeded'), [on('A', 'w1'), on('B', 'w2')], 'A').undecided).toBeNull();
    expect(compareMetric(metric('succeeded'), [on('A', 'w1'), on('B', 'w1')], 'A').undecided?.tie).toEqual({ keys: ['A', 'B'], value: '10' });
  });

  it('marks a test that separates nothing "n.s." and runs of other jobs "jobs differ"', () => {
    expect(undecidedMark({})).toBe('n.s.');
    expect(undecidedMark({ unlikeJobs: { seed: 1, leaderKey: 'A', leaderJobs: 9, otherJobs: 10 } })).toBe('jobs differ');
  });

  it('gives no ratio against a value that prints as zero (no "172.83×" from 0.01 failed attempts)', () => {
    const r = compareMetric(metric('failedAttempts'), [group('A', [0.2, 0, 0]), group('B', [2, 3, 2])], 'A');
    // A's mean 0.067 prints as 0 with no decimals: B is not "×" anything of it.
    expect(r.cells[1].ratio).toBeNull();
    const cpu = compareMetric(metric('cpu'), [group('A', [40, 41, 39]), group('B', [60, 61, 59])], 'A');
    expect(cpu.cells[1].ratio).toBeCloseTo(1.5, 6);
  });

  it('marks no "best" memory utilisation: reserved memory is not memory used well', () => {
    const r = compareMetric(metric('memory'), [group('A', [20, 21, 22]), group('B', [90, 91, 92])], 'A');
    expect(r.cells.map((c) => c.best)).toEqual([false, false]);
    expect(r.undecided).toBeNull();
  });

  it('clips intervals to what the metric can be: CPU utilisation never above 100 %', () => {
    const { cells } = compareMetric(metric('cpu'), [group('A', [99, 100, 96])], 'A');
    expect(cells[0].high).toBe(100);
    expect(cells[0].clipped).toBe(true);
    expect(cells[0].low).toBeCloseTo(cells[0].mean - cells[0].half!, 12);
  });

  it('reads ratios so that above 1 is better, whichever way the metric points', () => {
    expect(ratioOf(metric('meanJct'), 50, 100)).toBe(2);
    expect(ratioOf(metric('throughput'), 20, 10)).toBe(2);
    expect(ratioOf(metric('meanAnp'), 0.4, 0.8)).toBe(0.5);
    const { cells } = compareMetric(metric('throughput'), [group('base', [10, 10.5, 9.5]), group('x', [20, 21, 19])], 'base');
    expect(cells[1].ratio).toBeCloseTo(2, 12);
    expect(cells[1].delta).toBeCloseTo(100, 12);
  });

  it('prints a ratio near 0 with its digits, never as 0.00×', () => {
    // Rack-local maps falling from 26.5 % to 0.1 %: a plain ratio of 0.0038.
    expect(formatRatio(0.1 / 26.5)).toBe('0.0038×');
    expect(formatRatio(0.094)).toBe('0.094×');
    expect(formatRatio(0.0999)).toBe('0.10×');
    expect(formatRatio(1.364)).toBe('1.36×');
    expect(formatRatio(0.0004)).toBe('< 0.001×');
  });

  it('shows no change between two values that print the same', () => {
    const { cells } = compareMetric(metric('meanJct'), [group('A', [100.01, 100.02]), group('B', [100.03, 100.02])], 'A');
    expect(cells[1].delta).toBeNull();
    expect(cells[1].ratio).toBeNull();
  });

  it('never marks a best among the diagnostics', () => {
    const r = compareMetric(metric('events'), [group('A', [1, 2, 3]), group('B', [100, 200, 300])], 'A');
    expect(r.cells.some((c) => c.best)).toBe(false);
    expect(metric('events').diagnostic).toBe(true);
  });
});

describe('configurations that did not run the same jobs', () => {
  const withJobs = (g: GroupValues, jobs: string): GroupValues => ({ ...g, jobs: new Map([...g.bySeed.keys()].map((s) => [s, jobs])) });

  it('pair only where every shared seed ran the same job set', () => {
    const a = withJobs(group('A', [1, 2, 3]), 'w1');
    expect(pairs(a, withJobs(group('B', [1, 2, 3]), 'w1'))).toBe(true);
    expect(pairs(a, withJobs(group('C', [1, 2, 3]), 'w2'))).toBe(false);
    // No seed in common: nothing pairs.
    expect(pairs(a, { bySeed: new Map([[9, 1]]), jobs: new Map([[9, 'w1']]) })).toBe(false);
    // Without job sets (one experiment, one workload) every seed pairs, as before.
    expect(pairs(group('A', [1, 2]), group('B', [3, 4]))).toBe(true);
    expect(unpairedCouples([a, withJobs(group('B', [1, 2, 3]), 'w1'), withJobs(group('C', [1, 2, 3]), 'w2')])).toEqual([
      ['A', 'C'],
      ['B', 'C'],
    ]);
  });

  it('are named once each where they can be, not couple by couple', () => {
    const name = (k: string) => `«${k}»`;
    // Two history entries of three schedulers each: nine couples, one statement.
    const couples = ['A1', 'A2', 'A3'].flatMap((a) => ['B1', 'B2', 'B3'].map((b) => [a, b] as [string, string]));
    expect(unpairedWords(couples, ['A1', 'A2', 'A3', 'B1', 'B2', 'B3'], name)).toBe('«A1», «A2» and «A3», each against «B1», «B2» and «B3»');
    // One configuration on other jobs than two that pair: it, against both.
    expect(
      unpairedWords(
        [
          ['A', 'C'],
          ['B', 'C'],
        ],
        ['A', 'B', 'C'],
        name,
      ),
    ).toBe('«C» against «A» and «B»');
    expect(unpairedWords([['A', 'B']], ['A', 'B'], name)).toBe('«A» against «B»');
    // Three sets of jobs: every couple still said, none twice.
    expect(
      unpairedWords(
        [
          ['A', 'B'],
          ['A', 'C'],
          ['B', 'C'],
        ],
        ['A', 'B', 'C'],
        name,
      ),
    ).toBe('«A» against «B» and «C»; «B» against «C»');
    expect(unpairedWords([], ['A'], name)).toBe('');
  });

  it("are compared by Welch's test: a consistent per-seed win on other jobs is not a paired win", () => {
    // The same numbers as the paired case above: paired, B is best; on other jobs the seeds' spread hides it.
    const a = group('A', [100, 150, 200, 130, 170]);
    const b = group('B', [98, 148.5, 197, 128.4, 168]);
    expect(compareMetric(metric('meanJct'), [withJobs(a, 'w1'), withJobs(b, 'w1')], 'A').cells[1].best).toBe(true);
    const r = compareMetric(metric('meanJct'), [withJobs(a, 'w1'), withJobs(b, 'w2')], 'A');
    expect(r.cells.map((c) => c.best)).toEqual([false, false]);
    expect(r.undecided).toMatchObject({ against: 'A', test: 'welch' });
    expect(r.undecided!.p).toBeCloseTo(welchTTest([98, 148.5, 197, 128.4, 168], [100, 150, 200, 130, 170]).p!, 12);
  });

  it("mark a clear winner on other jobs by Welch's test", () => {
    const a = withJobs(group('A', [100, 104, 98, 101]), 'w1');
    const b = withJobs(group('B', [60, 63, 58, 61]), 'w2');
    const r = compareMetric(metric('meanJct'), [a, b], 'A');
    expect(r.cells.map((c) => c.best)).toEqual([false, true]);
  });
});

describe('counts of a workload’s jobs', () => {
  it('are not ranked between configurations that ran other jobs', () => {
    const on = (key: string, values: number[], jobs: string): GroupValues => ({
      key,
      bySeed: new Map(values.map((v, i) => [i + 1, v])),
      jobs: new Map(values.map((_, i) => [i + 1, jobs])),
    });
    const other = compareMetric(metric('succeeded'), [on('A', [10, 10, 10], 'w1'), on('B', [14, 14, 14], 'w2')], 'A');
    expect(other.cells.map((c) => c.best)).toEqual([false, false]);
    expect(other.undecided).toBeNull();
    const same = compareMetric(metric('succeeded'), [on('A', [10, 9, 10], 'w1'), on('B', [14, 13, 14], 'w1')], 'A');
    expect(same.cells.map((c) => c.best)).toEqual([false, true]);
  });
});

describe('p-values in words', () => {
  it('print more decimals only where the usual ones would print the significance level itself', () => {
    expect(pValueText(0.3712)).toBe('p = 0.37');
    expect(pValueText(0.0504)).toBe('p = 0.0504');
    expect(pValueText(0.0496)).toBe('p = 0.0496');
    expect(pValueText(0.0496, 3)).toBe('p = 0.0496');
    expect(pValueText(0.5, 3)).toBe('p = 0.500');
    expect(pValueText(0.0004)).toBe('p < 0.001');
  });
});

describe('a run whose every job failed', () => {
  it('has no job time, slowdown or fairness to compare: it is not the fastest and fairest of the comparison', () => {
    const allFailed = handSummary({
      jobs: 2,
      succeeded: 0,
      failed: 2,
      makespan: 361,
      meanJct: 0,
      medianJct: 0,
      p95Jct: 0,
      throughputJobsPerHour: 0,
      meanAnp: 0,
      unfairness: 0,
      jainIndex: 1,
      meanSlowdown: 0,
      failedAttempts: 199,
    });
    const shown = Object.fromEntries(METRICS.map((m) => [m.key, m.get(allFailed)]));
    for (const key of ['meanJct', 'medianJct', 'p95Jct', 'makespan', 'meanAnp', 'unfairness', 'jainIndex', 'meanSlowdown']) expect(shown[key], key).toBeNull();
    // What the failed run did measure stays: its failures, no throughput.
    expect(shown).toMatchObject({ failed: 2, throughput: 0, failedAttempts: 199 });
    // One succeeded job is enough for the job times.
    expect(metric('meanJct').get({ ...allFailed, succeeded: 1, failed: 1, meanJct: 120 })).toBe(120);
  });
});

describe('runs that lost different jobs', () => {
  const finished = (counts: number[]) => new Map(counts.map((n, i) => [i + 1, n]));
  // B is quicker on every seed, but at seed 2 it lost a job that A finished (its longest, say).
  const a = { ...group('A', [100, 150, 200]), succeeded: finished([20, 20, 20]) };
  const b = { ...group('B', [90, 139, 191]), succeeded: finished([20, 19, 20]) };

  it('are not ranked by a metric of the succeeded jobs: it averages different jobs in each', () => {
    const { cells, undecided } = compareMetric(metric('meanJct'), [a, b], 'A');
    expect(cells.map((c) => c.best)).toEqual([false, false]);
    expect(undecided).toMatchObject({ against: 'A', unlikeJobs: { seed: 2, leaderKey: 'B', leaderJobs: 19, otherJobs: 20 } });
    expect(undecidedText(undecided!, (k) => `scheduler ${k}`)).toBe(
      'No best: at seed 2 scheduler B finished 19 jobs and scheduler A 20 jobs, so this metric averages different jobs in each.',
    );
    // The same win with the same jobs finished is marked.
    expect(compareMetric(metric('meanJct'), [a, { ...b, succeeded: a.succeeded }], 'A').cells.map((c) => c.best)).toEqual([false, true]);
  });

  it('are still ranked by what every job counts in: throughput, utilisation', () => {
    for (const key of ['throughput', 'cpu']) {
      const higher = { ...group('B', [110, 161, 209]), succeeded: b.succeeded };
      expect(
        compareMetric(metric(key), [a, higher], 'A').cells.map((c) => c.best),
        key,
      ).toEqual([false, true]);
    }
    expect(METRICS.filter((m) => m.ofSucceededJobs).map((m) => m.key)).toEqual([
      'meanJct',
      'medianJct',
      'p95Jct',
      'makespan',
      'meanAnp',
      'unfairness',
      'jainIndex',
      'meanSlowdown',
    ]);
  });
});
