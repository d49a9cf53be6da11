import type { ExperimentDesignInput } from '@shared/experiment/design';
import type { ClusterSummary, WorkloadSummary } from '@shared/api/records';

/** A new design: a free name, the first saved cluster and workload, three baselines, two seeds. */
export function newDesign(cs: ClusterSummary[], ws: WorkloadSummary[], names: string[]): ExperimentDesignInput {
  const taken = new Set(names.map((n) => n.toLowerCase()));
  let name = 'New experiment';
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `New experiment ${i}`;
  return {
    name,
    clusterIds: cs.slice(0, 1).map((c) => c.id),
    workloadIds: ws.slice(0, 1).map((w) => w.id),
    schedulers: [{ kind: 'fifo' }, { kind: 'fair' }, { kind: 'capacity' }],
    seeds: [1, 2],
  };
}
