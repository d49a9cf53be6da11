import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultFile } from '@shared/experiment';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { runExperiment } from '../../../src-main/runner/runExperiment';

const run = async (file: string) => (await runExperiment(loadExperiment(preset(file)))).result;
import { profilesFromResult } from '../../../src-main/models/jobProfiles';

const preset = (name: string) => path.resolve(__dirname, '../../../resources/presets', name);
const jct = (r: ResultFile, scheduler: string, jobId: string) => {
  const xs = r.runs.filter((x) => x.scheduler === scheduler).map((x) => x.jobs.find((j) => j.id === jobId)!).map((j) => j.finish! - j.submit!);
  return xs.reduce((s, x) => s + x, 0) / xs.length;
};

describe('Finer-Grained CPU presets (Liu sec. 4)', () => {
  it('sample jobs give the CPU requirements of Table 4.3 in kind: CPU jobs 100, I/O jobs about half', async () => {
    const profiles = profilesFromResult(await run('liu-samples.experiment.json'));
    const req = Object.fromEntries(profiles.map((p) => [p.template, p.cpuRequirement.map]));
    expect(req.Pi).toBe(100);
    expect(req.Bbp).toBe(100);
    expect(req.TeraGen).toBeGreaterThanOrEqual(40);
    expect(req.TeraGen).toBeLessThanOrEqual(60);
    expect(req.ETL).toBeGreaterThanOrEqual(30);
    expect(req.ETL).toBeLessThanOrEqual(55);
  });

  it('balanced pattern: the CPU-intensive job finishes at least 10 % sooner than under one core per task', async () => {
    const r = await run('liu-balanced.experiment.json');
    expect(jct(r, 'Finer-Grained CPU', 'pi')).toBeLessThan(0.9 * jct(r, 'YARN (one core per task)', 'pi'));
  });

  it('I/O-heavy pattern: the CPU-intensive job finishes at least 10 % sooner, the I/O jobs within 5 %', async () => {
    const r = await run('liu-io-heavy.experiment.json');
    expect(jct(r, 'Finer-Grained CPU', 'pi')).toBeLessThan(0.9 * jct(r, 'YARN (one core per task)', 'pi'));
    for (const id of ['teragen', 'etl']) {
      const ratio = jct(r, 'Finer-Grained CPU', id) / jct(r, 'YARN (one core per task)', id);
      expect(ratio, id).toBeGreaterThan(0.95);
      expect(ratio, id).toBeLessThan(1.05);
    }
  });

  it('CPU-heavy pattern: no real gain for the CPU-intensive jobs', async () => {
    const r = await run('liu-cpu-heavy.experiment.json');
    for (const id of ['pi', 'bbp']) {
      const ratio = jct(r, 'Finer-Grained CPU', id) / jct(r, 'YARN (one core per task)', id);
      expect(ratio).toBeGreaterThan(0.9);
      expect(ratio).toBeLessThan(1.15);
    }
  });
});
