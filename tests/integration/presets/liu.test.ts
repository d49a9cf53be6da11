import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultFile } from '@shared/experiment/experiment';
import { pairedTTest } from '@shared/results/stats';
import { profilesFromResult } from '@shared/workload/jobProfiles';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { runExperiment } from '../../../src-main/runner/runExperiment';
import { RECORD_AGAIN, differencesFromStored } from '../../../scripts/reproductions/storedRuns';

const YARN = 'YARN (one core per task)';
const FINE = 'Finer-Grained CPU';
const preset = (name: string) => path.resolve(__dirname, '../../../resources/presets', name);
/** A preset at full size; its runs must be the stored ones docs/reproductions.md renders from (docs/runs). */
const run = async (file: string) => {
  const { result } = await runExperiment(loadExperiment(preset(file)));
  expect(differencesFromStored(file.replace('.experiment.json', ''), result), RECORD_AGAIN).toEqual([]);
  return result;
};
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Completion times of one job, seed by seed (in seed order). */
const jcts = (r: ResultFile, scheduler: string, jobId: string) =>
  r.runs
    .filter((x) => x.scheduler === scheduler)
    .sort((a, b) => a.seed - b.seed)
    .map((x) => x.jobs.find((j) => j.id === jobId)!)
    .map((j) => j.finish! - j.submit!);
/** Mean completion time of one job over the preset's seeds. */
const jct = (r: ResultFile, scheduler: string, jobId: string) => mean(jcts(r, scheduler, jobId));
/** Finer-Grained's over YARN's mean completion time of a job. */
const jctRatio = (r: ResultFile, jobId: string) => jct(r, FINE, jobId) / jct(r, YARN, jobId);

/** Mean map task time of a template over the seeds (the thesis's Tables 4.4-4.6). */
const mapSeconds = (r: ResultFile, scheduler: string, template: string) => {
  const totals = r.runs.filter((x) => x.scheduler === scheduler).map((x) => x.profiles[template].maps);
  return totals.reduce((s, t) => s + t.wallSeconds, 0) / totals.reduce((s, t) => s + t.count, 0);
};
/** Mean map task time of a template, seed by seed (in seed order). */
const mapSecondsBySeed = (r: ResultFile, scheduler: string, template: string) =>
  r.runs
    .filter((x) => x.scheduler === scheduler)
    .sort((a, b) => a.seed - b.seed)
    .map((x) => x.profiles[template].maps.wallSeconds / x.profiles[template].maps.count);

/**
 * Table 4.4-4.6: packing more tasks per node must not slow the tasks themselves: no map time more
 * than 3 % longer where the paired test across seeds separates the two (TeraGen's maps, sharing
 * disks with whatever lands beside them, swing 0.84-1.32 from seed to seed in the CPU-heavy mix).
 */
function expectTaskTimesKept(r: ResultFile, templates: string[]) {
  for (const t of templates) {
    const ratio = mapSeconds(r, FINE, t) / mapSeconds(r, YARN, t);
    const { p } = pairedTTest(mapSecondsBySeed(r, FINE, t), mapSecondsBySeed(r, YARN, t));
    expect(ratio < 1.03 || p === null || p >= 0.05, `${t} map time: ${ratio.toFixed(3)}, p = ${p}`).toBe(true);
  }
}

describe('Finer-Grained CPU presets (Liu sec. 4)', () => {
  it('sample jobs give the CPU requirements of Table 4.3: Pi and Bbp 100, TeraGen 49, ETL 47', async () => {
    const profiles = profilesFromResult(await run('liu-samples.experiment.json'));
    const req = Object.fromEntries(profiles.map((p) => [p.template, p.cpuRequirement.map]));
    expect(req.Pi).toBe(100);
    expect(req.Bbp).toBe(100);
    expect(req.TeraGen).toBeGreaterThanOrEqual(47);
    expect(req.TeraGen).toBeLessThanOrEqual(51);
    expect(req.ETL).toBeGreaterThanOrEqual(45);
    expect(req.ETL).toBeLessThanOrEqual(49);
  });

  it('balanced pattern: the CPU-intensive job finishes at least 10 % sooner, the I/O job within 5 %, task times kept', async () => {
    const r = await run('liu-balanced.experiment.json');
    expect(jctRatio(r, 'pi')).toBeLessThan(0.9);
    expect(jctRatio(r, 'teragen')).toBeGreaterThan(0.95);
    expect(jctRatio(r, 'teragen')).toBeLessThan(1.05);
    expectTaskTimesKept(r, ['Pi', 'TeraGen']);
  });

  it('I/O-heavy pattern: the CPU-intensive job finishes at least 10 % sooner, the I/O jobs within 5 %, task times kept', async () => {
    const r = await run('liu-io-heavy.experiment.json');
    expect(jctRatio(r, 'pi')).toBeLessThan(0.9);
    for (const id of ['teragen', 'etl']) {
      expect(jctRatio(r, id), id).toBeGreaterThan(0.95);
      expect(jctRatio(r, id), id).toBeLessThan(1.05);
    }
    expectTaskTimesKept(r, ['Pi', 'TeraGen', 'ETL']);
  });

  it('CPU-heavy pattern: the CPU jobs lose at most the reserved core (1/8 of a node), TeraGen no real change, task times kept', async () => {
    const r = await run('liu-cpu-heavy.experiment.json');
    // Unlike the thesis (almost identical), priced from Table 4.5 the CPU jobs outlast TeraGen, and
    // then Finer-Grained's pool of 700 (one core kept back) runs 7 CPU tasks a node where YARN runs
    // 8: slower, but by less than the eighth of the CPU that core is (docs/reproductions.md).
    for (const id of ['pi', 'bbp']) {
      expect(jctRatio(r, id), id).toBeGreaterThan(1);
      expect(jctRatio(r, id), id).toBeLessThan(1.125);
    }
    // A real change is both material (over 5 %) and separated by the paired test across the seeds:
    // TeraGen's one long wave swings from seed to seed, so its mean alone is noise.
    const ratio = jctRatio(r, 'teragen');
    const { p } = pairedTTest(jcts(r, FINE, 'teragen'), jcts(r, YARN, 'teragen'));
    expect(ratio > 0.95 && ratio < 1.05 ? true : p === null || p >= 0.05, `teragen: ${ratio.toFixed(3)}, p = ${p}`).toBe(true);
    expectTaskTimesKept(r, ['Pi', 'Bbp', 'TeraGen']);
  });
});
