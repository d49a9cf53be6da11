import { ClusterSpecSchema } from '@shared/cluster/cluster';
import type { ExperimentDesign } from '@shared/experiment/design';
import { ExperimentDesignSchema } from '@shared/experiment/design';
import { SAMPLE_CLUSTER, SAMPLE_EXPERIMENT_NAME, SAMPLE_SCHEDULERS, SAMPLE_SEEDS, SAMPLE_WORKLOAD } from '@shared/experiment/sampleStudio';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import type { Store } from '../store/database';
import { clustersRepo } from '../store/clustersRepo';
import { namedSpecs } from '../store/namedSpecs';
import { workloadsRepo } from '../store/workloadsRepo';
import type { EventBus } from './eventBus';
import type { Handlers } from './handlerTypes';

/**
 * The guided first run: save a sample cluster, workload and experiment (each under a free name, so
 * nothing the user has is touched) and hand back their ids; the app then opens the experiment.
 */
export function sampleHandlers(store: Store, events: EventBus): Pick<Handlers, 'studio:sample'> {
  return {
    'studio:sample': async () => {
      const cluster = await clustersRepo(store).importAsNew(ClusterSpecSchema.parse(SAMPLE_CLUSTER));
      const workload = await workloadsRepo(store).importAsNew(WorkloadSpecSchema.parse(SAMPLE_WORKLOAD));
      const design = ExperimentDesignSchema.parse({
        name: SAMPLE_EXPERIMENT_NAME,
        description: 'Which stock scheduler finishes the Facebook mix soonest on mixed servers?',
        clusterIds: [cluster.id],
        workloadIds: [workload.id],
        schedulers: SAMPLE_SCHEDULERS,
        seeds: SAMPLE_SEEDS,
      });
      const experiment = await namedSpecs<ExperimentDesign>(store, 'experiments', 'experiment').importAsNew(design);
      events.emit('store:changed', { domain: 'clusters', ids: [cluster.id] });
      events.emit('store:changed', { domain: 'workloads', ids: [workload.id] });
      events.emit('store:changed', { domain: 'experiments', ids: [experiment.id] });
      return { clusterId: cluster.id, workloadId: workload.id, experimentId: experiment.id };
    },
  };
}
