import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultFile } from '@shared/experiment';
import { profilesFromResult } from '../../../src-main/models/jobProfiles';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { runExperiment } from '../../../src-main/runner/runExperiment';

const YARN = 'YARN (one core per task)';
const FINE = 'Finer-Grained CPU';
const preset = (name: string) => path.resolve(__dirname, '../../../resources/presets', name);
const run = async (file: string) => (await runExperiment(loadExperiment(preset(file)))).result;
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Mean completion time of one job over the preset's seeds. */
const jct = (r: ResultFile, scheduler: string, jobId: string) =>
  mean(r.runs.filter((x) => x.scheduler === scheduler).map((x) => x.jobs.find((j) => j.id === jobId)!).map((j) => j.finish! - j.submit!));
/** Finer-Grained's over YARN's mean completion time of a job. */
const jctRatio = (r: ResultFile, jobId: string) => jct(r, FINE, jobId) / jct(r, YARN, jobId);

/** Mean map task time of a template over the seeds (the thesis's Tables 4.4-4.6). */
const mapSeconds = (r: ResultFile, scheduler: string, template: string) => {
  const totals = r.runs.filter((x) => x.scheduler === scheduler).map((x) => x.profiles[template].maps);
  return totals.reduce((s, t) => s + t.wallSeconds, 0) / totals.reduce((s, t) => s + t.count, 0);
};

/** Table 4.4-4.6: packing more tasks per node must not slow the tasks themselves. */
function expectTaskTimesKept(r: ResultFile, templates: string[]) {
  for (const t of templates) expect(mapSeconds(r, FINE, t) / mapSeconds(r, YARN, t), `${t} map time`).toBeLessThan(1.03);
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

  it('CPU-heavy pattern: no real gain or loss for any job, task times kept', async () => {
    const r = await run('liu-cpu-heavy.experiment.json');
    for (const id of ['pi', 'bbp', 'teragen']) {
      expect(jctRatio(r, id), id).toBeGreaterThan(0.9);
      expect(jctRatio(r, id), id).toBeLessThan(1.05);
    }
    expectTaskTimesKept(r, ['Pi', 'Bbp', 'TeraGen']);
  });
});
