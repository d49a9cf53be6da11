import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchDetail, BatchSummary, DesignRecord } from '@shared/experiment/design';
import type { ExperimentImportPreview } from '@shared/experiment/experimentFile';
import type { Services } from '../../../src-main/services';
import { ok, useServices } from '../../helpers/services';

const open = useServices();
const root = path.resolve(__dirname, '../../..');
const PRESET = path.join(root, 'resources/presets/prism-puma.experiment.json');

async function designWith(s: Services, clusters = 1): Promise<DesignRecord> {
  const ids: string[] = [];
  for (let i = 0; i < clusters; i++)
    ids.push((await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: `lab ${i + 1}`, racks: 1, hostsPerRack: 3 } })).id);
  const workload = await ok<{ id: string }>(s, 'workloads:create', {
    spec: {
      name: 'mixed',
      generate: {
        count: 6,
        arrival: { kind: 'poisson', meanInterarrivalS: 15 },
        mix: [
          { template: 'WordCount', weight: 1, maps: [2, 6], reduces: 2 },
          { template: 'Sort', weight: 1, maps: 4 },
        ],
      },
    },
  });
  // PRISM takes profiles: the export must carry what the design runs with.
  return ok<DesignRecord>(s, 'experiments:create', {
    spec: { name: 'fair vs prism', clusterIds: ids, workloadIds: [workload.id], schedulers: [{ kind: 'fair' }, { kind: 'prism' }], seeds: [1, 2] },
  });
}

async function runAndSummaries(s: Services, id: string) {
  const batch = await ok<BatchSummary>(s, 'experiments:run', { id });
  await s.runner.settled(batch.id);
  const detail = await ok<BatchDetail>(s, 'batches:get', { id: batch.id });
  return detail.results.map((r) => [r.label, r.seed, r.summary]);
}

