import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { BatchInputs, BatchRun } from '@shared/experiment/design';
import { METRICS } from '@shared/results/metrics';
import { meanCi } from '@shared/results/stats';
import { pointWords, sweepChartOption } from '@shared/results/sweepChart';
import { sweepCsv, sweepSeries } from '@shared/results/sweepSeries';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { handSummary } from '../../helpers/resultFixtures';

const meanJct = METRICS.find((m) => m.key === 'meanJct')!;
const cpu = METRICS.find((m) => m.key === 'cpu')!;

/** A batch's inputs as far as the sweep's chart reads them: one cluster, one workload, its cards and sweep. */
const inputs = (sweep: BatchInputs['sweep'], schedulers: Record<string, unknown>[] = [{ kind: 'fifo' }, { kind: 'fair' }]): BatchInputs =>
  ({
    clusters: [{ name: 'lab', spec: {} }],
    workloads: [{ name: 'day', spec: {} }],
    schedulers: schedulers.map((s) => SchedulerSpecSchema.parse(s)),
    seeds: [1, 2, 3],
    simulation: {},
    sweep,
  }) as unknown as BatchInputs;

let index = 0;
function run(scheduler: number, seed: number, jct: number, sweepValue?: number, status: BatchRun['status'] = 'finished'): BatchRun {
  return {
    index: index++,
    cluster: 0,
    workload: 0,
    scheduler,
    seed,
    label: `scheduler ${scheduler}`,
    ...(sweepValue === undefined ? {} : { sweepValue }),
    status,
    error: null,
    summary: status === 'finished' ? handSummary({ meanJct: jct, utilization: { cpu: jct / 100, memory: 0, disk: 0, network: 0 } }) : null,
    partial: false,
  };
}

describe("a sweep's answer as lines", () => {
  const sweep = { target: 'scheduler' as const, scheduler: 1, parameter: 'nodeLocalityWaitS', values: [0, 5] };
  // Fair swept over two waits, three seeds each; FIFO left alone; one run failed.
  const runs = [
    run(0, 1, 90),
    run(0, 2, 110),
    run(0, 3, 100),
    run(1, 1, 60, 5),
    run(1, 2, 70, 5),
    run(1, 3, 65, 5),
    run(1, 1, 80, 0),
    run(1, 2, 84, 0),
    run(1, 3, 0, 0, 'failed'),
  ];

  it('gives each swept value its mean and 95 % interval over the seeds that finished, in order, and the unswept scheduler one level', () => {
    const s = sweepSeries(inputs(sweep), runs, meanJct)!;
    expect(s.axis).toBe('Node-locality wait s');
    expect(s.lines.map((l) => [l.name, l.swept])).toEqual([
      ['FIFO', false],
      ['Fair Scheduler (delay or greedy)', true],
    ]);
    const [fifo, fair] = s.lines;
    expect(fifo.points).toHaveLength(1);
    expect(fifo.points[0]).toMatchObject({ mean: 100, seeds: 3 });
    expect(fair.points.map((p) => [p.value, p.seeds])).toEqual([
      [0, 2],
      [5, 3],
    ]);
    const at5 = meanCi([60, 70, 65]);
    expect(fair.points[1].mean).toBe(65);
    expect(fair.points[1].low).toBeCloseTo(65 - at5.half!, 9);
    expect(fair.points[1].high).toBeCloseTo(65 + at5.half!, 9);
  });

  it('clips an interval to what the metric can be, as the summary table does', () => {
    const near = [run(1, 1, 99, 5), run(1, 2, 100, 5), run(1, 3, 90, 5)];
    const p = sweepSeries(inputs(sweep), near, cpu)!.lines[0].points[0];
    expect(p.high).toBe(100);
    expect(p.low).toBeGreaterThan(0);
  });

  it('names the axis by the setting swept: the number of servers, or a simulation option by its label', () => {
    expect(sweepSeries(inputs({ target: 'servers', values: [4, 8] }), [run(0, 1, 10, 4)], meanJct)!.axis).toBe('Servers');
    const heartbeat = sweepSeries(inputs({ target: 'simulation', parameter: 'heartbeatS', values: [1, 3] }), [run(0, 1, 10, 1), run(1, 1, 9, 3)], meanJct)!;
    expect(heartbeat.axis).toBe('Heartbeat s');
    // Every scheduler is swept by a simulation option.
    expect(heartbeat.lines.every((l) => l.swept)).toBe(true);
  });

  it('is none without a sweep, and none for a comparison across history', () => {
    expect(sweepSeries(inputs(undefined), runs, meanJct)).toBeUndefined();
    expect(sweepSeries({ ...inputs(sweep), sources: [{ id: 'b', name: 'B', createdAt: '' }] }, runs, meanJct)).toBeUndefined();
  });

  it('names a labelled card by its label', () => {
    const s = sweepSeries(inputs(sweep, [{ kind: 'fifo' }, { kind: 'fair', label: 'Fair, our queues' }]), runs, meanJct)!;
    expect(s.lines[1].name).toBe('Fair, our queues');
  });

  it('writes the chart as a table and words each point in its tooltip', () => {
    const s = sweepSeries(inputs(sweep), runs, meanJct)!;
    const rows = parse(sweepCsv(s, meanJct), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.scheduler, r['Node-locality wait s'], r['Mean job completion time (s)'], r.seeds])).toEqual([
      ['FIFO', 'not swept', '100', '3'],
      ['Fair Scheduler (delay or greedy)', '0', '82', '2'],
      ['Fair Scheduler (delay or greedy)', '5', '65', '3'],
    ]);
    const at5 = s.lines[1].points[1];
    expect(pointWords('Fair', [5, at5.mean, at5.low, at5.high, 3], 'Node-locality wait s', meanJct)).toBe(
      `Fair at Node-locality wait s = 5: 65.0 s (95 % interval ${at5.low!.toFixed(1)}–${at5.high!.toFixed(1)} s, 3 seeds)`,
    );
    expect(pointWords('FIFO', [0, 100, null, null, 1], undefined, meanJct)).toBe('FIFO, not swept: 100.0 s (1 seed)');
  });

  it("draws each swept line's intervals as bars apart, and an unswept scheduler as a level across the values", () => {
    const option = sweepChartOption(sweepSeries(inputs(sweep), runs, meanJct)!, meanJct);
    const series = option.series as { name: string; data: unknown[]; lineStyle: { type?: string } }[];
    expect(series.map((x) => x.name)).toEqual(['FIFO', 'Fair Scheduler (delay or greedy)', 'Fair Scheduler (delay or greedy)']);
    expect(series[0].lineStyle.type).toBe('dashed');
    expect(series[0].data.map((d) => (d as number[])[0])).toEqual([0, 5]);
    // Two values, each a bar low to high and a break after it.
    expect(series[2].data).toHaveLength(6);
    expect(series[2].data[2]).toEqual([0, null]);
    // One value swept: the axis still has a width, and FIFO's level spans it.
    const one = sweepChartOption(sweepSeries(inputs({ ...sweep, values: [5] }), runs.slice(0, 6), meanJct)!, meanJct);
    expect([one.xAxis.min, one.xAxis.max]).toEqual([4, 6]);
    expect((one.series[0].data as number[][]).map((d) => d[0])).toEqual([4, 6]);
  });
});
