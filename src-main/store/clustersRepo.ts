import { clusterTotals, type ClusterSpec } from '@shared/cluster/cluster';
import type { ClusterSummary } from '@shared/api/records';
import type { Store } from './database';
import { namedSpecs } from './namedSpecs';

/** Saved clusters; the list carries each one's totals for the overview table. */
export function clustersRepo(store: Store) {
  const specs = namedSpecs<ClusterSpec>(store, 'clusters', 'cluster');
  return {
    ...specs,
    list(): ClusterSummary[] {
      return specs
        .list()
        .map((r) => ({ id: r.id, name: r.name, description: r.spec.description, createdAt: r.createdAt, updatedAt: r.updatedAt, ...clusterTotals(r.spec) }));
    },
  };
}

export type ClustersRepo = ReturnType<typeof clustersRepo>;
