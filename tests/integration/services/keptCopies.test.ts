import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { ClusterRecord, KeptCopy, WorkloadRecord } from '@shared/api/records';
import type { BatchDetail, BatchSummary, DesignRecord } from '@shared/experiment/design';
import { RunPool } from '../../../src-main/runner/runPool';
import type { Services } from '../../../src-main/services';
import { ok, refused, useServices } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';

const startServices = useServices();
const tempDir = useTempDirs();

/** Enough one-map jobs that their list is kept in a payload file, not in the workload's row (JOBS_INLINE_BYTES). */
const manyJobs = Array.from({ length: 700 }, (_, i) => ({ template: 'Grep', submit: i * 2, maps: 1, reduces: 0 }));

async function studio() {
  const s = await startServices(tempDir(), { makePool: () => new RunPool({ threads: 0 }) });
  const cluster = await ok<ClusterRecord>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
  const workload = await ok<WorkloadRecord>(s, 'workloads:create', { spec: { name: 'long day', jobs: manyJobs } });
  const design = await ok<DesignRecord>(s, 'experiments:create', {
    spec: { name: 'day', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }], seeds: [1] },
  });
  return { s, cluster, workload, design };
}

async function run(s: Services, id: string): Promise<BatchDetail> {
  const batch = await ok<BatchSummary>(s, 'experiments:run', { id });
  await s.runner.settled(batch.id);
  return ok<BatchDetail>(s, 'batches:get', { id: batch.id });
}

const copies = (s: Services, clusterIds: string[], workloadIds: string[]) =>
  ok<{ clusters: KeptCopy[]; workloads: KeptCopy[] }>(s, 'batches:keptCopies', { clusterIds, workloadIds });

describe('a deleted cluster or workload, put back from the run history', () => {
  it('restores the newest copy a run kept, under its id, so the design runs again', async () => {
    const { s, cluster, workload, design } = await studio();
    const first = await run(s, design.id);
    // Changed after the first run and run again: the second batch's copy is the newest.
    await ok(s, 'clusters:update', { id: cluster.id, spec: { ...cluster.spec, description: 'after the first run' } });
    const second = await run(s, design.id);
    expect(second.inputs.clusters[0].spec.description).toBe('after the first run');
    await ok(s, 'clusters:update', { id: cluster.id, spec: { ...cluster.spec, description: 'never run' } });
    await ok(s, 'clusters:delete', { id: cluster.id });
    await ok(s, 'workloads:delete', { id: workload.id });

    const kept = await copies(s, [cluster.id], [workload.id]);
    expect(kept.clusters).toEqual([{ id: cluster.id, name: 'lab', batchId: second.id, batchName: second.name, ranAt: second.createdAt }]);
    expect(kept.workloads).toEqual([expect.objectContaining({ id: workload.id, name: 'long day', batchId: second.id })]);
    expect(first.id).not.toBe(second.id);

    const back = await ok<ClusterRecord>(s, 'clusters:restore', { id: cluster.id });
    expect(back).toMatchObject({ id: cluster.id, name: 'lab', spec: second.inputs.clusters[0].spec });
    // The workload's jobs were in a payload file: the batch's reference kept it.
    const jobs = await ok<WorkloadRecord>(s, 'workloads:restore', { id: workload.id });
    expect(jobs.spec.jobs).toHaveLength(manyJobs.length);
    expect(jobs.spec).toEqual(workload.spec);
    expect(await ok<{ missing: string[] }[]>(s, 'experiments:list', {})).toMatchObject([{ missing: [] }]);
    const third = await run(s, design.id);
    expect(third.results.map((r) => r.status)).toEqual(['finished']);

    // Restoring what is there already is refused and changes nothing.
    expect(await refused(s, 'clusters:restore', { id: cluster.id })).toMatchObject({
      code: 'conflict',
      field: 'id',
      message: 'this cluster is in the studio already',
    });
    expect((await ok<ClusterRecord>(s, 'clusters:get', { id: cluster.id })).updatedAt).toBe(back.updatedAt);
  }, 120_000);

  it('takes a free name when another took its own, and refuses what no run kept, in words', async () => {
    const { s, cluster, design } = await studio();
    await run(s, design.id);
    await ok(s, 'clusters:delete', { id: cluster.id });
    await ok(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 2 } });
    expect(await ok<ClusterRecord>(s, 'clusters:restore', { id: cluster.id })).toMatchObject({ id: cluster.id, name: 'lab (2)' });

    const never = await ok<ClusterRecord>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'spare', racks: 1, hostsPerRack: 2 } });
    await ok(s, 'clusters:delete', { id: never.id });
    expect(await copies(s, [never.id], [])).toEqual({ clusters: [], workloads: [] });
    expect(await refused(s, 'clusters:restore', { id: never.id })).toMatchObject({
      code: 'not_found',
      field: 'id',
      message: 'no run in the history used this cluster, so the studio keeps no copy of it to restore',
    });
    expect((await ok<{ name: string }[]>(s, 'clusters:list', {})).map((c) => c.name)).toEqual(['lab', 'lab (2)']);
  }, 120_000);

  it('names what a history entry keeps the only copy of, and has no copy once the last such entry is deleted', async () => {
    const { s, workload, design } = await studio();
    const only = (id: string) => ok<{ clusters: KeptCopy[]; workloads: KeptCopy[] }>(s, 'batches:lastCopies', { id });
    const first = await run(s, design.id);
    // Nothing deleted yet: deleting the entry loses nothing.
    expect(await only(first.id)).toEqual({ clusters: [], workloads: [] });
    await ok(s, 'workloads:delete', { id: workload.id });
    expect(await only(first.id)).toEqual({ clusters: [], workloads: [expect.objectContaining({ id: workload.id, name: 'long day', batchId: first.id })] });
    // Restored and run again, then deleted: two entries keep it, so neither is its only copy.
    await ok(s, 'workloads:restore', { id: workload.id });
    const second = await run(s, design.id);
    await ok(s, 'workloads:delete', { id: workload.id });
    expect(await only(first.id)).toEqual({ clusters: [], workloads: [] });
    await ok(s, 'batches:delete', { id: second.id });
    expect((await only(first.id)).workloads).toHaveLength(1);
    expect((await copies(s, [], [workload.id])).workloads).toHaveLength(1);
    await ok(s, 'batches:delete', { id: first.id });
    expect(await copies(s, [], [workload.id])).toEqual({ clusters: [], workloads: [] });
    expect(await refused(s, 'workloads:restore', { id: workload.id })).toMatchObject({
      code: 'not_found',
      message: 'no run in the history used this workload, so the studio keeps no copy of it to restore',
    });
  }, 120_000);
});
