import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { useTempDirs } from '../../helpers/tempDir';
import { pairedTTest } from '@shared/results/stats';

const tempDir = useTempDirs();
const root = path.resolve(__dirname, '../../..');

describe('workload-studio on a result file: profile, locality, speedup, interference', () => {
  it('derives job profiles from a result file with `profile`', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'r.json');
    expect((await cli(['run', path.join(root, 'docs/examples/baselines.experiment.json'), '--out', out])).code).toBe(0);
    const r = await cli(['profile', out]);
    expect(r.code).toBe(0);
    const profiles = JSON.parse(r.out);
    expect(profiles.format).toBe('workload-studio.profiles');
    expect(profiles.profiles.map((p: { template: string }) => p.template)).toEqual(['Grep', 'KMeans', 'Sort', 'WordCount']);
    for (const p of profiles.profiles) expect(p.phases.map.samples).toBeGreaterThan(0);
    // A run it does not have is refused with the runs it has, by index.
    expect(await cli(['profile', out, '--run', '99'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--run: "99" is not a run index \(0-11\); the file's runs are 0 FIFO \(seed 1\), 1 FIFO \(seed 2\), 2 /),
    });
    fs.writeFileSync(path.join(dir, 'x.json'), '{"format": "something"}');
    expect((await cli(['profile', path.join(dir, 'x.json')])).err).toMatch(/is not a result file: line \d+, format: /);
  });

  it('shows where each group of jobs read its input with `locality`', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'r.json');
    expect((await cli(['run', path.join(root, 'docs/examples/baselines.experiment.json'), '--out', out])).code).toBe(0);
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as {
      runs: { scheduler: string; jobs: { template: string; maps: number; locality: Record<string, number> }[] }[];
    };
    const r = await cli(['locality', out, '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as {
      schedulers: string[];
      rows: { group: string; template: string; maps: number; maxMaps: number; cells: Record<string, { maps: number; node: number; local: number }> }[];
    };
    expect(report.schedulers).toEqual(['FIFO', 'PureFair', 'Delay', 'Capacity', 'DRF', 'LATE']);
    // Each cell is the sum, over seeds, of the result's own per-job counts for that group.
    for (const row of report.rows) {
      for (const s of report.schedulers) {
        const jobs = result.runs
          .filter((run) => run.scheduler === s)
          .flatMap((run) =>
            run.jobs.filter(
              (j) =>
                j.template === row.template &&
                j.maps >= row.maps &&
                j.maps <= row.maxMaps &&
                j.locality.node + j.locality.server + j.locality.rack + j.locality.offRack > 0,
            ),
          );
        const sum = (f: (l: Record<string, number>) => number) => jobs.reduce((acc, j) => acc + f(j.locality), 0);
        expect(row.cells[s], `${row.group} ${s}`).toEqual({
          maps: sum((l) => l.node + l.server + l.rack + l.offRack),
          node: sum((l) => l.node),
          local: sum((l) => l.node + l.server),
        });
      }
    }
    const text = (await cli(['locality', out])).out;
    expect(text).toMatch(/^JOBS\s+FIFO\s+PUREFAIR/m);
    // Delay scheduling is there to raise locality: its column is no lower than FIFO's overall.
    const total = (s: string) => report.rows.reduce((acc, row) => [acc[0] + row.cells[s].local, acc[1] + row.cells[s].maps], [0, 0]);
    expect(total('Delay')[0] / total('Delay')[1]).toBeGreaterThanOrEqual(total('FIFO')[0] / total('FIFO')[1]);
    expect(await cli(['locality'])).toMatchObject({ code: 2, err: expect.stringContaining('locality needs a result file') });
    // A result written before jobs carried their locality still reads, and says what is missing.
    const old = JSON.parse(fs.readFileSync(out, 'utf8')) as { runs: { jobs: Record<string, unknown>[] }[] };
    for (const run of old.runs) for (const job of run.jobs) delete job.locality;
    fs.writeFileSync(path.join(dir, 'old.json'), JSON.stringify(old));
    expect(await cli(['locality', path.join(dir, 'old.json')])).toMatchObject({ code: 1, err: expect.stringContaining('has no per-job locality') });
  });

  it('compares schedulers job by job with `speedup`', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'r.json');
    expect((await cli(['run', path.join(root, 'docs/examples/baselines.experiment.json'), '--out', out])).code).toBe(0);
    const r = await cli(['speedup', out, '--of', 'PureFair', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as {
      of: string;
      seeds: number[];
      rows: { scheduler: string; pairs: number; perJob: number; p: number; bySeed: { seed: number; pairs: number; perJob: number }[] }[];
    };
    expect(report.seeds).toEqual([1, 2]);
    expect(report.rows.map((row) => row.scheduler)).toEqual(['FIFO', 'Delay', 'Capacity', 'DRF', 'LATE']);
    for (const row of report.rows) {
      expect(row.pairs).toBe(24);
      expect(row.perJob).toBeGreaterThan(0);
      // The pooled geometric mean lies between the seeds' own, which pair 12 jobs each.
      expect(row.bySeed.map((s) => [s.seed, s.pairs])).toEqual([
        [1, 12],
        [2, 12],
      ]);
      const perSeed = row.bySeed.map((s) => s.perJob);
      expect(row.perJob).toBeGreaterThanOrEqual(Math.min(...perSeed) - 1e-12);
      expect(row.perJob).toBeLessThanOrEqual(Math.max(...perSeed) + 1e-12);
    }
    const text = (await cli(['speedup', out, '--of', 'PureFair'])).out;
    expect(text).toMatch(/^PureFair against each scheduler, seeds 1, 2 \(above 1x: PureFair is faster\)/);
    expect(text).toMatch(/PER JOB \(GEO MEAN\)\s+MEAN JCT\s+PER JOB, ONE SEED/);
    // The same result with seed 1's runs only: one seed, no verdict.
    const whole = JSON.parse(fs.readFileSync(out, 'utf8')) as { runs: { seed: number }[] };
    const oneSeed = path.join(path.dirname(out), 'one-seed.json');
    fs.writeFileSync(oneSeed, JSON.stringify({ ...whole, runs: whole.runs.filter((r) => r.seed === 1) }));
    const single = (await cli(['speedup', oneSeed, '--of', 'PureFair'])).out;
    expect(single).toMatch(/^PureFair against each scheduler, seed 1 \(/);
    expect(single).toMatch(/One seed: a single draw of the workload, so no verdict/);
    // A name in other capitals, as the designer titles schedulers, is the run it reads as.
    expect(JSON.parse((await cli(['speedup', out, '--of', 'purefair', '--json'])).out)).toEqual(report);
    const againstFifo = await cli(['report', out, '--format', 'json', '--out', tempDir(), '--baseline', 'FIFO']);
    expect(againstFifo.code, againstFifo.err).toBe(0);
    // A verdict only from the paired test across the seeds: the JSON's p, and the column's words.
    for (const row of report.rows) {
      const logs = row.bySeed.map((s) => Math.log(s.perJob));
      expect(row.p).toBeCloseTo(pairedTTest(logs, [0, 0]).p!, 12);
      const line = text.split('\n').find((l) => l.startsWith(`${row.scheduler} `))!;
      expect(line).toContain(row.p < 0.05 ? (row.perJob > 1 ? 'faster (' : 'slower (') : 'not separated (');
    }
    expect(text).toContain("only where the seeds' per-job speedups are separated from 1x by Student's paired t-test");
    const late = report.rows.find((row) => row.scheduler === 'LATE')!;
    const [lo, hi] = [Math.min(...late.bySeed.map((s) => s.perJob)), Math.max(...late.bySeed.map((s) => s.perJob))];
    expect(text).toContain(`${lo.toFixed(2)}-${hi.toFixed(2)}x`);
    expect(await cli(['speedup', out, '--of', 'ila'])).toMatchObject({ code: 2, err: expect.stringContaining('no runs of scheduler "ila"') });
    expect(await cli(['speedup', out])).toMatchObject({ code: 2, err: expect.stringContaining('speedup needs --of') });
    fs.writeFileSync(path.join(dir, 'x.json'), '{"format": "other"}');
    expect(await cli(['speedup', path.join(dir, 'x.json'), '--of', 'PureFair'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/is not a result file: line \d+, format: /),
    });
  });

  it('compares the interference models as ILA Table 5 does (`interference`)', async () => {
    const r = await cli(['interference', '--samples', '90', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as {
      training: number;
      testing: number;
      models: { name: string; all: { r2: number; meanError: number; samples: number } }[];
    };
    expect(report.training + report.testing).toBe(90);
    expect(report.models.map((m) => m.name)).toEqual(['exponential (eq. 1-3)', 'linear', 'quadratic']);
    for (const m of report.models) {
      expect(m.all.samples).toBe(report.testing);
      expect(Number.isFinite(m.all.r2)).toBe(true);
      expect(m.all.meanError).toBeGreaterThanOrEqual(0);
    }
    expect(await cli(['interference', '--samples', '5'])).toMatchObject({ code: 2, err: expect.stringMatching(/--samples must be/) });
    expect(await cli(['interference', '--disk-thrashing', '2'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--disk-thrashing must be a number from 0 to 1/),
    });
  });
});
