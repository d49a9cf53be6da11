import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '@shared/experiment/experiment';
import { metricValues, SUMMARY_COLUMNS, summaryCsv, summaryJson, summaryRows, type SummaryGroup } from '@shared/results/summaryExport';
import { METRICS } from '@shared/results/metrics';
import { handSummary } from '../../helpers/resultFixtures';

const summary = (meanJct: number, cpu: number): RunSummary =>
  handSummary({
    jobs: 10,
    succeeded: 10,
    makespan: meanJct * 3,
    meanJct,
    medianJct: meanJct,
    p95Jct: meanJct * 2,
    throughputJobsPerHour: 36000 / meanJct,
    utilization: { cpu, memory: 0.2, disk: 0.1, network: 0.05 },
    locality: { node: 8, server: 0, rack: 2, offRack: 0 },
    simulatedSeconds: meanJct * 3,
  });
const group = (label: string, jcts: number[], cpu = [0.5, 0.5, 0.5]): SummaryGroup => ({
  key: label,
  label,
  runs: jcts.map((j, i) => ({ seed: i + 1, status: 'finished', summary: summary(j, cpu[i]) })),
});

describe('the summary table as CSV and JSON', () => {
  const groups = [group('fifo', [100, 150, 200]), group('fair, "delay"', [80, 130, 170], [0.99, 1, 0.96])];
  const rows = summaryRows(groups, 'fifo');

  it("has a row per configuration and metric, with the table's marks", () => {
    expect(rows).toHaveLength(METRICS.length * 2);
    const jct = rows.filter((r) => r.metric === 'Mean job completion time');
    expect(jct.map((r) => [r.configuration, r.mean, r.best])).toEqual([
      ['fifo', 150, false],
      ['fair, "delay"', 380 / 3, true],
    ]);
    expect(jct[1].ratio).toBeCloseTo(150 / (380 / 3), 12);
    // CPU near 100 % with a spread: its interval stops at 100 %.
    expect(rows.find((r) => r.metric === 'CPU utilisation' && r.configuration === 'fair, "delay"')!.ciHigh).toBe(100);
    expect(rows.find((r) => r.metric === 'Simulation events')!.diagnostic).toBe(true);
  });

  it('writes the same numbers to CSV as to JSON', () => {
    const csv = parse(summaryCsv(rows), { columns: true }) as Record<string, string>[];
    const json = JSON.parse(summaryJson('b', 'fifo', rows)) as { rows: Record<string, unknown>[] };
    expect(Object.keys(csv[0])).toEqual([...SUMMARY_COLUMNS]);
    expect(csv).toHaveLength(json.rows.length);
    csv.forEach((c, i) => {
      for (const k of SUMMARY_COLUMNS) {
        const v = json.rows[i][k];
        expect(c[k], `${i} ${k}`).toBe(v === null ? '' : String(v));
      }
    });
  });
});

describe('a configuration that lost a job the other finished', () => {
  it('is not marked best on the job times, and the export says why', () => {
    const lost = group('fair', [80, 130, 170]);
    lost.runs[1].summary = { ...lost.runs[1].summary!, succeeded: 9, failed: 1 };
    const rows = summaryRows([group('fifo', [100, 150, 200]), lost], 'fifo');
    const jct = rows.filter((r) => r.metric === 'Mean job completion time');
    expect(jct.map((r) => r.best)).toEqual([false, false]);
    expect(jct[0].notSeparated).toEqual({
      from: 'fifo',
      p: expect.any(Number),
      test: 'paired',
      unlikeJobs: { seed: 2, leader: 'fair', leaderJobs: 9, otherJobs: 10 },
    });
    // CPU counts every job's work: still ranked.
    expect(rows.filter((r) => r.metric === 'CPU utilisation').some((r) => r.notSeparated?.unlikeJobs)).toBe(false);
  });
});

describe('two configurations that read the same', () => {
  it('are a tie in the export: neither best, both named', () => {
    const rows = summaryRows([group('fifo', [100, 150, 200]), group('fair', [150, 100, 200])], 'fifo');
    const jct = rows.filter((r) => r.metric === 'Mean job completion time');
    expect(jct.map((r) => r.best)).toEqual([false, false]);
    expect(jct[0].notSeparated).toEqual({ from: 'fair', p: null, test: 'paired', tie: { configurations: ['fifo', 'fair'], value: '150.0' } });
    // Every job succeeded in both: a tie on the count too, said as one.
    expect(rows.find((r) => r.metric === 'Jobs succeeded')!.notSeparated?.tie).toEqual({ configurations: ['fifo', 'fair'], value: '10' });
  });
});

describe("runs of a batch's two workloads", () => {
  it('pair only within a workload: the export marks the best the table marks (Welch between workloads)', () => {
    // Seeds differ a lot; the second workload's runs are 2 s quicker on every seed. Paired, that
    // would be a clear win; they are other jobs, so only Welch's test applies, and it separates nothing.
    const on = (g: SummaryGroup, workload: number): SummaryGroup => ({ ...g, runs: g.runs.map((r) => ({ ...r, workload })) });
    const first = on(group('fifo · w1', [100, 150, 200]), 0);
    const second = on(group('fifo · w2', [98, 148, 198]), 1);
    const jct = summaryRows([first, second], 'fifo · w1').filter((r) => r.metric === 'Mean job completion time');
    expect(jct.map((r) => r.best)).toEqual([false, false]);
    expect(jct[0].notSeparated).toMatchObject({ test: 'welch' });
    const meanJct = METRICS.find((m) => m.key === 'meanJct')!;
    expect(metricValues(meanJct, second).jobs).toEqual(new Map([1, 2, 3].map((seed) => [seed, 'workload 2'])));
    // The same runs as one workload's pair, and the win is marked.
    expect(summaryRows([on(first, 0), on(second, 0)], 'fifo · w1').find((r) => r.metric === 'Mean job completion time' && r.best)?.configuration).toBe(
      'fifo · w2',
    );
  });
});
