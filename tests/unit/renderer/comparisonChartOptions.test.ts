import { describe, expect, it } from 'vitest';
import type { BatchRun } from '@shared/experiment/design';
import type { RunData, RunJob } from '@shared/results/runData';
import { anpOption, cdfOption, localityOption, timeSeriesOption } from '../../../src-renderer/src/components/experiments/comparisonChartOptions';
import type { RunGroup } from '../../../src-renderer/src/components/experiments/groups';
import { handSummary } from '../../helpers/resultFixtures';

const job = (id: string, submit: number, finish: number | null, status: RunJob['status'] = 'succeeded', idealSeconds: number | null = 10): RunJob => ({
  id,
  template: 'Sort',
  status,
  submit,
  start: submit,
  finish,
  idealSeconds,
});

function run(index: number, seed: number, label: string, node: number): BatchRun {
  return {
    index,
    cluster: 0,
    workload: 0,
    scheduler: 0,
    seed,
    label,
    status: 'finished',
    error: null,
    partial: false,
    summary: handSummary({ locality: { node, server: 0, rack: 10 - node, offRack: 0 } }),
  };
}

function data(index: number, jobs: RunJob[], cpu: number[]): RunData {
  const t = cpu.map((_, k) => k * 10);
  const zeros = cpu.map(() => 0);
  return {
    run: index,
    label: '',
    seed: 1,
    jobs,
    series: {
      t,
      cpu,
      memory: zeros,
      disk: zeros,
      network: zeros,
      runningMaps: zeros,
      runningShuffles: zeros,
      runningReduces: zeros,
      pendingTasks: cpu.map((x) => x * 4),
    },
    attempts: 0,
    nodes: [],
    gantt: null,
    decisions: null,
  };
}

// Two schedulers over two seeds; on seed 2 FIFO's second job failed.
const groups: RunGroup[] = [
  { key: 'fifo', label: 'fifo', short: 'fifo', runs: [run(0, 1, 'fifo', 8), run(2, 2, 'fifo', 6)] },
  { key: 'fair', label: 'fair', short: 'fair', runs: [run(1, 1, 'fair', 9), run(3, 2, 'fair', 10)] },
];
const loaded = {
  0: data(0, [job('a', 0, 20), job('b', 5, 45)], [0.5, 0.25]),
  1: data(1, [job('a', 0, 10), job('b', 5, 25)], [0.75, 1]),
  2: data(2, [job('a', 0, 0), job('b', 5, 30, 'failed')], [0.1, 0.2]),
  3: data(3, [job('a', 0, 40), job('b', 5, 15)], [0.3, 0.4]),
};

