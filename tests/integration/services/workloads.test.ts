import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PushEvent } from '@shared/api/contract';
import type { ImportPreview } from '@shared/workload/imports';
import type { WorkloadRecord } from '@shared/api/records';
import type { JobSpec, WorkloadSpecInput } from '@shared/workload/workload';
import { templateByName } from '../../../src-main/workloads/benchmarkTemplates';
import { parseWorkloadFile } from '@shared/workload/workloadFile';
import type { Services } from '../../../src-main/services';
import { ok, useServices } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';
import { TRACES_DIR } from '../../helpers/traceFixtures';

const startServices = useServices();
const tempDir = useTempDirs();
const traces = TRACES_DIR;

const facebookMix: WorkloadSpecInput = {
  name: 'facebook mix',
  generate: {
    count: 25,
    arrival: { kind: 'poisson', meanInterarrivalS: 14 },
    mix: [
      { template: 'Grep', weight: 3, maps: [1, 2] },
      { template: 'Sort', weight: 1, maps: 40 },
    ],
  },
};

/** Everything the store holds about workloads, to prove a failed call changed nothing. */
const snapshot = async (s: Services) => JSON.stringify(await ok(s, 'workloads:list', {}));

describe('workloads through the handler table', () => {
  it('creates, updates, renames, duplicates, exports and deletes, announcing each change', async () => {
    const s = await startServices();
    const events: PushEvent[] = [];
    s.events.subscribe((e) => events.push(e));
    const made = await ok<WorkloadRecord>(s, 'workloads:create', { spec: facebookMix });
    expect(made).toMatchObject({ name: 'facebook mix', spec: { generate: { count: 25 } } });
    const updated = await ok<WorkloadRecord>(s, 'workloads:update', {
      id: made.id,
      expectedUpdatedAt: made.updatedAt,
      spec: { ...facebookMix, jobs: [{ template: 'Pi', submit: 3, maps: 4 }] },
    });
    expect(updated.spec.jobs).toHaveLength(1);
    expect(updated.updatedAt > made.updatedAt).toBe(true);
    await ok(s, 'workloads:rename', { id: made.id, name: 'fb' });
    await ok(s, 'workloads:duplicate', { id: made.id });
    expect(await ok(s, 'workloads:list', {})).toMatchObject([
      // Expected generated tasks: 25 × (¾ × 1.5 + ¼ × 40) maps; the templates add their reduces.
      { name: 'fb', jobs: 1, tasks: 4, generatedJobs: 25, generatedTasks: 278, generatedTasksApproximate: true, templates: ['Grep', 'Pi', 'Sort'] },
      { name: 'fb copy' },
    ]);
    const json = await ok<{ fileName: string; content: string }>(s, 'workloads:export', { id: made.id });
    expect(json.fileName).toBe('fb.workload.json');
    expect(parseWorkloadFile(json.content)).toMatchObject({ ok: true, spec: { name: 'fb', generate: { count: 25 } } });
    const csv = await ok<{ fileName: string; content: string }>(s, 'workloads:export', { id: made.id, as: 'csv' });
    expect(csv.content.split('\r\n')[1]).toBe(',Pi,3,,4,,default,,,,,,,,,,,,,,,');
    await ok(s, 'workloads:delete', { id: made.id });
    expect(events.filter((e) => e.event === 'store:changed').map((e) => (e.payload as { domain: string }).domain)).toEqual(Array(5).fill('workloads'));
  });

  it('saves templates named in any capitals as the studio spells them, in jobs and in a mix', async () => {
    const s = await startServices();
    const made = await ok<WorkloadRecord>(s, 'workloads:create', {
      spec: {
        name: 'lower',
        jobs: [{ template: 'sort', submit: 0 }],
        generate: { count: 2, arrival: { kind: 'poisson', meanInterarrivalS: 10 }, mix: [{ template: 'WORDCOUNT', weight: 1, maps: 2 }] },
      },
    });
    expect(made.spec.jobs[0].template).toBe('Sort');
    expect(made.spec.generate?.mix[0].template).toBe('WordCount');
    const updated = await ok<WorkloadRecord>(s, 'workloads:update', { id: made.id, spec: { ...made.spec, jobs: [{ template: 'grep', submit: 5 }] } });
    expect(updated.spec.jobs[0].template).toBe('Grep');
  });

  it('refuses a save from a stale copy, an unknown template and a clashing name — at the field, changing nothing', async () => {
    const s = await startServices();
    const made = await ok<WorkloadRecord>(s, 'workloads:create', { spec: facebookMix });
    await ok(s, 'workloads:create', { spec: { ...facebookMix, name: 'other' } });
    await ok(s, 'workloads:update', { id: made.id, spec: { ...facebookMix, description: 'newer' } });
    const before = await snapshot(s);
    expect(await s.dispatch('workloads:update', { id: made.id, expectedUpdatedAt: made.updatedAt, spec: facebookMix })).toMatchObject({
      ok: false,
      error: { code: 'conflict', field: 'updatedAt' },
    });
    expect(await s.dispatch('workloads:create', { spec: { name: 'x', jobs: [{ template: 'Teleport', submit: 0 }] } })).toMatchObject({
      ok: false,
      error: { field: 'spec.jobs.0.template', message: expect.stringMatching(/^unknown template "Teleport": the studio's templates are Sort, /) },
    });
    expect(await s.dispatch('workloads:update', { id: made.id, spec: { ...facebookMix, name: 'OTHER' } })).toMatchObject({
      ok: false,
      error: { code: 'conflict', field: 'name' },
    });
    expect(await s.dispatch('workloads:create', { spec: { name: 'x', jobs: [{ template: 'Sort', submit: -1 }] } })).toMatchObject({
      ok: false,
      error: { field: 'spec.jobs.0.submit' },
    });
    expect(await snapshot(s)).toBe(before);
  });

  it('expands a generator for the preview with the seed, capped at the limit', async () => {
    const s = await startServices();
    const a = await ok<{ jobs: { submit: number }[]; total: number }>(s, 'workloads:expand', { spec: facebookMix, seed: 7 });
    const b = await ok<{ jobs: { submit: number }[]; total: number }>(s, 'workloads:expand', { spec: facebookMix, seed: 7 });
    const c = await ok<{ jobs: { submit: number }[]; total: number }>(s, 'workloads:expand', { spec: facebookMix, seed: 8 });
    expect(a.total).toBe(25);
    expect(a.jobs).toEqual(b.jobs);
    expect(a.jobs).not.toEqual(c.jobs);
    const capped = await ok<{ jobs: unknown[]; total: number }>(s, 'workloads:expand', {
      spec: { ...facebookMix, generate: { ...facebookMix.generate!, count: 5000 } },
      limit: 100,
    });
    // The preview counts tasks: reduces a job leaves to its template come back as the template sets them for its maps.
    const sized = await ok<{ jobs: JobSpec[] }>(s, 'workloads:expand', {
      spec: {
        name: 'sized',
        jobs: [
          { template: 'Sort', submit: 0, maps: 40 },
          { template: 'Sort', submit: 1, maps: 40, reduces: 3 },
          { template: 'Sort', submit: 2, inputMb: 900 },
        ],
      },
    });
    const sort = templateByName('Sort')!;
    expect(sort.reducesPerMap).toBeGreaterThan(0);
    expect(sized.jobs.map((j) => j.reduces)).toEqual([Math.max(sort.minReduces, Math.round(40 * sort.reducesPerMap)), 3, undefined]);
    expect(capped).toMatchObject({ total: 5000 });
    expect(capped.jobs).toHaveLength(100);
    // Arrivals drawn past the 1,000,000,000 s a run may last are refused at the generator's arrival field, in words.
    const far = await s.dispatch('workloads:expand', {
      spec: { ...facebookMix, generate: { ...facebookMix.generate!, arrival: { kind: 'poisson', meanInterarrivalS: 1e12 } } },
      seed: 7,
    });
    expect(far).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_request',
        field: 'spec.generate.arrival',
        message: expect.stringMatching(/^generate › arrival: with seed 7 job g2 would arrive at/),
      },
    });
  });

  it('lists the templates with a phase profile measured on the reference machine', async () => {
    const s = await startServices();
    const library = await ok<{ name: string; phases: Record<string, { durationS: number; cpuCores: number } | null> }[]>(s, 'workloads:templates', {});
    const sort = library.find((t) => t.name === 'Sort')!;
    expect(sort.phases.map!.durationS).toBeGreaterThan(1);
    expect(sort.phases.reduce!.durationS).toBeGreaterThan(0);
    const pi = library.find((t) => t.name === 'Pi')!;
    // Pi is pure CPU: its map keeps one core busy, and it has no reduce phases of note.
    expect(pi.phases.map!.cpuCores).toBeGreaterThan(0.9);
  });
});

