import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '@shared/experiment/experiment';
import { measure, REPRODUCTIONS, verdict, type Measure, type MeasuredRun } from '@shared/results/reproductions';
import { schedulerLabel } from '@shared/schedulers';
import { ExperimentSchema } from '@shared/experiment/experiment';

/** A run with only what the measures read: times, throughput, CPU, deadlines, and jobs. */
function run(
  seed: number,
  summary: Partial<{ meanJct: number; throughput: number; cpu: number; deadlines: number | null }>,
  jobs: [string, string, number, number][] = [],
): MeasuredRun {
  return {
    seed,
    summary: {
      meanJct: summary.meanJct ?? 0,
      throughputJobsPerHour: summary.throughput ?? 0,
      utilization: { cpu: summary.cpu ?? 0 },
      deadlineHitRate: summary.deadlines ?? null,
    } as unknown as RunSummary,
    jobs: jobs.map(([id, template, submit, finish]) => ({ id, template, status: 'succeeded', submit, finish })),
  };
}

const ratio = (metric: 'meanJct' | 'throughput' | 'cpu', low: number, high: number): Measure => ({
  id: 'm',
  label: 'm',
  kind: 'ratio',
  metric,
  of: 'new',
  against: 'old',
  paper: { low, high, text: 'the claim', where: 'sec. 1' },
});

describe('reproduction measures', () => {
  it("turn ratios so that above 1 means the paper's scheduler is better, over the mean of seeds", () => {
    const runs = {
      new: [run(1, { meanJct: 100, throughput: 30 }), run(2, { meanJct: 80, throughput: 50 })],
      old: [run(1, { meanJct: 120, throughput: 20 }), run(2, { meanJct: 150, throughput: 20 })],
    };
    // Lower is better for job time: old ÷ new = 135 / 90.
    expect(measure(ratio('meanJct', 1, 1.32), runs).value).toBeCloseTo(1.5);
    // Higher is better for throughput: new ÷ old = 40 / 20.
    expect(measure(ratio('throughput', 1, 1.9), runs).value).toBeCloseTo(2);
  });

  it("compare one template's mean job time in percent, and pair jobs for the per-job speedup", () => {
    const runs = {
      new: [
        run(1, {}, [
          ['a', 'Pi', 0, 80],
          ['b', 'TeraGen', 0, 100],
        ]),
      ],
      old: [
        run(1, {}, [
          ['a', 'Pi', 0, 100],
          ['b', 'TeraGen', 0, 100],
        ]),
      ],
    };
    const change = (template: string): Measure => ({
      id: template,
      label: template,
      kind: 'templateChange',
      template,
      of: 'new',
      against: 'old',
      paper: { low: -23, high: -18, text: '18-23 % faster', where: 'x' },
    });
    expect(measure(change('Pi'), runs).value).toBeCloseTo(-20);
    // One seed: a value, but no verdict on a direction.
    expect(measure(change('Pi'), runs).verdict?.kind).toBe('untested');
    expect(measure(change('TeraGen'), runs).value).toBe(0);
    expect(measure(change('ETL'), runs)).toEqual({ value: null, missing: 'no ETL job finished under both' });
    const speedup: Measure = {
      id: 's',
      label: 's',
      kind: 'perJobSpeedup',
      of: 'new',
      against: 'old',
      paper: { low: 1.5, high: 6.5, text: '1.5-6.5×', where: 'x' },
    };
    // Pi 100/80 = 1.25, TeraGen 1: geometric mean √1.25.
    expect(measure(speedup, runs).value).toBeCloseTo(Math.sqrt(1.25));
  });

  it('say which configuration is missing, and compare deadlines in points', () => {
    const m: Measure = {
      id: 'd',
      label: 'd',
      kind: 'deadlinePoints',
      of: 'new',
      against: 'old',
      paper: { low: 0, high: Infinity, text: 'more deadlines met', where: 'x' },
    };
    expect(measure(m, { new: [run(1, { deadlines: 0.7 })] })).toEqual({ value: null, missing: 'no finished run of "old"' });
    const out = measure(m, { new: [run(1, { deadlines: 0.7 }), run(2, { deadlines: 0.8 })], old: [run(1, { deadlines: 0.8 }), run(2, { deadlines: 0.8 })] });
    expect(out.value).toBeCloseTo(-5);
    // −10 points on one seed, none on the other: not separated, so no "opposite" either.
    expect(out.verdict).toEqual({
      kind: 'unseparated',
      text: 'not separated across 2 seeds: the difference could be chance (p = 0.500; paper: more deadlines met)',
    });
  });
});