describe("the comparison's charts", () => {
  it('draw the CDF of succeeded jobs over every seed, ending at every job, and keep an instant job on a log axis', () => {
    const [fifo, fair] = cdfOption(groups, loaded, false).series;
    // FIFO: 0 s, 20 s and 40 s over its two seeds; the failed job is not a completion time.
    expect(fifo.data).toEqual([
      [0, 1 / 3],
      [20, 2 / 3],
      [40, 1],
    ]);
    expect(fair.data.map(([x]) => x)).toEqual([10, 10, 20, 40]);
    expect(fair.data.at(-1)![1]).toBe(1);
    expect(cdfOption(groups, loaded, true).series[0].data[0]).toEqual([0.001, 1 / 3]);
  });

  it("draw each group's run of the chosen seed over time, utilisation in percent", () => {
    const seed2 = groups.map((g) => g.runs.find((r) => r.seed === 2));
    const util = timeSeriesOption(groups, seed2, loaded, 'cpu', { name: '%', digits: 1, unit: ' %', percent: true });
    expect(util.series.map((s) => s.data)).toEqual([
      [
        [0, 10],
        [10, 20],
      ],
      [
        [0, 30],
        [10, 40],
      ],
    ]);
    expect(util.yAxis).toMatchObject({ min: 0, max: 100 });
    // A group without a run of the seed draws no line (the others keep their colours).
    const pending = timeSeriesOption(groups, [undefined, seed2[1]], loaded, 'pendingTasks', { name: 'pending tasks', digits: 0, unit: '' });
    expect(pending.series.map((s) => [s.name, s.data[1]])).toEqual([['fair', [10, 1.6]]]);
    expect(pending.yAxis).not.toHaveProperty('max');
  });

  it('head a tooltip over time or job time with the seconds in words, not the bare axis value', () => {
    const heading = (axis: unknown) =>
      (axis as { axisPointer: { label: { formatter(p: { value: number }): string } } }).axisPointer.label.formatter({ value: 305.15 });
    const seed2 = groups.map((g) => g.runs.find((r) => r.seed === 2));
    expect(heading(timeSeriesOption(groups, seed2, loaded, 'cpu', { name: '%', digits: 1, unit: ' %', percent: true }).xAxis)).toBe('305.2 s');
    expect(heading(cdfOption(groups, loaded, false).xAxis)).toBe('305.2 s');
    expect(heading(cdfOption(groups, loaded, true).xAxis)).toBe('305.2 s');
  });

  it("give each group's mean maps by locality, and no ANP to a job that did not succeed", () => {
    const locality = localityOption(groups);
    const mix = locality.baseOption.series;
    // Where the legend's names take two rows, the plot starts below both (a row is about 24 px).
    const narrow = locality.media.find((m) => m.query.maxWidth >= 400);
    expect(narrow?.option.grid.top).toBeGreaterThanOrEqual(locality.baseOption.grid.top + 24);
    // A long name ends in an ellipsis inside the chart ("FIFO with a rather long label…" ran off its left edge).
    expect(locality.baseOption.xAxis.axisLabel).toMatchObject({ overflow: 'truncate', width: 150 });
    expect(mix.find((s) => s.name === 'node-local')!.data).toEqual([7, 10]);
    expect(mix.find((s) => s.name === 'rack-local')!.data).toEqual([3, 1]);
    const seed2 = groups.map((g) => g.runs.find((r) => r.seed === 2));
    const anp = anpOption(groups, seed2, loaded);
    expect(anp.xAxis.data).toEqual(['a', 'b']);
    // FIFO's "a" took no time (no ANP), its "b" failed; Fair's took 40 s and 10 s for 10 s alone.
    expect(anp.series.map((s) => s.data)).toEqual([
      [null, null],
      [0.25, 1],
    ]);
  });

  it('name each group by its short name: two entries of a comparison across history do not read alike', () => {
    const across = groups.map((g, i) => ({ ...g, label: `${g.label} — March — 2026-12-0${i + 1} 09:00`, short: `${g.label} · 2026-12-0${i + 1}` }));
    const shorts = ['fifo · 2026-12-01', 'fair · 2026-12-02'];
    const seed2 = across.map((g) => g.runs.find((r) => r.seed === 2));
    expect(cdfOption(across, loaded, false).series.map((s) => s.name)).toEqual(shorts);
    expect(timeSeriesOption(across, seed2, loaded, 'cpu', { name: '%', digits: 1, unit: ' %' }).series.map((s) => s.name)).toEqual(shorts);
    expect(localityOption(across).baseOption.xAxis.data).toEqual(shorts);
    expect(anpOption(across, seed2, loaded).series.map((s) => s.name)).toEqual(shorts);
  });

  it('slant the locality names in a narrow chart once more than two stand side by side', () => {
    const narrow = (gs: RunGroup[]) => localityOption(gs).media[0].option as { xAxis?: { axisLabel: { rotate: number; width: number } } };
    expect(narrow(groups).xAxis).toBeUndefined();
    const three = [...groups, { ...groups[0], key: 'drf', label: 'drf', short: 'drf' }];
    expect(narrow(three).xAxis?.axisLabel).toEqual({ rotate: 20, width: 90 });
  });
});