describe('experiment files in and out of the studio', () => {
  it('exports a design self-contained, imports it elsewhere byte for byte, and reruns to the same result', async () => {
    const a = await open();
    const design = await designWith(a);
    const exported = await ok<{ files: { fileName: string; content: string }[] }>(a, 'experiments:export', { id: design.id });
    expect(exported.files.map((f) => f.fileName)).toEqual(['fair_vs_prism.experiment.json']);
    const file = JSON.parse(exported.files[0].content);
    expect(file).toMatchObject({
      format: 'workload-studio.experiment',
      name: 'fair vs prism',
      cluster: { name: 'lab 1' },
      workload: { name: 'mixed' },
      seeds: [1, 2],
    });
    // The export pinned the design's profiles (as a first run would) and wrote them into PRISM's spec.
    expect((await ok<DesignRecord>(a, 'experiments:get', { id: design.id })).spec.profiles).toBeDefined();
    expect(file.schedulers[1].kind).toBe('prism');
    expect(file.schedulers[1].profiles).toBeDefined();

    const b = await open();
    const preview = await ok<ExperimentImportPreview>(b, 'experiments:importPreview', {
      fileName: exported.files[0].fileName,
      text: exported.files[0].content,
    });
    expect(preview).toMatchObject({
      name: 'fair vs prism',
      cluster: { name: 'lab 1', nodes: 3 },
      workload: { name: 'mixed', jobs: 0, generated: 6 },
      schedulers: ['Fair (delay)', 'PRISM'],
      seeds: [1, 2],
      runs: 4,
      problems: [],
      problemCount: 0,
    });
    // Nothing is stored by a preview.
    expect(await ok<unknown[]>(b, 'experiments:list', {})).toEqual([]);
    const imported = await ok<DesignRecord>(b, 'experiments:importConfirm', { fileName: exported.files[0].fileName, text: exported.files[0].content });
    const again = await ok<{ files: { content: string }[] }>(b, 'experiments:export', { id: imported.id });
    expect(again.files[0].content).toBe(exported.files[0].content);
    expect(await runAndSummaries(b, imported.id)).toEqual(await runAndSummaries(a, design.id));
  });

  it('imports the experiment a result file carries, and reruns it to the same numbers', async () => {
    const a = await open();
    const design = await designWith(a);
    const batch = await ok<BatchSummary>(a, 'experiments:run', { id: design.id });
    await a.runner.settled(batch.id);
    // Two clusters make two experiments: a result of one cluster and one workload carries its experiment.
    const single = await ok<DesignRecord>(a, 'experiments:create', { spec: { ...design.spec, name: 'one cluster', clusterIds: [design.spec.clusterIds[0]] } });
    const ran = await ok<BatchSummary>(a, 'experiments:run', { id: single.id });
    await a.runner.settled(ran.id);
    const result = await ok<{ fileName: string; content: string }>(a, 'batches:exportResult', { id: ran.id });

    const b = await open();
    const preview = await ok<ExperimentImportPreview>(b, 'experiments:importPreview', { fileName: result.fileName, text: result.content });
    expect(preview).toMatchObject({
      cluster: { name: 'lab 1' },
      workload: { name: 'mixed' },
      schedulers: ['Fair (delay)', 'PRISM'],
      seeds: [1, 2],
      problems: [],
    });
    const imported = await ok<DesignRecord>(b, 'experiments:importConfirm', { fileName: result.fileName, text: result.content });
    const original = await ok<BatchDetail>(a, 'batches:get', { id: ran.id });
    expect(await runAndSummaries(b, imported.id)).toEqual(original.results.map((r) => [r.label, r.seed, r.summary]));

    // A result without its experiment says so at the field, and stores nothing.
    const bare = JSON.parse(result.content) as Record<string, unknown>;
    delete bare.inputs;
    const refused = await ok<ExperimentImportPreview>(b, 'experiments:importPreview', { fileName: 'old.result.json', text: JSON.stringify(bare) });
    expect(refused.problems[0]).toMatchObject({ field: 'inputs', message: expect.stringMatching(/does not carry its experiment/) });
    // A result of a scheduler file not added here names it at the result's own field, with where to add it.
    const ofMine = JSON.parse(result.content) as { inputs: { schedulers: unknown[] } };
    ofMine.inputs.schedulers[1] = { kind: 'mine' };
    const unknownKind = await ok<ExperimentImportPreview>(b, 'experiments:importPreview', { fileName: 'mine.result.json', text: JSON.stringify(ofMine) });
    expect(unknownKind.problems).toMatchObject([
      {
        field: 'inputs.schedulers.1.kind',
        message: expect.stringMatching(/, or the name of a scheduler file of your own once it is added under Settings → Schedulers of your own$/),
      },
    ]);
    expect(await ok<unknown[]>(b, 'experiments:list', {})).toHaveLength(1);
  });

  it('imports a paper preset; a second import reuses its cluster and workload, and a changed one gets a free name, overwriting nothing', async () => {
    const s = await open();
    const text = fs.readFileSync(PRESET, 'utf8');
    const first = await ok<DesignRecord>(s, 'experiments:importConfirm', { fileName: 'prism-puma.experiment.json', text });
    const second = await ok<DesignRecord>(s, 'experiments:importConfirm', { fileName: 'prism-puma.experiment.json', text });
    expect(second.name).toBe(`${first.name} (2)`);
    // The same cluster and workload, not copies of them.
    expect(await ok<{ name: string }[]>(s, 'clusters:list', {})).toHaveLength(1);
    expect(await ok<{ name: string }[]>(s, 'workloads:list', {})).toHaveLength(1);
    expect((await ok<DesignRecord>(s, 'experiments:get', { id: first.id })).spec.clusterIds).toEqual(second.spec.clusterIds);
    // The same names with other content: new ones beside them, nothing saved is changed.
    const exported = await ok<{ files: { content: string }[] }>(s, 'experiments:export', { id: first.id });
    const changed = exported.files[0].content.replace(/"cores": (\d+)/, (_, n: string) => `"cores": ${Number(n) + 1}`);
    const third = await ok<DesignRecord>(s, 'experiments:importConfirm', { fileName: 'changed.experiment.json', text: changed });
    const clusters = await ok<{ name: string }[]>(s, 'clusters:list', {});
    expect(clusters).toHaveLength(2);
    expect(new Set(clusters.map((c) => c.name)).size).toBe(2);
    expect(third.spec.clusterIds).not.toEqual(first.spec.clusterIds);
    expect(third.spec.workloadIds).toEqual(first.spec.workloadIds);
  });

  it('reads templates in any capitals, as the CLI runs the file, and saves them as the studio spells them', async () => {
    const s = await open();
    const text = fs.readFileSync(PRESET, 'utf8');
    type Named = { template: string }[];
    const preset = JSON.parse(text) as { workload: { jobs?: Named; generate?: { mix: Named } } };
    const entries = (p: typeof preset): Named => (p.workload.jobs?.length ? p.workload.jobs : p.workload.generate!.mix);
    const spelled = entries(preset).map((j) => j.template);
    const lower = structuredClone(preset);
    for (const j of entries(lower)) j.template = j.template.toLowerCase();
    expect(entries(lower).map((j) => j.template)).not.toEqual(spelled);
    const fromLower = await ok<DesignRecord>(s, 'experiments:importConfirm', { fileName: 'lower.experiment.json', text: JSON.stringify(lower) });
    const saved = await ok<{ spec: { jobs: Named; generate?: { mix: Named } } }>(s, 'workloads:get', { id: fromLower.spec.workloadIds[0] });
    expect((saved.spec.jobs.length ? saved.spec.jobs : saved.spec.generate!.mix).map((j) => j.template)).toEqual(spelled);
    // The file as exported, capitals and all, is then the same workload, not a second one.
    const fromPreset = await ok<DesignRecord>(s, 'experiments:importConfirm', { fileName: 'prism-puma.experiment.json', text });
    expect(fromPreset.spec.workloadIds).toEqual(fromLower.spec.workloadIds);
    const typo = structuredClone(preset);
    entries(typo)[1].template = 'sortt';
    const preview = await ok<ExperimentImportPreview>(s, 'experiments:importPreview', { fileName: 'typo.experiment.json', text: JSON.stringify(typo) });
    expect(preview.problems).toMatchObject([
      {
        field: `workload.${preset.workload.jobs?.length ? 'jobs' : 'generate.mix'}.1.template`,
        message: expect.stringMatching(/^unknown template "sortt" \(did you mean Sort\?\)/),
      },
    ]);
  });

  it('names the line and field of every problem, and a refused import stores nothing', async () => {
    const s = await open();
    const preset = JSON.parse(fs.readFileSync(PRESET, 'utf8'));
    const problemsOf = async (value: unknown) =>
      (
        await ok<ExperimentImportPreview>(s, 'experiments:importPreview', {
          fileName: 'x.experiment.json',
          text: typeof value === 'string' ? value : JSON.stringify(value, null, 2),
        })
      ).problems;

    expect(await problemsOf('{\n  "name": "x",\n  "seeds": [1,,2]\n}')).toMatchObject([
      { line: 3, field: '', message: expect.stringMatching(/not valid JSON at line 3/) },
    ]);
    // A bad host is named inside the cluster, at its own line, not as "the cluster matches no form".
    const badCores = structuredClone(preset);
    badCores.cluster.hostTypes[0].cores = 0;
    const text = JSON.stringify(badCores, null, 2);
    const [p] = await problemsOf(badCores);
    expect(p.field).toBe('cluster.hostTypes.0.cores');
    expect(text.split('\n')[p.line - 1]).toMatch(/"cores": 0/);
    expect(await problemsOf({ ...preset, cluster: { file: 'lab.cluster.json' } })).toMatchObject([
      { field: 'cluster.file', message: expect.stringMatching(/refers to the file "lab.cluster.json"; the studio imports self-contained experiment files/) },
    ]);
    expect(await problemsOf({ ...preset, workload: { trace: { format: 'swim', file: 'fb.tsv' } } })).toMatchObject([{ field: 'workload.trace.file' }]);
    const unknown = structuredClone(preset);
    (unknown.workload.jobs?.length ? unknown.workload.jobs[0] : unknown.workload.generate.mix[0]).template = 'Nope';
    expect((await problemsOf(unknown))[0]).toMatchObject({ message: expect.stringMatching(/^unknown template "Nope": the studio's templates are /) });
    expect(await problemsOf({ ...preset, seeds: [1, 1] })).toMatchObject([{ field: 'seeds.1', message: 'seed 1 is listed twice' }]);
    // A kind the studio does not know may be a scheduler file of the user's own: the app says where it is added.
    expect(await problemsOf({ ...preset, schedulers: [preset.schedulers[0], { kind: 'mine' }] })).toMatchObject([
      {
        field: 'schedulers.1.kind',
        message: expect.stringMatching(
          /^must be one of fifo, .*, or the name of a scheduler file of your own once it is added under Settings → Schedulers of your own$/,
        ),
      },
    ]);
    // A file with thousands of problems: the first hundred, each at its own line, and the count of all.
    const many = { ...preset, workload: { name: 'w', jobs: Array.from({ length: 3000 }, () => ({ template: 'Sort', submit: -1 })) } };
    const manyText = JSON.stringify(many, null, 2);
    const shown = await ok<ExperimentImportPreview>(s, 'experiments:importPreview', { fileName: 'many.experiment.json', text: manyText });
    expect(shown.problemCount).toBe(3000);
    expect(shown.problems).toHaveLength(100);
    expect(shown.problems[99].field).toBe('workload.jobs.99.submit');
    expect(manyText.split('\n')[shown.problems[99].line - 1]).toMatch(/"submit": -1/);

    const refused = await s.dispatch('experiments:importConfirm', { fileName: 'x.experiment.json', text });
    expect(!refused.ok && refused.error.message).toMatch(/^x\.experiment\.json: line \d+, cluster › server type 1 › cores: /);
    expect(await ok<unknown[]>(s, 'clusters:list', {})).toEqual([]);
    expect(await ok<unknown[]>(s, 'workloads:list', {})).toEqual([]);
  });

  it('exports a design over several clusters as one file per cluster × workload', async () => {
    const s = await open();
    const design = await designWith(s, 2);
    const exported = await ok<{ files: { fileName: string; content: string }[] }>(s, 'experiments:export', { id: design.id });
    expect(exported.files.map((f) => f.fileName)).toEqual(['fair_vs_prism.lab_1.mixed.experiment.json', 'fair_vs_prism.lab_2.mixed.experiment.json']);
    expect(exported.files.map((f) => JSON.parse(f.content).cluster.name)).toEqual(['lab 1', 'lab 2']);
  });
});
