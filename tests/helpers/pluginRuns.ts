import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { defaultUniformCluster, generateUniformCluster, UniformClusterSchema } from '@shared/cluster/clusterGenerator';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import type { BatchInputs } from '@shared/experiment/design';
import { planBatch } from '@shared/experiment/batchPlan';
import { resolveRun, type ResolvedRun } from '../../src-main/runner/matrix';

/** The runs of one scheduler kind (a loaded plug-in's) on four servers, one Sort job of `maps` maps, one run per seed. */
export function runsOfKind(kind: string, maps: number, seeds: number[]): ResolvedRun[] {
  const cluster = ClusterSpecSchema.parse(
    generateUniformCluster(UniformClusterSchema.parse({ ...defaultUniformCluster, name: 'c', racks: 1, hostsPerRack: 4 })),
  );
  const inputs: BatchInputs = {
    clusters: [{ name: 'c', spec: cluster }],
    workloads: [{ name: 'w', spec: WorkloadSpecSchema.parse({ name: 'w', jobs: [{ template: 'Sort', submit: 0, maps }] }) }],
    schedulers: [SchedulerSpecSchema.parse({ kind })],
    seeds,
    simulation: SimulationOptionsSchema.parse({}),
  };
  return planBatch(inputs).map((p) => resolveRun(inputs, p));
}
