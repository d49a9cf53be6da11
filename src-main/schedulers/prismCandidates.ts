import { PhaseKind } from '../engine/core/model';
import { Locality } from '../engine/core/topology';
import type { CoreView } from '../engine/scheduling/schedulerApi';

/** One phase PRISM's Algorithm 1 may start on the machine: a paused attempt's next phase, or a new task's leading one. */
export interface Candidate {
  job: number;
  /** A new task's leading phase (task id), or a paused attempt's next phase. */
  task: number;
  attempt: number;
  phase: PhaseKind;
  leading: boolean;
  level: Locality;
  utility: number;
  fairnessGain: number;
  performance: number;
  /** Seconds a paused phase has waited. */
  wait: number;
  /** Its job's submission time: what comes first when jobs are taken in submission order. */
  submitted: number;
}

/** An empty candidate to fill. */
export const blankCandidate = (): Candidate => ({
  job: -1,
  task: -1,
  attempt: -1,
  phase: PhaseKind.Map,
  leading: false,
  level: Locality.None,
  utility: 0,
  fairnessGain: 0,
  performance: 0,
  wait: 0,
  submitted: 0,
});

/**
 * The best candidate of one round of Algorithm 1 (lines 18-35: the highest utility, the first of
 * equals) and the runner-up a launch's reason names, kept as candidates are offered: a heartbeat
 * weighs up to k + (paused phases) candidates and most start none, so none is kept as a list and
 * the three objects are reused. A candidate is filled in `next()` and filed by `offer()`.
 * `bySubmission`: the earliest-submitted job's candidates come first (then the lower job index),
 * utility decides only between one job's own (PRISM's submission job order).
 */
export class BestTwo {
  best: Candidate = blankCandidate();
  second: Candidate = blankCandidate();
  private spare: Candidate = blankCandidate();
  hasBest = false;
  hasSecond = false;

  constructor(private readonly bySubmission = false) {}

  /** Whether c goes before d. */
  before(c: Candidate, d: Candidate): boolean {
    if (this.bySubmission && (c.submitted !== d.submitted || c.job !== d.job))
      return c.submitted < d.submitted || (c.submitted === d.submitted && c.job < d.job);
    return c.utility > d.utility;
  }

  reset(): void {
    this.hasBest = this.hasSecond = false;
  }

  /** The object to fill with the next candidate (valid until `offer`). */
  next(): Candidate {
    return this.spare;
  }

  offer(): void {
    const c = this.spare;
    if (!this.hasBest) {
      this.spare = this.best;
      this.best = c;
      this.hasBest = true;
    } else if (this.before(c, this.best)) {
      // The old best becomes the runner-up; the old runner-up's object is free again.
      this.spare = this.second;
      this.second = this.best;
      this.hasSecond = true;
      this.best = c;
    } else if (!this.hasSecond || this.before(c, this.second)) {
      this.spare = this.second;
      this.second = c;
      this.hasSecond = true;
    }
  }
}

/**
 * PRISM's jobs in submission order (jobOrder 'submission', a reading of our own, for comparison):
 * the k earliest-submitted jobs with something to place, or an application master to place, offer
 * a task; jobs holding a master with nothing to place are passed over, so they do not use up the k.
 */
export function submissionOrder(view: CoreView, holdingMaster: boolean, k: number): number[] {
  const out: number[] = [];
  for (const j of view.activeJobs) {
    const hasMaster = view.appMasterNode(j) >= 0;
    if (holdingMaster && !hasMaster) continue;
    if (hasMaster && view.pendingMaps(j) === 0 && !(view.pendingReduces(j) > 0 && view.reducesMayStart(j))) continue;
    out.push(j);
    if (out.length === k) break;
  }
  return out;
}
