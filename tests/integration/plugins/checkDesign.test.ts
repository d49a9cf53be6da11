import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { FieldProblem } from '@shared/api/validation';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { loadSchedulerFile } from '../../../src-main/runner/pluginFile';
import { designProblemsOf } from '../../../src-main/schedulers/registry';
import { startServices } from '../../../src-main/services';
import { cluster, cpuOnly, job } from '../../helpers/engineFixtures';
import { ok } from '../../helpers/services';

/**
 * A file whose policy needs servers in two racks and at most `maxMaps` maps a job; its check says
 * so in words. `check` replaces the check's body for the files that break it.
 */
const file = (kind: string, check: string) => `export default {
  kind: '${kind}', title: 'Needs two racks', capacity: 'slots',
  options: (z) => ({ maxMaps: z.number().int().min(1).default(50) }), labels: { maxMaps: 'Most maps a job' },
  create() { return { name: '${kind}', onHeartbeat() {} }; },
  checkDesign(spec, topology, jobs) {
    ${check}
  },
};
`;
const SAYS = `const problems = [];
    if (topology.rackCount < 2) problems.push('it needs servers in at least two racks; this cluster has ' + topology.rackCount);
    for (const j of jobs) if (j.maps > spec.maxMaps) problems.push('job ' + j.id + ' has ' + j.maps + ' maps, more than ' + spec.maxMaps);
    globalThis.__seenJob = jobs[0];
    return problems;`;

let dir = '';
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-check-'));
  for (const [kind, check] of [
    ['two-racks', SAYS],
    ['check-throws', 'return jobs[0].nothing.here;'],
    ['check-answers-text', "return 'needs two racks';"],
  ])
    fs.writeFileSync(path.join(dir, `${kind}.scheduler.js`), file(kind, check));
  for (const kind of ['two-racks', 'check-throws', 'check-answers-text']) await loadSchedulerFile(path.join(dir, `${kind}.scheduler.js`));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const card = (kind: string, more: Record<string, unknown> = {}) => SchedulerSpecSchema.parse({ kind, mapSlots: 2, reduceSlots: 1, ...more });

describe("a scheduler file's own design check (checkDesign)", () => {
  const jobs = [job('small', cpuOnly(10), { maps: 4 }), job('huge', cpuOnly(10), { maps: 80 })];

  it('gives its sentences as the card’s problems, with the card’s options, and none when the design suits it', () => {
    expect(designProblemsOf(card('two-racks'), cluster(1, 4), jobs)).toEqual([
      'it needs servers in at least two racks; this cluster has 1',
      'job huge has 80 maps, more than 50',
    ]);
    expect(designProblemsOf(card('two-racks', { maxMaps: 100 }), cluster(2, 2), jobs)).toEqual([]);
    expect(designProblemsOf(card('two-racks'), cluster(1, 4), jobs, 1)).toHaveLength(1);
  });

  it('shows it a job as a scheduler is told it, frozen: never its work’s hidden coefficients', () => {
    designProblemsOf(card('two-racks'), cluster(2, 2), jobs);
    const seen = (globalThis as { __seenJob?: Record<string, unknown> }).__seenJob!;
    expect(Object.keys(seen).sort()).toEqual(['id', 'inputMb', 'maps', 'queue', 'reduces', 'submit', 'template']);
    expect(Object.keys(seen.template as object).sort()).toEqual(['kind', 'mapMemoryMb', 'name', 'reduceMemoryMb']);
    expect(Object.isFrozen(seen)).toBe(true);
  });

  it('makes a check that throws or answers wrongly the card’s problem, naming the file and what went wrong', () => {
    expect(designProblemsOf(card('check-throws'), cluster(1, 4), jobs)).toEqual([
      "its scheduler file check-throws.scheduler.js failed in checkDesign, line 6: Cannot read properties of undefined (reading 'here')",
    ]);
    expect(designProblemsOf(card('check-answers-text'), cluster(1, 4), jobs)).toEqual([
      'its scheduler file check-answers-text.scheduler.js answered checkDesign wrongly: it must return a list of sentences (strings), not string',
    ]);
  });

  it('is what the designer shows beside the card (experiments:check), cluster and workload named', async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-check-app-'));
    const s = await startServices({ dataDir: data });
    try {
      await ok(s, 'schedulers:addPlugin', { fileName: 'two-racks.scheduler.js', content: fs.readFileSync(path.join(dir, 'two-racks.scheduler.js'), 'utf8') });
      const lab = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
      const workload = await ok<{ id: string }>(s, 'workloads:create', {
        spec: { name: 'one big job', jobs: [{ id: 'big', template: 'WordCount', submit: 0, maps: 70, reduces: 1 }] },
      });
      const checked = await ok<{ problems: FieldProblem[] }>(s, 'experiments:check', {
        spec: { name: 'check', clusterIds: [lab.id], workloadIds: [workload.id], schedulers: [{ kind: 'two-racks' }], seeds: [1] },
      });
      expect(checked.problems).toEqual([
        { field: 'schedulers.0.design', message: 'cluster "lab", workload "one big job": it needs servers in at least two racks; this cluster has 1' },
        { field: 'schedulers.0.design', message: 'cluster "lab", workload "one big job": job big has 70 maps, more than 50' },
      ]);
    } finally {
      await s.close();
      fs.rmSync(data, { recursive: true, force: true });
    }
  });
});
