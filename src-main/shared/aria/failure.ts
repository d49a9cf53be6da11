import { completionBounds, lowBoundCoefficients, makespanBounds, type JobShape } from './bounds';
import type { AriaProfile } from './profile';

/**
 * The failure what-if's defaults, one set for the Planner and `workload-studio plan`: the failure is
 * noticed after Hadoop 1's 600 s TaskTracker expiry, the failed worker's slots are not replaced, and
 * the job's map slots are spread one per worker (so a failure takes one map slot's share).
 */
export const FAILURE_DEFAULTS = { detectS: 600, replenish: false } as const;
export const defaultFailureWorkers = (mapSlots: number): number => Math.max(1, mapSlots);

export interface FailureScenario {
  /** When the worker fails, seconds after the job starts (t_f). */
  atS: number;
  /** Worker nodes the job runs on (W): one of them fails. */
  workers: number;
  /** Whether the failed worker's slots are replaced at once. */
  replenish: boolean;
  /** Time until the master notices the lost worker (δ, from the heartbeat timeout). */
  detectS: number;
}

export interface FailureBounds {
  /** The stage the lower-bound timeline puts the failure in. */
  stage: 'map' | 'reduce' | 'after';
  /** Tasks still to run when the failure is noticed (N_{M,t_f}^J, N_{R,t_f}^J). */
  remainingMaps: number;
  remainingReduces: number;
  mapSlots: number;
  reduceSlots: number;
  low: number;
  up: number;
  avg: number;
}

/**
 * Completion-time bounds when one of W workers fails at t_f (sec. 4.4). A timeline says which stage
 * the job is in at t_f; the paper works the lower bound on the lower-bound timeline and allows the
 * upper one, which is what the upper bound uses here (else a late failure could "finish" before
 * the failure-free upper bound). Case 1 (map stage): ⌊t_f·S_M/M_avg⌋ maps are done and a W-th of
 * them is lost with the worker. Case 2 (reduce stage): all maps are done, the reduces done follow
 * from eq. 8, and a W-th of every map and of the done reduces run again. Without replenishment the
 * job loses the worker's share of slots. The remaining tasks' bounds (eq. 5-6) start at t_f + δ.
 * A failure after the timeline's completion finds nothing to redo (stage `after`).
 */
export function failureBounds(p: AriaProfile, job: JobShape, f: FailureScenario): FailureBounds {
  if (!(f.atS >= 0)) throw new RangeError(`failure time must be at least 0 s (got ${f.atS})`);
  if (!Number.isInteger(f.workers) || f.workers < 1) throw new RangeError(`workers must be a whole number of at least 1 (got ${f.workers})`);
  if (!(f.detectS >= 0)) throw new RangeError(`detection delay must be at least 0 s (got ${f.detectS})`);
  const normal = completionBounds(p, job);
  const lose = (slots: number) => (f.replenish || f.workers === 1 ? slots : Math.max(1, slots - Math.round(slots / f.workers)));
  const mapSlots = lose(job.mapSlots);
  const reduceSlots = job.reduces > 0 ? lose(job.reduceSlots) : 0;
  const after = (kind: 'low' | 'up') => {
    const left = remainingAt(p, job, f, kind, normal[kind]);
    if (left.stage === 'after') return { ...left, time: normal[kind] };
    const rest = completionBounds(p, { maps: left.maps, reduces: left.reduces, mapSlots, reduceSlots: Math.max(1, reduceSlots) });
    // Re-running work never makes the job finish earlier than without the failure.
    return { ...left, time: Math.max(normal[kind], f.atS + f.detectS + rest[kind]) };
  };
  const low = after('low');
  const up = after('up');
  return {
    stage: low.stage,
    remainingMaps: low.maps,
    remainingReduces: low.reduces,
    mapSlots,
    reduceSlots,
    low: low.time,
    up: up.time,
    avg: (low.time + up.time) / 2,
  };
}

/** The tasks left to run after the failure, on the lower- or upper-bound timeline. */
function remainingAt(
  p: AriaProfile,
  job: JobShape,
  f: FailureScenario,
  kind: 'low' | 'up',
  end: number,
): { stage: FailureBounds['stage']; maps: number; reduces: number } {
  const W = f.workers;
  const sm = Math.min(job.mapSlots, Math.max(1, job.maps));
  const sr = job.reduces > 0 ? Math.min(job.reduceSlots, job.reduces) : 0;
  const mapStage = makespanBounds(job.maps, p.mAvg, p.mMax, sm)[kind];
  if (f.atS >= end) return { stage: 'after', maps: 0, reduces: 0 };
  if (f.atS <= mapStage || job.reduces === 0) {
    // On the upper timeline the last map is still running until the stage ends.
    const cap = kind === 'up' ? Math.max(0, job.maps - 1) : job.maps;
    const mapsDone = p.mAvg > 0 ? Math.min(cap, Math.floor((f.atS * sm) / p.mAvg)) : cap;
    return { stage: 'map', maps: job.maps - mapsDone + Math.floor(mapsDone / W), reduces: job.reduces };
  }
  // Eq. 8 solved for N_R,done: B·N_R,done/S_R = t_f − C − (map stage); the upper timeline uses its own map stage and first shuffle.
  const { b, c } = lowBoundCoefficients(p);
  const cKind = kind === 'low' ? c : p.sh1Max - p.shTypAvg;
  const reducesDone = b > 0 ? Math.max(0, Math.min(job.reduces, Math.floor(((f.atS - cKind - mapStage) * sr) / b))) : 0;
  return { stage: 'reduce', maps: Math.floor(job.maps / W), reduces: job.reduces - reducesDone + Math.floor(reducesDone / W) };
}

/** The failure what-if over t_f (the paper's Fig. 9): bounds for failures at `points` instants from 0 to the upper bound. */
export function failureCurve(
  p: AriaProfile,
  job: JobShape,
  scenario: Omit<FailureScenario, 'atS'>,
  points = 60,
): { atS: number; low: number; up: number; avg: number; stage: FailureBounds['stage'] }[] {
  const end = completionBounds(p, job).up;
  return Array.from({ length: points + 1 }, (_, i) => {
    const atS = (end * i) / points;
    const b = failureBounds(p, job, { ...scenario, atS });
    return { atS, low: b.low, up: b.up, avg: b.avg, stage: b.stage };
  });
}
