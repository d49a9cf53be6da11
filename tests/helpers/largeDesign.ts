import type { Services } from '../../src-main/services';
import { ok } from './services';

/**
 * A design the pre-run estimate calls large by its time: 2,000 jobs of 1,000 maps (2 M tasks a
 * run) under LATE and PRISM over 30 seeds, 60 runs of about an hour in all on one thread. Its
 * workload is saved in `services`; the design's spec is returned, not saved.
 */
export async function hoursOfWork(services: Services, clusterId: string) {
  const workload = await ok<{ id: string }>(services, 'workloads:create', {
    spec: {
      name: 'two million tasks',
      generate: { count: 2000, arrival: { kind: 'poisson', meanInterarrivalS: 5 }, mix: [{ template: 'Grep', weight: 1, maps: [1000, 1000], reduces: 0 }] },
    },
  });
  return {
    name: 'hours',
    clusterIds: [clusterId],
    workloadIds: [workload.id],
    schedulers: [{ kind: 'late' as const }, { kind: 'prism' as const }],
    seeds: Array.from({ length: 30 }, (_, i) => i + 1),
  };
}
