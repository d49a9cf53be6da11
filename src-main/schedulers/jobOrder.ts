import type { ClusterView } from '../engine/schedulerApi';

/**
 * The Fair Scheduler's order with one pool and equal weights, which Finer-Grained CPU and ILA share
 * it with: the job with the fewest running tasks is furthest below its share; ties go to the job
 * submitted first, then the lower index. A sorted copy of the active jobs.
 */
export function fewestRunningFirst(view: ClusterView): number[] {
  return [...view.activeJobs].sort((a, b) => byFewestRunning(view, a, b));
}

/** The comparator of that order: negative when job a comes before job b. */
export function byFewestRunning(view: ClusterView, a: number, b: number): number {
  return view.runningMaps(a) + view.runningReduces(a) - view.runningMaps(b) - view.runningReduces(b) || view.jobSubmitTime(a) - view.jobSubmitTime(b) || a - b;
}
