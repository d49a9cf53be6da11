import type { BatchDetail, BatchSummary, DesignRecord, ExperimentDesignInput } from '@shared/experiment/design';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { RunPool } from '../../src-main/runner/runPool';
import { startServices, type Services } from '../../src-main/services';
import { ok } from './services';

/**
 * The experiments' integration tests' studio: services on a data folder of the test's own, one
 * small cluster and a generated workload, and a design of `schedulers` × `seeds` on them.
 */
export async function experimentStudio(dataDir: string, pool: () => RunPool, design: Partial<ExperimentDesignInput> = {}) {
  const s = await startServices({ dataDir, makePool: pool });
  const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 2, hostsPerRack: 3 } });
  const workload = await ok<{ id: string }>(s, 'workloads:create', {
    spec: {
      name: 'mix',
      generate: {
        count: 12,
        arrival: { kind: 'poisson', meanInterarrivalS: 5 },
        mix: [
          { template: 'Sort', weight: 1, maps: [2, 8] },
          { template: 'WordCount', weight: 1, maps: [2, 6] },
        ],
      },
    },
  });
  const spec: ExperimentDesignInput = {
    name: 'compare',
    clusterIds: [cluster.id],
    workloadIds: [workload.id],
    schedulers: [{ kind: 'fifo' }, { kind: 'fair' }, { kind: 'capacity' }],
    seeds: [1, 2],
    ...design,
  };
  const made = await ok<DesignRecord>(s, 'experiments:create', { spec });
  return { s, design: made };
}

/** Runs the design to its end and returns the batch as stored. */
export async function runToEnd(s: Services, id: string): Promise<BatchDetail> {
  const batch = await ok<BatchSummary>(s, 'experiments:run', { id });
  await s.runner.settled(batch.id);
  return ok<BatchDetail>(s, 'batches:get', { id: batch.id });
}
