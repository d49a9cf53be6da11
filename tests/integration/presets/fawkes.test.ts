import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import type { ResultFile } from '@shared/experiment/experiment';
import { cli } from '../../helpers/cli';
import { useTempDirs } from '../../helpers/tempDir';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { runExperiment } from '../../../src-main/runner/runExperiment';
import { RECORD_AGAIN, differencesFromStored } from '../../../scripts/reproductions/storedRuns';
import { pairedTTest } from '../../../src-main/shared/results/stats';

const root = path.resolve(__dirname, '../../..');
const tempDir = useTempDirs();
const preset = (letter: string) => path.join(root, `resources/presets/fawkes-wkld-${letter}.experiment.json`);
type Run = ResultFile['runs'][number];

/** Seed 1 of a preset (the directions asserted here hold on it; the Reproduce area runs every seed). */
async function runs(letter: string): Promise<Map<string, Run>> {
  const loaded = loadExperiment(preset(letter));
  loaded.experiment.seeds = [1];
  const { result } = await runExperiment(loaded, { threads: 2 });
  for (const r of result.runs) expect(r.summary.unfinished, r.scheduler).toBe(0);
  expect(differencesFromStored(`fawkes-wkld-${letter}`, result), RECORD_AGAIN).toEqual([]);
  return new Map(result.runs.map((r) => [r.scheduler, r]));
}
const cluster = (r: Run, name: string) => r.mrClusters!.find((c) => c.name === name)!;
/** The mean over MR-clusters of their average job slowdown (what Fig. 9 summarises by min, median and max). */
const meanSlowdown = (r: Run) => r.mrClusters!.reduce((s, c) => s + c.avgSlowdown!, 0) / r.mrClusters!.length;

/**
 * The FAWKES presets (docs/reproductions.md "FAWKES"), mirroring Table 2 of Ghit et al. at the
 * paper's size: what each of sections 7.1-7.3 shows, measured on the studio's runs.
 */
