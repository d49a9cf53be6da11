import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { describeEstimate, estimateBatch, estimateRun, formatSeconds, LARGE_RUN, policyCostKey } from '@shared/experiment/runEstimate';

/**
 * The pre-run estimate (issue 32): its coefficients are the build machine's benchmark, so it must
 * give back what that benchmark measured, and call a batch large exactly past its limits.
 */
describe('what a batch would cost, before it runs', () => {
  it("gives back bench (j)'s measured memory and time for its 8.3 M tasks under FIFO (1.79 GB, 88.7 s)", () => {
    const j = estimateRun({ tasks: 8_265_744, scheduler: 'fifo' });
    expect(j.memoryMb).toBeGreaterThan(1.79 * 1024 * 0.85);
    expect(j.memoryMb).toBeLessThan(1.79 * 1024 * 1.15);
    expect(j.seconds).toBeGreaterThan(88.7 * 0.85);
    expect(j.seconds).toBeLessThan(88.7 * 1.15);
    // A policy that costs more than FIFO on the same day costs more here too.
    expect(estimateRun({ tasks: 8_265_744, scheduler: 'late' }).seconds).toBeGreaterThan(3 * j.seconds);
  });

  it('calls a batch large past a run of 5 M tasks, a run of 3 GB, or an hour in all, and says which, in words', () => {
    const small = estimateBatch([{ tasks: 230_000, scheduler: 'fifo' }], 1);
    expect(small.large).toEqual([]);
    expect(describeEstimate(small)).toBe(
      "1 run, the largest 230,000 tasks (about 197 MB); under a minute in all on 1 thread of a machine like the studio's 2-core build machine",
    );
    expect(estimateBatch([{ tasks: LARGE_RUN.tasks, scheduler: 'fifo' }], 1).large).toEqual([]);
    // Affordable in memory and time, and still more tasks than the studio runs without asking.
    const many = estimateBatch([{ tasks: 6_000_000, scheduler: 'fifo' }], 1);
    expect(many.largestRun.memoryMb).toBeLessThan(LARGE_RUN.memoryMb);
    expect(many.large).toEqual(['a run of 6,000,000 tasks, more than the 5,000,000 the studio runs without asking']);
    const huge = estimateBatch([{ tasks: 16_000_000, scheduler: 'fifo' }], 1);
    expect(huge.largestRun.memoryMb).toBeGreaterThan(LARGE_RUN.memoryMb);
    expect(huge.large).toEqual([
      'a run of 16,000,000 tasks, more than the 5,000,000 the studio runs without asking',
      expect.stringMatching(/^a run of 16,000,000 tasks needs about 3\.4 GB, more than the 3\.0 GB a run may take$/),
    ]);
    const long = estimateBatch(
      Array.from({ length: 180 }, () => ({ tasks: 4_000_000, scheduler: 'fifo' })),
      2,
    );
    expect(long.seconds).toBeGreaterThan(LARGE_RUN.batchSeconds);
    expect(long.large).toEqual([expect.stringMatching(/^the 180 runs would take about [\d.]+ (min|h) on 2 threads, more than an hour$/)]);
  });

  it('spreads runs over the threads, never below its longest run', () => {
    const runs = [{ tasks: 9_000_000, scheduler: 'fifo' }, ...Array.from({ length: 3 }, () => ({ tasks: 90_000, scheduler: 'fifo' }))];
    const one = estimateBatch(runs, 1);
    const many = estimateBatch(runs, 8);
    expect(many.seconds).toBe(many.largestRun.seconds);
    expect(one.seconds).toBeCloseTo(one.largestRun.seconds + 3 * estimateRun(runs[1]).seconds);
  });

  it("on a queue's workers holds a batch back only for a run's memory: how many workers there are is not known here", () => {
    const long = estimateBatch(
      Array.from({ length: 180 }, () => ({ tasks: 4_000_000, scheduler: 'fifo' })),
      null,
    );
    expect(long.large).toEqual([]);
    expect(long.seconds).toBe(long.largestRun.seconds);
    expect(describeEstimate(long)).toMatch(/; under a minute for the longest run on a queue worker like the studio's 2-core build machine$/);
    expect(estimateBatch([{ tasks: 16_000_000, scheduler: 'fifo' }], null).large).toHaveLength(2);
    expect(estimateBatch([{ tasks: 6_000_000, scheduler: 'fifo' }], null).large).toEqual([
      'a run of 6,000,000 tasks, more than the 5,000,000 the studio runs without asking',
    ]);
  });

  it('prices ILA and IAO by their re-fits of the interference model (about 95x FIFO a task), LAO as the locality policy it is', () => {
    expect(policyCostKey(SchedulerSpecSchema.parse({ kind: 'ila', variant: 'ila' }))).toBe('ila');
    expect(policyCostKey(SchedulerSpecSchema.parse({ kind: 'ila', variant: 'iao' }))).toBe('iao');
    expect(policyCostKey(SchedulerSpecSchema.parse({ kind: 'ila', variant: 'lao' }))).toBe('lao');
    expect(policyCostKey(SchedulerSpecSchema.parse({ kind: 'fifo' }))).toBe('fifo');
    const perTask = (scheduler: string) => estimateRun({ tasks: 1_000_000, scheduler }).seconds - estimateRun({ tasks: 0, scheduler }).seconds;
    for (const fits of ['ila', 'iao']) expect(perTask(fits) / perTask('fifo'), fits).toBeGreaterThan(90);
    expect(perTask('lao') / perTask('fifo')).toBeLessThan(2);
    // 36 runs of a SWIM day on two threads (six ILA cards over six seeds): held under ILA, not under FIFO.
    const day = (scheduler: string) =>
      estimateBatch(
        Array.from({ length: 36 }, () => ({ tasks: 229_604, scheduler })),
        2,
      );
    expect(day('ila').large).toEqual([expect.stringMatching(/^the 36 runs would take about [\d.]+ (min|h) on 2 threads, more than an hour$/)]);
    expect(day('fifo').large).toEqual([]);
  });

  it('is coarse below a minute', () => {
    expect(formatSeconds(42)).toBe('under a minute');
    expect(formatSeconds(600)).toBe('10 min');
    expect(formatSeconds(7200)).toBe('2.0 h');
  });
});
