import { describe, expect, it } from 'vitest';
import { RecordedExperimentSchema, type ResultFile } from '@shared/experiment/experiment';
import { jctCdfSvg, localitySvg, sweepSvg } from '../../../src-main/reports/reportCharts';
import { reportHtml } from '../../../src-main/reports/reportHtml';
import { smallCluster } from '../../helpers/clusterFixtures';
import { resultReport } from '../../../src-main/reports/resultReport';
import { handResult, handRun, handSummary } from '../../helpers/resultFixtures';

/** The report's charts, read from their SVG as a colleague sees them: names that fit, and a legend clear of the plot. */
const jobs: ResultFile['runs'][number]['jobs'] = [
  { id: 'j1', template: 'Sort', status: 'succeeded', submit: 0, start: 1, finish: 40, maps: 4, locality: { node: 3, server: 0, rack: 1, offRack: 0 } },
  { id: 'j2', template: 'Grep', status: 'succeeded', submit: 5, start: 6, finish: 90, maps: 2, locality: { node: 2, server: 0, rack: 0, offRack: 0 } },
];
const resultOf = (names: string[]) =>
  resultReport(handResult(names.flatMap((n) => [1, 2].map((seed) => ({ ...handRun(n, seed, jobs), summary: handSummary() }))) as ResultFile['runs']));

/** Each drawn text's words and the middle of its line (ECharts' SSR writes one `<text>` a label, placed by a translate and a `y` offset). */
function texts(svg: string): { text: string; y: number }[] {
  return [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map(([, attributes, text]) => {
    const placed = /transform="translate\(([-\d.]+) ([-\d.]+)\)"/.exec(attributes);
    const offset = /\sy="([-\d.]+)"/.exec(attributes);
    return { text, y: Number(placed?.[2] ?? 0) + Number(offset?.[1] ?? 0) };
  });
}
/** Lines of 12 px text whose middles are this far apart do not touch. */
const CLEAR = 14;

describe("the report's charts", () => {
  it('name the entries of a comparison across history as the app does, not by their whole names', () => {
    const report = resultOf(['ILA — March — 2026-12-03 14:35', 'ILA — March — 2026-12-03 14:12', 'PRISM — March — 2026-12-03 14:35']);
    for (const svg of [jctCdfSvg(report), localitySvg(report)]) {
      const drawn = texts(svg);
      const words = drawn.map((t) => t.text);
      expect(words).toEqual(expect.arrayContaining(['ILA · 14:35', 'ILA · 14:12', 'PRISM']));
      expect(words.join('\n')).not.toContain('March');
      // One row of legend, and the axis's name below it.
      const legend = drawn.find((t) => t.text === 'PRISM')!;
      const axis = drawn.find((t) => t.text === 'fraction of jobs' || t.text === 'local maps (%)')!;
      expect(axis.y).toBeGreaterThanOrEqual(legend.y + CLEAR);
    }
  });

  it('start the plot below a legend of several rows, so neither the legend nor the axis name covers the data', () => {
    const names = ['A', 'B', 'C', 'D', 'E', 'F'].map((x) => `Fair (delay) · Map slots / node = ${x} · Reduce slots / node = 2`);
    const report = resultOf(names);
    for (const [svg, axisName] of [
      [jctCdfSvg(report), 'fraction of jobs'],
      [localitySvg(report), 'local maps (%)'],
    ] as const) {
      const drawn = texts(svg);
      const legendRows = new Set(drawn.filter((t) => names.includes(t.text)).map((t) => t.y));
      expect(legendRows.size).toBeGreaterThan(1);
      const axis = drawn.find((t) => t.text === axisName)!;
      expect(axis.y).toBeGreaterThanOrEqual(Math.max(...legendRows) + CLEAR);
    }
  });
});

describe("a swept experiment's report", () => {
  const inputs = RecordedExperimentSchema.parse({
    name: 'swept',
    cluster: smallCluster(),
    workload: { name: 'w', jobs: [{ id: 'j1', template: 'Sort', submit: 0, maps: 2, reduces: 1 }] },
    schedulers: [{ kind: 'fifo' }, { kind: 'fair' }],
    seeds: [1, 2],
    sweep: { target: 'scheduler', scheduler: 1, parameter: 'nodeLocalityWaitS', values: [0, 5] },
  });
  const jct: Record<string, number[]> = {
    FIFO: [100, 110],
    'Fair (delay) · Node-locality wait s = 0': [80, 90],
    'Fair (delay) · Node-locality wait s = 5': [60, 64],
  };
  const result: ResultFile = {
    ...handResult(
      Object.entries(jct).flatMap(([name, means]) => means.map((m, i) => ({ ...handRun(name, i + 1, jobs), summary: handSummary({ meanJct: m }) }))),
    ),
    inputs,
  };

  it('draws mean JCT against the swept value, each run at its value by its name and seed', () => {
    const report = resultReport(result);
    expect(report.sweep!.axis).toBe('Node-locality wait s');
    expect(report.sweep!.lines.map((l) => [l.name, l.points.map((p) => [p.value, p.mean, p.seeds])])).toEqual([
      ['FIFO', [[0, 105, 2]]],
      [
        'Fair Scheduler (delay or greedy)',
        [
          [0, 85, 2],
          [5, 62, 2],
        ],
      ],
    ]);
    const words = texts(sweepSvg(report)).map((t) => t.text);
    expect(words).toEqual(expect.arrayContaining(['FIFO', 'Fair Scheduler (delay or greedy)', 'Node-locality wait s', 'Mean job completion time (s)']));
    expect(reportHtml(report, { source: 'swept.result.json', studioVersion: 'test', generatedAt: '2026-12-03 19:00 UTC' })).toContain(
      "Mean job completion time against Node-locality wait s: each swept scheduler's mean",
    );
  });

  it('has no sweep chart without a sweep', () => {
    const report = resultReport({ ...result, inputs: { ...inputs, sweep: undefined } });
    expect(report.sweep).toBeUndefined();
    expect(sweepSvg(report)).toBe('');
  });
});
