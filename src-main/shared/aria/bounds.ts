import type { AriaProfile } from './profile';

/** A job's tasks and the slots it is given (sec. 4.2: N_M^J, N_R^J, S_M^J, S_R^J). */
export interface JobShape {
  maps: number;
  reduces: number;
  mapSlots: number;
  reduceSlots: number;
}

export interface StageBounds {
  map: number;
  firstShuffle: number;
  typicalShuffle: number;
  reduce: number;
}

export interface CompletionBounds {
  /** T_J^low (eq. 5), T_J^up (eq. 6) and their mean T_J^avg (sec. 4.5, choice 3), seconds. */
  low: number;
  up: number;
  avg: number;
  /** The terms of eq. 5 and eq. 6, for the planner's stage breakdown. */
  lowStages: StageBounds;
  upStages: StageBounds;
}

export type BoundKind = 'low' | 'up' | 'avg';
export const BOUND_KINDS: readonly BoundKind[] = ['low', 'up', 'avg'];

/**
 * Makespan Theorem (sec. 4.1): greedy assignment of n tasks of mean `avg` and longest `max` to k
 * slots ends between n·avg/k and (n−1)·avg/k + max.
 */
export function makespanBounds(n: number, avg: number, max: number, k: number): { low: number; up: number } {
  if (n <= 0) return { low: 0, up: 0 };
  return { low: (n * avg) / k, up: ((n - 1) * avg) / k + max };
}

/**
 * Completion-time bounds of a job (sec. 4.2, eq. 1-6). Two readings the paper leaves implicit:
 * a job cannot use more slots than it has tasks (S is capped at N), and with a single reduce wave
 * (N_R ≤ S_R) there is no typical shuffle, so eq. 3-4 contribute nothing (taken literally they go
 * negative, or add Sh_max^typ to a wave that does not exist). A map-only job is its map stage.
 */
export function completionBounds(p: AriaProfile, job: JobShape): CompletionBounds {
  checkShape(job);
  const sm = Math.min(job.mapSlots, Math.max(1, job.maps));
  const map = makespanBounds(job.maps, p.mAvg, p.mMax, sm);
  if (job.reduces === 0) {
    const stages = (m: number): StageBounds => ({ map: m, firstShuffle: 0, typicalShuffle: 0, reduce: 0 });
    return { low: map.low, up: map.up, avg: (map.low + map.up) / 2, lowStages: stages(map.low), upStages: stages(map.up) };
  }
  const sr = Math.min(job.reduceSlots, job.reduces);
  const multiWave = job.reduces > sr;
  // eq. 3 and eq. 4: the typical shuffle of the reduce waves after the first.
  const shLow = multiWave ? (job.reduces / sr - 1) * p.shTypAvg : 0;
  const shUp = multiWave ? ((job.reduces - 1) / sr - 1) * p.shTypAvg + p.shTypMax : 0;
  const reduce = makespanBounds(job.reduces, p.rAvg, p.rMax, sr);
  const lowStages = { map: map.low, firstShuffle: p.sh1Avg, typicalShuffle: Math.max(0, shLow), reduce: reduce.low };
  const upStages = { map: map.up, firstShuffle: p.sh1Max, typicalShuffle: Math.max(0, shUp), reduce: reduce.up };
  // eq. 5 and eq. 6.
  const low = lowStages.map + lowStages.firstShuffle + lowStages.typicalShuffle + lowStages.reduce;
  const up = upStages.map + upStages.firstShuffle + upStages.typicalShuffle + upStages.reduce;
  return { low, up, avg: (low + up) / 2, lowStages, upStages };
}

/**
 * Eq. 8: T_J^low = A·N_M/S_M + B·N_R/S_R + C with A = M_avg, B = Sh_avg^typ + R_avg and
 * C = Sh_avg^1 − Sh_avg^typ (the multi-wave form of eq. 7). The failure model (sec. 4.4) reads
 * completed reduces off it.
 */
export function lowBoundCoefficients(p: AriaProfile): { a: number; b: number; c: number } {
  return { a: p.mAvg, b: p.shTypAvg + p.rAvg, c: p.sh1Avg - p.shTypAvg };
}

function checkShape(job: JobShape): void {
  const whole = (name: keyof JobShape, min: number) => {
    const v = job[name];
    if (!Number.isInteger(v) || v < min) throw new RangeError(`${name} must be a whole number of at least ${min} (got ${v})`);
  };
  whole('maps', 0);
  whole('reduces', 0);
  whole('mapSlots', 1);
  if (job.reduces > 0) whole('reduceSlots', 1);
}
