import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchDetail, BatchSummary, DesignRecord } from '@shared/experiment/design';
import type { ResultFile } from '@shared/experiment/experiment';
import type { ExportedFile } from '@shared/results/resultFile';
import type { RunData } from '@shared/results/runData';
import type { Services } from '../../../src-main/services';
import { ACROSS_HISTORY_TAG } from '@shared/experiment/batchTags';
import { ok, refused, useServices } from '../../helpers/services';

const open = useServices();

const MIX = [
  { template: 'WordCount', weight: 1, maps: [2, 6], reduces: 2 },
  { template: 'Sort', weight: 1, maps: 4 },
];

/**
 * Three entries of a history, as a capacity planner makes them over months: FIFO against Fair on the
 * lab cluster, Fair on a bigger cluster with the same workload, and Fair on the lab with another one.
 */
async function history(s: Services) {
  const lab = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
  const big = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'big', racks: 2, hostsPerRack: 4 } });
  const mixed = await ok<{ id: string }>(s, 'workloads:create', {
    spec: { name: 'mixed', generate: { count: 10, arrival: { kind: 'poisson', meanInterarrivalS: 8 }, mix: MIX } },
  });
  const busy = await ok<{ id: string }>(s, 'workloads:create', {
    spec: { name: 'busy', generate: { count: 14, arrival: { kind: 'poisson', meanInterarrivalS: 3 }, mix: MIX } },
  });
  const run = async (name: string, clusterId: string, workloadId: string, schedulers: unknown[]) => {
    const design = await ok<DesignRecord>(s, 'experiments:create', {
      spec: { name, clusterIds: [clusterId], workloadIds: [workloadId], schedulers, seeds: [1, 2, 3] },
    });
    const started = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
    await s.runner.settled(started.id);
    return ok<BatchDetail>(s, 'batches:get', { id: started.id });
  };
  return {
    march: await run('March on the lab', lab.id, mixed.id, [{ kind: 'fifo' }, { kind: 'fair' }]),
    april: await run('April on the big cluster', big.id, mixed.id, [{ kind: 'fair' }]),
    may: await run('May, busier jobs', lab.id, busy.id, [{ kind: 'fair' }]),
  };
}

const runOf = (b: BatchDetail, label: string, seed: number) => b.results.find((r) => r.label === label && r.seed === seed)!;