describe('verdicts against the paper', () => {
  const m = ratio('meanJct', 1.5, 6.5);
  const separated = { n: 3, p: 0.01 };
  it('place a value inside the range, short of it, beyond it, or against it, once the paired test separates them', () => {
    expect(verdict(m, 3, separated).kind).toBe('within');
    expect(verdict(m, 1.2, separated)).toEqual({ kind: 'smaller', text: "the paper's direction, but smaller (3 seeds, p = 0.010; paper: the claim)" });
    expect(verdict(m, 8.4, separated).kind).toBe('larger');
    expect(verdict(m, 0.9, separated).kind).toBe('opposite');
  });
  it('give no verdict on a direction from one seed, or when the test cannot separate them', () => {
    expect(verdict(m, 3, { n: 1, p: null }).kind).toBe('untested');
    expect(verdict(m, 3, { n: 3, p: 0.2 })).toEqual({
      kind: 'unseparated',
      text: 'not separated across 3 seeds: the difference could be chance (p = 0.200; paper: the claim)',
    });
  });
  it('never count a tie as "more"', () => {
    const more: Measure = {
      id: 'd',
      label: 'd',
      kind: 'deadlinePoints',
      of: 'new',
      against: 'old',
      paper: { low: 0, high: Infinity, text: 'more deadlines met', where: 'x' },
    };
    expect(verdict(more, 0, { n: 3, p: 1 }).kind).toBe('unseparated');
    expect(verdict(more, 0, { n: 3, p: 0 }).kind).toBe('unseparated');
    expect(verdict(more, 2.5, separated).kind).toBe('within');
  });
  it('read a range around no change as a claim of no difference', () => {
    const same: Measure = {
      id: 's',
      label: 's',
      kind: 'templateChange',
      template: 'Pi',
      of: 'new',
      against: 'old',
      paper: { low: -5, high: 5, text: 'almost identical', where: 'x' },
    };
    expect(verdict(same, 2, { n: 1, p: null }).kind).toBe('within');
    expect(verdict(same, -12, separated)).toEqual({
      kind: 'unexpected',
      text: 'a difference the paper did not find (3 seeds, p = 0.010; paper: almost identical, read as −5.0 % to +5.0 %)',
    });
    expect(verdict(same, -12, { n: 3, p: 0.3 }).kind).toBe('unseparated');
  });
});

describe('measures across seeds', () => {
  const d: Measure = {
    id: 'd',
    label: 'd',
    kind: 'deadlinePoints',
    of: 'new',
    against: 'old',
    paper: { low: 0, high: Infinity, text: 'more deadlines met', where: 'x' },
  };
  it('test the per-seed values: a consistent gain is separated, a mixed one is not', () => {
    const consistent = measure(d, {
      new: [1, 2, 3].map((s) => run(s, { deadlines: 0.8 + s / 100 })),
      old: [1, 2, 3].map((s) => run(s, { deadlines: 0.7 + s / 200 })),
    });
    expect(consistent.seeds).toBe(3);
    expect(consistent.p!).toBeLessThan(0.05);
    expect(consistent.verdict!.kind).toBe('within');
    // +2.5 on one seed, −4 and +5 on the others: the mean is positive, the test does not separate.
    const mixed = measure(d, {
      new: [run(1, { deadlines: 0.9 }), run(2, { deadlines: 0.7 }), run(3, { deadlines: 0.85 })],
      old: [run(1, { deadlines: 0.875 }), run(2, { deadlines: 0.74 }), run(3, { deadlines: 0.8 })],
    });
    expect(mixed.value!).toBeGreaterThan(0);
    expect(mixed.perSeed!.map((x) => Math.round(x * 10) / 10)).toEqual([2.5, -4, 5]);
    expect(mixed.verdict!.kind).toBe('unseparated');
  });
  it("compare FAWKES runs by the mean of their MR-clusters' average slowdown", () => {
    const fawkes: Measure = {
      id: 'f',
      label: 'f',
      kind: 'mrSlowdown',
      of: 'td',
      against: 'none',
      paper: { low: 1.25, high: 1.43, text: '25 % lower', where: 'x' },
    };
    const withSlowdowns = (seed: number, xs: (number | null)[]) => ({ ...run(seed, {}), mrClusters: xs.map((avgSlowdown) => ({ avgSlowdown })) });
    const out = measure(fawkes, {
      td: [withSlowdowns(1, [2, 4, null]), withSlowdowns(2, [2, 2, 2])],
      none: [withSlowdowns(1, [3, 5, 4]), withSlowdowns(2, [3, 3, 3])],
    });
    // Means 3 and 2 against 4 and 3: (3.5) ÷ (2.5).
    expect(out.value).toBeCloseTo(3.5 / 2.5);
    expect(out.perSeed).toEqual([4 / 3, 3 / 2]);
  });
});

describe('the reproduction catalogue', () => {
  it('names presets that exist, and configurations each preset runs', () => {
    for (const r of REPRODUCTIONS) {
      for (const p of r.presets) {
        const file = path.resolve(__dirname, '../../../resources/presets', p.file);
        const experiment = ExperimentSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
        const labels = experiment.schedulers.map(schedulerLabel);
        for (const m of p.measures) {
          expect(labels, `${p.file} ${m.id}`).toContain(m.of);
          expect(labels, `${p.file} ${m.id}`).toContain(m.against);
        }
      }
    }
  });
});
