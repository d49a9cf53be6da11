import type { CoreView } from '../engine/scheduling/schedulerApi';
import { IncrementalJobOrder } from './incrementalOrder';

/**
 * Sorts `jobs` in place by `compare`, counting every comparison in the run's work counters
 * (engine/state/workCounters.ts) and, when `jobs` is the whole queue, the sort: a policy that sorts its
 * whole queue too often shows in tests.
 */
export function sortJobs(view: CoreView, jobs: number[], compare: (a: number, b: number) => number, wholeQueue = true): number[] {
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
 * submitted first, then the lower index. Negative when job a comes before job b.
 */
export function byFewestRunning(view: CoreView, a: number, b: number): number {
  return (
    view.runningMaps(a) + view.runningReduces(a) - (view.runningMaps(b) + view.runningReduces(b)) || view.jobSubmitTime(a) - view.jobSubmitTime(b) || a - b
  );
}

/** That order kept incrementally (incrementalOrder.ts): one per scheduler instance; with `includes`, of the jobs it picks. */
export function fewestRunningOrder(includes?: (view: CoreView, j: number) => boolean): IncrementalJobOrder {
  return new IncrementalJobOrder(
    (view, j) => view.runningMaps(j) + view.runningReduces(j),
    (view, j) => view.jobSubmitTime(j),
    { includes },
  );
}
