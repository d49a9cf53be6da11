import type { JobSet } from '../../engine/scheduling/schedulerApi';
import type { FawkesView } from './design';

/** What the scheduler inside one MR-cluster sees, and the list of its jobs FAWKES keeps. */
export type MrClusterView = FawkesView & { readonly jobs: number[] };

const refuse = (what: string) => () => {
  throw new Error(`a scheduler inside an MR-cluster cannot ${what}`);
};

/**
 * The view of the scheduler inside one MR-cluster (Ghit et al. sec. 3.1: each MR-cluster keeps its
 * own queue of MR-jobs): the cluster's own view with the job set replaced by the MR-cluster's
 * (`JobSet`), by composition — the object delegates everything else to the cluster's view through
 * its prototype, so no member is written twice. FAWKES hands it heartbeats of the MR-cluster's own
 * nodes only, so it launches nowhere else; moving nodes, moving data and waking up stay FAWKES'
 * own business.
 */
export function mrClusterView(cluster: FawkesView, mrCluster: number): MrClusterView {
  /** Its jobs submitted and not finished, in submission order (FAWKES adds and removes them). */
  const jobs: number[] = [];
  const jobSet: JobSet = {
    get activeJobs() {
      return jobs;
    },
    pendingTasks: () => cluster.mrClusterPendingTasks(mrCluster),
    pendingReduceTasks: () => cluster.mrClusterPendingReduceTasks(mrCluster),
    // The engine keeps each MR-cluster's map-pending and reduce-ready jobs.
    mapPendingJobs: () => cluster.mapPendingJobs(mrCluster),
    reduceReadyJobs: () => cluster.reduceReadyJobs(mrCluster),
    appMastersAwaited: () => jobs.filter((j) => cluster.appMasterNode(j) < 0).length,
    // The whole cluster's change log names other MR-clusters' jobs too: callers recompute instead.
    jobsChangedSince: () => undefined,
  };
  const own: PropertyDescriptorMap = {
    ...Object.getOwnPropertyDescriptors(jobSet),
    jobs: { value: jobs },
    wakeAt: { value: refuse('ask for wake-ups') },
    assignNode: { value: refuse('move nodes') },
    takeStoredData: { value: refuse('move data') },
  };
  return Object.create(cluster, own) as MrClusterView;
}
