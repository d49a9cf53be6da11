import type { WorkCount } from '@shared/results/workCount';

/**
 * Counts of the work a run does, by kind (docs/architecture.md "Work counters"). Each should grow
 * with what changed in the cluster, never with the length of the queue: a scheduler that re-sorts
 * every job on every heartbeat shows it here as comparisons per heartbeat that grow with the queue.
 * They are counts, so they are deterministic: the same run gives the same counts on any machine,
 * and tests pin ceilings on them (tests/unit/engine/workCounters.test.ts) where a timing could not.
 *
 * The engine and the scheduler's view count most of them themselves, so a new scheduler is counted
 * without doing anything; the schedulers count only their own sorts (jobOrder.ts `sortJobs`).
 */
export class WorkCounters {
  /** Heartbeats handed to the scheduler (a node with a free slot or none). */
  heartbeats = 0;
  /**
   * Times the engine asked the scheduler's nodePlacesNothing about a beat (passed over when it says
   * so, handed on otherwise): per-beat work is per heartbeat or check, since a check may do part of
   * a beat's work.
   */
  idleChecks = 0;
  /** Times the scheduler asked a job's pending maps or reduces, where its application master is, or its version: how many jobs it looked at. */
  jobsExamined = 0;
  /** Sorts of the whole queue into a job order. */
  orderSorts = 0;
  /** Comparator calls of job orders, full sorts and incremental moves alike. */
  orderComparisons = 0;
  /** Running attempts the scheduler walked (a job's, a node's, or one attempt's progress). */
  attemptsScanned = 0;
  /** Hosts whose attempts' rates were solved again. */
  hostsRerated = 0;

  snapshot(events: number, tasks: number): WorkCount {
    return {
      events,
      tasks,
      heartbeats: this.heartbeats,
      idleChecks: this.idleChecks,
      jobsExamined: this.jobsExamined,
      orderSorts: this.orderSorts,
      orderComparisons: this.orderComparisons,
      attemptsScanned: this.attemptsScanned,
      hostsRerated: this.hostsRerated,
    };
  }
}
