import { namedSpecs } from '../../../src-main/store/namedSpecs';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { DesignRecord, ExperimentDesign, ExperimentDesignInput } from '@shared/experiment/design';
import { RunPool } from '../../../src-main/runner/runPool';
import { experimentStudio } from '../../helpers/experimentStudio';
import { ok } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();
const studio = (pool: () => RunPool, design: Partial<ExperimentDesignInput> = {}) => experimentStudio(tempDir(), pool, design);

describe('experiments:check, before Run', () => {
  it('names in words what the runs would fail on, and nothing for a design that will run', async () => {
    const { s, design } = await studio(() => new RunPool({ threads: 0 }));
    // Nothing to fix, and a small batch: the estimate holds nothing back.
    expect(await ok<{ problems: unknown[] }>(s, 'experiments:check', { spec: design.spec })).toMatchObject({ problems: [], estimate: { large: [] } });
    // A job whose input makes more maps than a job may have on this cluster's blocks (128 MB).
    const odd = await ok<{ id: string }>(s, 'workloads:create', {
      spec: {
        name: 'odd',
        jobs: [
          { id: 'ok', template: 'Sort', submit: 0, maps: 2 },
          { id: 'wide', template: 'Sort', submit: 1, inputMb: 200_000_000 },
        ],
      },
    });
    const checked = await ok<{ problems: { field: string; message: string }[] }>(s, 'experiments:check', { spec: { ...design.spec, workloadIds: [odd.id] } });
    expect(checked.problems).toEqual([
      {
        field: 'workloadIds',
        message: expect.stringMatching(
          /^workload "odd" on cluster "lab", job "wide": 200,000,000 MB of input in 128 MB blocks makes 1,562,500 maps, more than the 1,000,000 a job may have/,
        ),
      },
    ]);
    const refused = await s.dispatch('experiments:run', {
      id: (
        await ok<DesignRecord>(s, 'experiments:update', { id: design.id, spec: { ...design.spec, workloadIds: [odd.id] }, expectedUpdatedAt: design.updatedAt })
      ).id,
    });
    expect(refused.ok).toBe(false);
    // A cluster deleted since the design was made is named at its place.
    const gone = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'gone', racks: 1, hostsPerRack: 2 } });
    await ok(s, 'clusters:delete', { id: gone.id });
    const missing = await ok<{ problems: { field: string; message: string }[] }>(s, 'experiments:check', {
      spec: { ...design.spec, clusterIds: [design.spec.clusterIds[0], gone.id] },
    });
    expect(missing.problems).toEqual([{ field: 'clusterIds.1', message: 'this cluster no longer exists: pick another one' }]);
    // A failure at a time (from an imported file) naming a server the cluster lacks: Run would fail on it in every run.
    const failing = await ok<{ problems: { field: string; message: string }[] }>(s, 'experiments:check', {
      spec: { ...design.spec, simulation: { ...design.spec.simulation, failures: [{ node: 'nope', atS: 5 }] } },
    });
    expect(failing.problems).toEqual([{ field: 'simulation.failures.0.node', message: 'cluster "lab" has no server or VM named "nope"' }]);
    // A design saved by an earlier build with two cards whose runs share a name: Run refuses it, naming the card.
    const twins = await namedSpecs<ExperimentDesign>(s.store, 'experiments', 'experiment').create({
      ...(design.spec as ExperimentDesign),
      name: 'twins',
      schedulers: [SchedulerSpecSchema.parse({ kind: 'fair' }), SchedulerSpecSchema.parse({ kind: 'fair', nodeLocalityWaitS: 10 })],
    });
    const twinRun = await s.dispatch('experiments:run', { id: twins.id });
    expect(twinRun).toMatchObject({
      ok: false,
      error: { field: 'spec.schedulers.1.label', message: expect.stringMatching(/^its runs and scheduler 1's would both be reported as "Fair \(delay\)"/) },
    });
    await s.close();
  });

  it("offers the bulk edit of MR-clusters under FAWKES for a workload's own jobs, not for generated ones", async () => {
    const { s, design } = await studio(() => new RunPool({ threads: 0 }));
    const host = (name: string, mrCluster: string) => ({ name, type: 'w', kind: 'core', mrCluster });
    const marked = await ok<{ id: string }>(s, 'clusters:create', {
      spec: {
        name: 'teams',
        hostTypes: [{ id: 'w', name: 'worker', cores: 4, coreSpeed: 1, memoryGb: 16, disks: [{ readMBps: 100, writeMBps: 100 }], nicMBps: 125 }],
        vmTypes: [],
        network: { rackUplinkMBps: 1250, oversubscription: 1 },
        hdfs: { blockSizeMb: 128, replication: 1 },
        racks: [{ name: 'r1', hosts: [host('a', 'c-1'), host('b', 'c-2')] }],
      },
    });
    const own = await ok<{ id: string }>(s, 'workloads:create', {
      spec: {
        name: 'own',
        jobs: [
          { id: 'x', template: 'Sort', submit: 0, maps: 1, queue: 'etl', mrCluster: 'c-9' },
          { id: 'y', template: 'Sort', submit: 0, maps: 1 },
        ],
      },
    });
    const spec = { ...design.spec, clusterIds: [marked.id], schedulers: [{ kind: 'fawkes' as const }] };
    type Checked = { problems: { field: string; message: string; fix?: unknown }[] };
    const generated = await ok<Checked>(s, 'experiments:check', { spec });
    expect(generated.problems.map((p) => [p.field, p.fix])).toEqual([['schedulers.0.design', undefined]]);
    const listed = await ok<Checked>(s, 'experiments:check', { spec: { ...spec, workloadIds: [own.id] } });
    expect(listed.problems.map((p) => p.message)).toEqual([
      'cluster "teams", workload "own": job "y" names no MR-cluster; under FAWKES every job is submitted to one: give it one in the workload editor (its "Edit many jobs…" sets them by queue)',
      'cluster "teams", workload "own": job "x" names MR-cluster "c-9", which the cluster design does not have (it has "c-1", "c-2")',
    ]);
    expect(listed.problems[0].fix).toEqual({ kind: 'assign-mr-clusters', workloadId: own.id, workloadName: 'own', mrClusters: ['c-1', 'c-2'] });
    await s.close();
  });
});
