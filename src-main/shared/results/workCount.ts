/**
 * A run's counts of work by kind (engine/state/workCounters.ts counts them; results carry them with
 * `--timing`; docs/architecture.md "Work counters").
 */
export interface WorkCount {
  events: number;
  tasks: number;
  heartbeats: number;
  jobsExamined: number;
  orderSorts: number;
  orderComparisons: number;
  attemptsScanned: number;
  hostsRerated: number;
}

/** The ratios the ceilings are stated in: work per task, per heartbeat and per event. */
export function workRatios(w: WorkCount): {
  eventsPerTask: number;
  jobsPerHeartbeat: number;
  comparisonsPerHeartbeat: number;
  attemptsPerHeartbeat: number;
  reratedPerEvent: number;
} {
  const per = (a: number, b: number) => (b > 0 ? a / b : 0);
  return {
    eventsPerTask: per(w.events, w.tasks),
    jobsPerHeartbeat: per(w.jobsExamined, w.heartbeats),
    comparisonsPerHeartbeat: per(w.orderComparisons, w.heartbeats),
    attemptsPerHeartbeat: per(w.attemptsScanned, w.heartbeats),
    reratedPerEvent: per(w.hostsRerated, w.events),
  };
}
