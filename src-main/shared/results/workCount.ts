/**
 * A run's counts of work by kind (engine/state/workCounters.ts counts them; results carry them with
 * `--timing`; docs/architecture.md "Work counters").
 */
export interface WorkCount {
  events: number;
  tasks: number;
  heartbeats: number;
  /** Times the engine asked the policy's nodePlacesNothing about a beat; absent in results written before it was counted. */
  idleChecks?: number;
  jobsExamined: number;
  orderSorts: number;
  orderComparisons: number;
  attemptsScanned: number;
  hostsRerated: number;
}

/**
 * The ratios the ceilings are stated in: work per task, per event, and per beat the policy was
 * asked about (handed as a heartbeat, or checked with nodePlacesNothing and passed over).
 */
export function workRatios(w: WorkCount): {
  eventsPerTask: number;
  jobsPerHeartbeat: number;
  comparisonsPerHeartbeat: number;
  attemptsPerHeartbeat: number;
  reratedPerEvent: number;
} {
  const per = (a: number, b: number) => (b > 0 ? a / b : 0);
  const beats = w.heartbeats + (w.idleChecks ?? 0);
  return {
    eventsPerTask: per(w.events, w.tasks),
    jobsPerHeartbeat: per(w.jobsExamined, beats),
    comparisonsPerHeartbeat: per(w.orderComparisons, beats),
    attemptsPerHeartbeat: per(w.attemptsScanned, beats),
    reratedPerEvent: per(w.hostsRerated, w.events),
  };
}