describe('workload import: preview, confirm, never overwrite', () => {
  it('imports the SWIM trace after a preview, and renames on a name clash', async () => {
    const s = await startServices();
    const progress: PushEvent[] = [];
    s.events.subscribe((e) => e.event === 'import:progress' && progress.push(e));
    const trace = path.join(traces, 'swim/FB-2009_samples_24_times_1hr_0.tsv');
    const first = s.imports.openPath(trace);
    const preview = await ok<ImportPreview>(s, 'workloads:importPreview', { file: first.file });
    expect(preview).toMatchObject({ format: 'swim', jobs: 5894, problemCount: 0, suggestedName: 'FB-2009_samples_24_times_1hr_0' });
    expect(preview.firstRows).toHaveLength(20);
    expect(progress.length).toBeGreaterThan(0);
    const a = await ok<WorkloadRecord>(s, 'workloads:importConfirm', { file: first.file });
    expect(a.spec.jobs).toHaveLength(5894);
    expect(a.spec.description).toMatch(/Imported from FB-2009_samples_24_times_1hr_0\.tsv \(SWIM/);
    // The token is spent: confirming twice cannot import twice.
    expect(await s.dispatch('workloads:importConfirm', { file: first.file })).toMatchObject({ ok: false, error: { code: 'not_found', field: 'file' } });

    const second = s.imports.openPath(trace);
    const b = await ok<WorkloadRecord>(s, 'workloads:importConfirm', { file: second.file });
    expect(b.name).toBe('FB-2009_samples_24_times_1hr_0 (2)');
    expect((await ok<WorkloadRecord>(s, 'workloads:get', { id: a.id })).spec.jobs).toHaveLength(5894);
    expect(a.spec.description).toMatch(/: 5,894 jobs\.$/);
    // One job is one job.
    const one = s.imports.openPath(path.join(traces, 'rumen/wordcount.json'));
    expect((await ok<WorkloadRecord>(s, 'workloads:importConfirm', { file: one.file })).spec.description).toMatch(/ \(Rumen\) on \d{4}-\d\d-\d\d: 1 job\.$/);
  });

  it('a file with problems imports nothing until the user accepts leaving the bad rows out', async () => {
    const s = await startServices();
    const file = path.join(tempDir(), 'bad.tsv');
    fs.writeFileSync(file, 'a\t0\t0\t100\t0\t0\nb\tsoon\t1\t1\t1\t1\nc\t5\t1\t100\t0\t0\n');
    const before = await snapshot(s);
    const opened = s.imports.openPath(file);
    const preview = await ok<ImportPreview>(s, 'workloads:importPreview', { file: opened.file });
    expect(preview).toMatchObject({ jobs: 2, problemCount: 1, problems: [{ line: 2, field: 'submit time' }] });
    expect(await s.dispatch('workloads:importConfirm', { file: opened.file })).toMatchObject({
      ok: false,
      error: { field: 'file', message: expect.stringMatching(/1 problem in bad\.tsv/) },
    });
    expect(await snapshot(s)).toBe(before);
    const record = await ok<WorkloadRecord>(s, 'workloads:importConfirm', { file: opened.file, skipProblems: true, name: 'cleaned' });
    expect(record).toMatchObject({ name: 'cleaned', spec: { description: expect.stringMatching(/1 rejected row left out/) } });
    expect(record.spec.jobs.map((j) => j.id)).toEqual(['a', 'c']);
  });

  it('refuses malformed and foreign files with a clear message and leaves the store as it was', async () => {
    const s = await startServices();
    await ok(s, 'workloads:create', { spec: facebookMix });
    const before = await snapshot(s);
    const dir = tempDir();
    const cases: [string, string, RegExp][] = [
      ['empty.tsv', '', /the file is empty/],
      ['garbage.bin', '\u0000\u0001binary', /the file is a binary file, not text/],
      ['cluster.json', JSON.stringify({ format: 'workload-studio.cluster', version: 1 }), /cluster file/],
      ['nodes.json', fs.readFileSync(path.join(traces, 'sls/nodes-with-resources.json'), 'utf8'), /SLS node file/],
      ['truncated.json', '{ "job.start.ms": 0, "job.tasks": [', /nothing to import/],
      ['all-bad.tsv', 'x\t-1\t0\t0\t0\t0\n', /nothing to import/],
    ];
    for (const [name, content, message] of cases) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      let result;
      try {
        const opened = s.imports.openPath(file);
        result = await s.dispatch('workloads:importConfirm', { file: opened.file, skipProblems: true });
      } catch (err) {
        result = { ok: false, error: { message: (err as Error).message } };
      }
      expect(result, name).toMatchObject({ ok: false, error: { message: expect.stringMatching(message) } });
    }
    expect(await snapshot(s)).toBe(before);
  });

  it('cancel stops a file being read: the preview answers "cancelled" and nothing is stored', async () => {
    const s = await startServices();
    const file = path.join(tempDir(), 'long.tsv');
    fs.writeFileSync(file, Array.from({ length: 400_000 }, (_, i) => `j${i}\t${i}\t1\t100\t0\t0`).join('\n'));
    const opened = s.imports.openPath(file);
    let cancelled: unknown;
    s.events.subscribe((e) => {
      if (e.event === 'import:progress' && !cancelled) cancelled = s.dispatch('workloads:importCancel', { file: opened.file });
    });
    const preview = await s.dispatch('workloads:importPreview', { file: opened.file });
    expect(preview).toMatchObject({ ok: false, error: { code: 'conflict', message: 'the import was cancelled' } });
    expect(await cancelled).toEqual({ ok: true, data: { cancelled: true } });
    expect(await ok(s, 'workloads:list', {})).toEqual([]);
  });

  it('cancel ends the session, and an unknown token is refused', async () => {
    const s = await startServices();
    const opened = s.imports.openPath(path.join(traces, 'sls/inputsls.json'));
    expect(await ok(s, 'workloads:importCancel', { file: opened.file })).toEqual({ cancelled: false });
    expect(await s.dispatch('workloads:importPreview', { file: opened.file })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await s.dispatch('workloads:importPreview', { file: '../../etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', field: 'file' },
    });
  });

  it('an SLS trace says in its description how its container times are replayed', async () => {
    const s = await startServices();
    const opened = s.imports.openPath(path.join(traces, 'sls/inputsls.json'));
    const record = await ok<WorkloadRecord>(s, 'workloads:importConfirm', { file: opened.file });
    expect(record.spec.description).toMatch(
      /^Imported from inputsls\.json \(YARN SLS\) on \d{4}-\d\d-\d\d: 2 jobs\. Each map and reduce computes for its own container's time \(a container without one, for its kind's mean\), moving no data but each map's block, as SLS replays them \(SLS gives no bytes\); a kind whose containers give no times runs as the Generic template prices it\.$/,
    );
  });

  it('imports our own workload file with its generator', async () => {
    const s = await startServices();
    const made = await ok<WorkloadRecord>(s, 'workloads:create', { spec: facebookMix });
    const exported = await ok<{ content: string }>(s, 'workloads:export', { id: made.id });
    const file = path.join(tempDir(), 'fb.workload.json');
    fs.writeFileSync(file, exported.content);
    const opened = s.imports.openPath(file);
    expect(await ok(s, 'workloads:importPreview', { file: opened.file })).toMatchObject({ format: 'json', hasGenerator: true, suggestedName: 'facebook mix' });
    expect(await ok(s, 'workloads:importConfirm', { file: opened.file })).toMatchObject({ name: 'facebook mix (2)', spec: { generate: { count: 25 } } });
  });
});