describe('FAWKES presets', () => {
  it('WKLD-A through the CLI: each arriving MR-cluster gets its minimum share within T, and mrClusters[] is in the result (sec. 7.1)', async () => {
    const out = path.join(tempDir(), 'a.json');
    expect((await cli(['run', preset('a'), '--out', out])).code).toBe(0);
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as ResultFile;
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const valid = ajv.compile(JSON.parse(fs.readFileSync(path.join(root, 'docs/result.schema.json'), 'utf8')));
    expect(valid(result), JSON.stringify(valid.errors)).toBe(true);
    const jd = result.runs.find((r) => r.scheduler === 'JD (TR)')!;
    expect(jd.mrClusters!.map((c) => c.name)).toEqual(['c-1', 'c-2', 'c-3']);
    for (const c of jd.mrClusters!) {
      expect(c.minShareReachedS, c.name).not.toBeNull();
      expect(c.minShareReachedS!, c.name).toBeLessThanOrEqual(60);
      expect(c.series.t.length).toBe(c.series.nodes.length);
    }
    // Point B of Fig. 6: c-1 runs alone and takes the idle nodes before c-2 and c-3 are loaded.
    const c1 = cluster(jd, 'c-1');
    expect(Math.max(...c1.series.nodes.filter((_, i) => c1.series.t[i] < 200))).toBeGreaterThan(30);
    expect(c1.reconfigurations).toBeGreaterThan(0);
    // Under None nobody leaves its minimum share, and the workload takes longer.
    const none = result.runs.find((r) => r.scheduler === 'NONE (TR)')!;
    for (const c of none.mrClusters!) expect(Math.max(...c.series.nodes)).toBe(10);
    expect(jd.summary.makespan).toBeLessThan(none.summary.makespan);
  }, 300_000);

  it('WKLD-B/C: TD balances compute-heavy jobs with either kind of node, disk-heavy ones only with transient-core nodes (sec. 7.2)', async () => {
    const b = await runs('b');
    const c = await runs('c');
    // WordCount (B): growing with transient or transient-core nodes gives nearly the same makespan.
    const [bTc, bTr] = [b.get('TD (TC)')!, b.get('TD (TR)')!];
    expect(Math.abs(bTr.summary.makespan - bTc.summary.makespan) / bTc.summary.makespan).toBeLessThan(0.05);
    // Sort (C): transient nodes send all output to the core nodes' disks; the large jobs' MR-cluster suffers.
    const [cTc, cTr, cDu] = [c.get('TD (TC)')!, c.get('TD (TR)')!, c.get('DU (TC)')!];
    expect(cTr.summary.makespan).toBeGreaterThan(cTc.summary.makespan * 1.2);
    expect(cluster(cTc, 'c-3').avgSlowdown!).toBeLessThan(cluster(cTr, 'c-3').avgSlowdown!);
    // The disk-usage policy does not see the large jobs' demand: it balances them worse than TD.
    expect(cluster(cTc, 'c-3').avgSlowdown!).toBeLessThan(cluster(cDu, 'c-3').avgSlowdown!);
    expect(cTc.summary.makespan).toBeLessThan(cDu.summary.makespan);
    // Under None the small jobs' MR-cluster (c-1) is unaffected by the others' growth under TD.
    expect(cluster(cTc, 'c-1').avgSlowdown).toBe(cluster(c.get('NONE (TC)')!, 'c-1').avgSlowdown);
  }, 300_000);

  it('WKLD-D over seeds 1-3: TD improves the average job slowdown over None by at least 15 %, no performance-based policy beats the demand-based ones, RU lies between PU and DU (sec. 7.3, Fig. 9)', async () => {
    const { result } = await runExperiment(loadExperiment(preset('d')), { threads: 2 });
    expect(differencesFromStored('fawkes-wkld-d', result), RECORD_AGAIN).toEqual([]);
    const bySeed = (policy: string) =>
      result.runs
        .filter((r) => r.scheduler === `${policy} (TC)`)
        .sort((a, b) => a.seed - b.seed)
        .map(meanSlowdown);
    const avg = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
    const s = (policy: string) => avg(bySeed(policy));
    expect(bySeed('NONE')).toHaveLength(3);
    expect(s('TD')).toBeLessThan(0.85 * s('NONE'));
    expect(pairedTTest(bySeed('TD'), bySeed('NONE')).p!).toBeLessThan(0.05);
    // "The performance-based policies do not outperform the demand-based policies": none is
    // separated below the best demand-based one, and together they do not do better.
    const demand = ['JD', 'DD', 'TD'];
    const best = demand.reduce((a, b) => (s(b) < s(a) ? b : a));
    for (const p of ['JS', 'JT', 'TT']) {
      const test = pairedTTest(bySeed(p), bySeed(best));
      expect(test.p! < 0.05 && test.meanDiff < 0, `${p} ahead of ${best}`).toBe(false);
    }
    expect(avg(demand.map(s))).toBeLessThanOrEqual(avg(['JS', 'JT', 'TT'].map(s)));
    // The loaded MR-cluster (c-2, bursts led by medium and large jobs) gains most.
    const c2 = (policy: string) => avg(result.runs.filter((r) => r.scheduler === `${policy} (TC)`).map((r) => cluster(r, 'c-2').avgSlowdown!));
    expect(c2('TD')).toBeLessThan(c2('NONE') * 0.8);
    for (const r of result.runs) {
      if (r.scheduler === 'TD (TC)') expect(r.mrClusters!.reduce((n, c) => n + c.reconfigurations, 0)).toBeGreaterThan(5);
      // Reconfigurations counted once per change of the shares: at most one per interval T (120 s).
      expect(
        r.mrClusters!.reduce((n, c) => n + c.reconfigurations, 0),
        r.scheduler,
      ).toBeLessThanOrEqual(Math.ceil(r.summary.makespan / 120));
    }
    // RU (eq. 5 on normalised usages, ψ = 0.5) lies between PU and DU in the mean over the seeds.
    // Three seeds do not separate them; ten held-out seeds do (fawkesUsageHeldOut.test.ts).
    expect(s('PU')).toBeLessThan(s('RU'));
    expect(s('RU')).toBeLessThan(s('DU'));
  }, 600_000);

  it('WKLD-D with mixed sizes: JD, DD and TD weigh differently and each beats None (paired t-test, three seeds); DU is behind PU and RU', async () => {
    const { result } = await runExperiment(loadExperiment(preset('d-mixed')), { threads: 2 });
    expect(differencesFromStored('fawkes-wkld-d-mixed', result), RECORD_AGAIN).toEqual([]);
    const bySeed = (label: string) =>
      result.runs
        .filter((r) => r.scheduler === label)
        .sort((a, b) => a.seed - b.seed)
        .map(meanSlowdown);
    expect(bySeed('NONE (TC)')).toHaveLength(3);
    const demand = ['JD (TC)', 'DD (TC)', 'TD (TC)'].map(bySeed);
    // Not the same numbers under another name: the three measures disagree on some seed.
    expect(Math.max(...demand.map((xs) => xs[0])) - Math.min(...demand.map((xs) => xs[0]))).toBeGreaterThan(0.01);
    for (const [i, xs] of demand.entries()) {
      const test = pairedTTest(xs, bySeed('NONE (TC)'));
      expect(test.p!, `policy ${i}`).toBeLessThan(0.05);
      expect(test.meanDiff, `policy ${i}`).toBeLessThan(-0.25 * (bySeed('NONE (TC)').reduce((a, b) => a + b, 0) / 3));
    }
    // Sec. 7.3: of the usage-based policies DU is not effective; here its mean is behind both PU's
    // and RU's (a lower slowdown is better). Three seeds put the paired test at its edge (DU behind
    // PU: p = 0.045-0.050 as the heartbeat moves by a millisecond), so the separation is asked of six
    // redrawn replicates of this variant (fawkesRedrawn.test.ts).
    const [pu, ru, du] = ['PU (TC)', 'RU (TC)', 'DU (TC)'].map(bySeed);
    for (const [worse, better, label] of [
      [du, pu, 'DU behind PU'],
      [du, ru, 'DU behind RU'],
    ] as const)
      expect(pairedTTest(worse, better).meanDiff, label).toBeGreaterThan(0);
  }, 600_000);

  it('WKLD-E: under TD the most loaded MR-cluster takes most of the nodes and the makespan shrinks (sec. 7.3, Fig. 11)', async () => {
    const e = await runs('e');
    const [eq, td] = [e.get('EQ (TC)')!, e.get('TD (TC)')!];
    expect(meanSlowdown(td)).toBeLessThan(meanSlowdown(eq));
    expect(cluster(td, 'c-1').avgSlowdown!).toBeLessThan(cluster(eq, 'c-1').avgSlowdown!);
    expect(Math.max(...cluster(td, 'c-1').series.nodes)).toBeGreaterThan(24);
    expect(td.summary.makespan).toBeLessThan(eq.summary.makespan);
  }, 300_000);
});
