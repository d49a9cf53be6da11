import type { ClusterView } from '../engine/scheduling/schedulerApi';
import { IncrementalJobOrder } from './incrementalOrder';

/**
 * Sorts `jobs` in place by `compare`, counting every comparison in the run's work counters
 * (engine/measure/workCounters.ts) and, when `jobs` is the whole queue, the sort: a policy that sorts its
 * whole queue too often shows in tests.
 */
export function sortJobs(view: ClusterView, jobs: number[], compare: (a: number, b: number) => number, wholeQueue = true): number[] {
  const work = view.work;
  if (wholeQueue) work.orderSorts++;
  return jobs.sort((a, b) => {
    work.orderComparisons++;
    return compare(a, b);
  });
}

/**
 * The Fair Scheduler's order with one pool and equal weights, which Finer-Grained CPU and ILA share
 * it with: the job with the fewest running tasks is furthest below its share; ties go to the job
 * submitted first, then the lower index. A sorted copy of the active jobs.
 */
export function fewestRunningFirst(view: ClusterView): number[] {
  return sortJobs(view, [...view.activeJobs], (a, b) => byFewestRunning(view, a, b));
}

/** The comparator of that order: negative when job a comes before job b. */
export function byFewestRunning(view: ClusterView, a: number, b: number): number {
  return byRunningCounts(view, a, view.runningMaps(a) + view.runningReduces(a), b, view.runningMaps(b) + view.runningReduces(b));
}

/** The same order on given running counts (Fair keeps the counts each job was placed with). */
export function byRunningCounts(view: ClusterView, a: number, runningA: number, b: number, runningB: number): number {
  return runningA - runningB || view.jobSubmitTime(a) - view.jobSubmitTime(b) || a - b;
}

/** The same order kept incrementally (incrementalOrder.ts): one per scheduler instance. */
export function fewestRunningOrder(): IncrementalJobOrder {
  return new IncrementalJobOrder(
    (view, j) => view.runningMaps(j) + view.runningReduces(j),
    (view, j) => view.jobSubmitTime(j),
  );
}