describe('a comparison across the run history', () => {
  it('copies the picked runs into a named entry, pairing runs of the same jobs and not the others', async () => {
    const s = await open();
    const { march, april, may } = await history(s);
    const fairOfMarch = march.results.filter((r) => r.label === 'Fair (delay)').map((r) => r.index);
    const made = await ok<BatchSummary>(s, 'batches:compare', {
      members: [{ id: march.id, runs: fairOfMarch }, { id: april.id }, { id: may.id }],
      name: 'Fair over three months',
    });
    expect(made).toMatchObject({ name: 'Fair over three months', status: 'finished', runs: 9, finished: 9, tags: [ACROSS_HISTORY_TAG] });

    const c = await ok<BatchDetail>(s, 'batches:get', { id: made.id });
    const [fairMarch, fairApril, fairMay] = [march, april, may].map((b) => `Fair (delay) — ${b.name}`);
    expect([...new Set(c.results.map((r) => r.label))]).toEqual([fairMarch, fairApril, fairMay]);
    expect(c.inputs.sources!.map((x) => x.name)).toEqual([march.name, april.name, may.name]);
    // One entry per distinct cluster and workload, whichever source used it.
    expect(c.inputs.clusters.map((x) => x.name)).toEqual(['lab', 'big']);
    expect(c.inputs.workloads.map((x) => x.name)).toEqual(['mixed', 'busy']);
    // Each copied run is its source run, summary and columns alike.
    for (const seed of [1, 2, 3]) {
      const copy = runOf(c, fairApril, seed);
      expect(copy.summary).toEqual(runOf(april, 'Fair (delay)', seed).summary);
      const [mine, theirs] = await Promise.all([
        ok<RunData>(s, 'batches:runData', { id: c.id, run: copy.index, gantt: true }),
        ok<RunData>(s, 'batches:runData', { id: april.id, run: runOf(april, 'Fair (delay)', seed).index, gantt: true }),
      ]);
      expect({ ...mine, run: 0, label: '' }).toEqual({ ...theirs, run: 0, label: '' });
    }
    // March and April ran the same jobs (same workload, same seeds); May ran others.
    const jobSet = (label: string) => new Set(c.results.filter((r) => r.label === label).map((r) => `${r.seed}:${r.jobSet}`));
    expect(jobSet(fairMarch)).toEqual(jobSet(fairApril));
    expect([...jobSet(fairMay)].some((x) => jobSet(fairMarch).has(x))).toBe(false);

    // The report says which were compared unpaired, and pairs only the same jobs job by job.
    const exported = await ok<{ content: string }>(s, 'batches:exportResult', { id: c.id });
    const result = JSON.parse(exported.content) as ResultFile;
    expect(result.inputs).toBeUndefined();
    expect(new Set(result.runs.map((r) => r.jobSet)).size).toBe(2);
    const { files } = await ok<{ files: ExportedFile[] }>(s, 'batches:report', { id: c.id, format: 'html' });
    const html = files[0].content;
    // May's runs against the two that pair, named once.
    expect(html).toContain(`Not the same jobs: ${fairMay} against ${fairMarch} and ${fairApril}.`);
    expect(html).toContain("Welch's t-test");
  });

  it('keeps its runs when the sources are deleted, and its pairing through a result file and back', async () => {
    const s = await open();
    const { march, april, may } = await history(s);
    const made = await ok<BatchSummary>(s, 'batches:compare', { members: [{ id: march.id }, { id: april.id }] });
    expect(made.name).toBe('March on the lab vs April on the big cluster');
    const before = await ok<BatchDetail>(s, 'batches:get', { id: made.id });
    await ok(s, 'batches:delete', { id: april.id });
    const after = await ok<BatchDetail>(s, 'batches:get', { id: made.id });
    expect(after.results).toEqual(before.results);
    await ok<RunData>(s, 'batches:runData', { id: made.id, run: after.results.at(-1)!.index, gantt: true });

    // Out as a result file (no single experiment) and opened again: the job sets come back with it.
    const exported = await ok<{ fileName: string; content: string }>(s, 'batches:exportResult', { id: made.id });
    const reopened = await ok<BatchSummary>(s, 'batches:openResult', { fileName: exported.fileName, text: exported.content });
    const again = await ok<BatchDetail>(s, 'batches:get', { id: reopened.id });
    expect(again.results.map((r) => r.jobSet)).toEqual(before.results.map((r) => r.jobSet));
    // Compared with May, whose jobs differ, and with March again, whose jobs are the same.
    const second = await ok<BatchDetail>(s, 'batches:get', {
      id: (await ok<BatchSummary>(s, 'batches:compare', { members: [{ id: reopened.id }, { id: may.id }, { id: march.id, runs: [0] }] })).id,
    });
    const setOf = (label: string) => second.results.find((r) => r.label === label)!.jobSet;
    const fifoMarch = `FIFO — ${march.name}`;
    expect(setOf(fifoMarch)).toBe(setOf(`${fifoMarch} — ${reopened.name}`));
    expect(setOf(`Fair (delay) — ${may.name}`)).not.toBe(setOf(fifoMarch));
    // A comparison is no one experiment.
    expect((await refused(s, 'batches:openExperiment', { id: made.id })).message).toMatch(/compares runs of 2 entries/);
  });

  it('refuses what cannot be compared, naming the entry and the problem', async () => {
    const s = await open();
    const { march, april } = await history(s);
    expect(await refused(s, 'batches:compare', { members: [{ id: march.id }] })).toMatchObject({
      message: expect.stringMatching(/at least two run history entries/),
    });
    expect((await refused(s, 'batches:compare', { members: [{ id: march.id }, { id: march.id }] })).message).toMatch(/picked twice/);
    expect((await refused(s, 'batches:compare', { members: [{ id: march.id, runs: [99] }, { id: april.id }] })).message).toBe(
      `"${march.name}" has no finished run 100`,
    );
    const names = (await ok<BatchSummary[]>(s, 'batches:list', {})).map((b) => b.name);
    expect(names).toHaveLength(3);
  });
});