describe('clusters: update and SLS node files', () => {
  it('imports an SLS node file as hosts with the memory and vcores it states (SLS defaults otherwise)', async () => {
    const s = await startServices();
    const content = fs.readFileSync(path.join(traces, 'sls/nodes-with-resources.json'), 'utf8');
    const r = await ok<{
      spec: { racks: { name: string; hosts: { name: string; type: string }[] }[]; hostTypes: { id: string; cores: number; memoryGb: number }[] };
    }>(s, 'clusters:import', { content, fileName: 'nodes-with-resources.json' });
    expect(r.spec.racks).toMatchObject([{ name: 'rack1', hosts: [{ name: 'node1' }, { name: 'node2' }, { name: 'node3' }, { name: 'node4' }] }]);
    const typeOf = (n: string) => r.spec.hostTypes.find((t) => t.id === r.spec.racks[0].hosts.find((h) => h.name === n)!.type)!;
    expect(typeOf('node1')).toMatchObject({ cores: 6, memoryGb: 2 });
    expect(typeOf('node2')).toMatchObject({ cores: 10, memoryGb: 10 });
    expect(typeOf('node4')).toMatchObject({ cores: 12, memoryGb: 6 });
    const bad = await s.dispatch('clusters:import', { content: '{"rack":"r","nodes":[{"node":"a","vcores":-2}]}' });
    expect(bad).toMatchObject({ ok: false, error: { message: expect.stringMatching(/vcores: expected a whole number/) } });
  });

  it('saves an edited cluster, refusing a stale copy', async () => {
    const s = await startServices();
    const content = fs.readFileSync(path.join(traces, 'sls/nodes-with-resources.json'), 'utf8');
    const made = await ok<{ id: string; updatedAt: string; spec: Record<string, unknown> & { racks: { hosts: unknown[] }[] } }>(s, 'clusters:import', {
      content,
    });
    const spec = { ...made.spec, racks: [{ ...made.spec.racks[0], hosts: made.spec.racks[0].hosts.slice(0, 2) }] };
    const saved = await ok<{ updatedAt: string }>(s, 'clusters:update', { id: made.id, spec, expectedUpdatedAt: made.updatedAt });
    expect(await ok(s, 'clusters:list', {})).toMatchObject([{ hosts: 2 }]);
    expect(await s.dispatch('clusters:update', { id: made.id, spec, expectedUpdatedAt: made.updatedAt })).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    expect(await s.dispatch('clusters:update', { id: made.id, spec, expectedUpdatedAt: saved.updatedAt })).toMatchObject({ ok: true });
  });
});
