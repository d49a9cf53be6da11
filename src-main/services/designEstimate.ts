import type { BatchInputs, ExperimentDesign } from '@shared/experiment/design';
import type { BatchEstimate } from '@shared/experiment/runEstimate';
import { batchEstimate } from '../runner/batchEstimate';
import { taskKey, type TaskCounts } from './designChecks';
import type { ClustersRepo } from '../store/clustersRepo';
import type { WorkloadsRepo } from '../store/workloadsRepo';

/**
 * What a design's batch would cost, from the clusters and workloads it names as they are saved now
 * and the tasks the design checks counted (`tasks`, so nothing is compiled twice); what no longer
 * exists or does not compile counts for nothing (the checks say so beside the cards). `threads`
 * null: the batch goes to a queue's workers.
 */
export function designEstimate(
  spec: ExperimentDesign,
  clusters: ClustersRepo,
  workloads: WorkloadsRepo,
  threads: number | null,
  tasks: TaskCounts,
): BatchEstimate {
  const found = <T>(ids: string[], get: (id: string) => T): T[] =>
    ids.flatMap((id) => {
      try {
        return [get(id)];
      } catch {
        return [];
      }
    });
  const inputs: BatchInputs = {
    clusters: found(spec.clusterIds, (id) => clusters.get(id)).map((c) => ({ id: c.id, name: c.name, spec: c.spec })),
    workloads: found(spec.workloadIds, (id) => workloads.get(id)).map((w) => ({ id: w.id, name: w.name, spec: w.spec })),
    schedulers: spec.schedulers,
    seeds: spec.seeds,
    simulation: spec.simulation,
    ...(spec.sweep ? { sweep: spec.sweep } : {}),
  };
  return batchEstimate(inputs, threads, (c, w) => tasks.get(taskKey(inputs.clusters[c].id!, inputs.workloads[w].id!)) ?? 0);
}
