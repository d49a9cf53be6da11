import { linearRegression } from 'simple-statistics';
import { z } from 'zod';
import type { AriaProfile } from './profile';

/** One staging run of an application (sec. 4.3): its profile and the intermediate MB each reduce processed (D_i). */
export interface ScalingObservation {
  profile: AriaProfile;
  mbPerReduce: number;
}

/** A history entry that measured a template on one cluster: a staging run the planner can scale from. */
export interface StoredScalingRun extends ScalingObservation {
  /** As AriaMeasurement.key: one per history entry and cluster. */
  key: string;
  batchId: string;
  name: string;
  createdAt: string;
  cluster: string;
  /** Finished runs of the entry on that cluster whose measurements were added up. */
  runs: number;
}

/** The reduce-side profile fields that grow with the data per reduce (eq. 9-10 and the paper's "similar factors"). */
export const SCALED_FIELDS = ['sh1Avg', 'sh1Max', 'shTypAvg', 'shTypMax', 'rAvg', 'rMax'] as const;
export type ScaledField = (typeof SCALED_FIELDS)[number];

const coefficient = () => z.number({ error: 'must be a number' }).finite();
const FactorSchema = z.strictObject({ c0: coefficient().describe('C_0, s'), c1: coefficient().describe('C_1, s per MB of intermediate data per reduce') });

/** C_0 + C_1·D for each scaled field (D: intermediate MB per reduce), as a scheduler card or file carries them. */
export const ScalingFactorsSchema = z.strictObject(Object.fromEntries(SCALED_FIELDS.map((f) => [f, FactorSchema])) as Record<ScaledField, typeof FactorSchema>);

export type ScalingFactors = z.output<typeof ScalingFactorsSchema>;

/**
 * Scaling factors by linear regression over runs of different input sizes with the number of
 * reduces kept fixed (sec. 4.3, eq. 9 for the shuffle, eq. 10 for the reduce phase, and the same
 * fit for the maxima and the first shuffle). Needs at least two distinct D_i.
 */
export function fitScaling(runs: readonly ScalingObservation[]): ScalingFactors {
  const sizes = new Set(runs.map((r) => r.mbPerReduce));
  if (runs.length < 2 || sizes.size < 2)
    throw new RangeError(
      `scaling needs runs at two or more different data sizes per reduce (got ${runs.length} run${runs.length === 1 ? '' : 's'}, ${sizes.size} distinct size${sizes.size === 1 ? '' : 's'})`,
    );
  const fit = (field: ScaledField) => {
    const { b, m } = linearRegression(runs.map((r) => [r.mbPerReduce, r.profile[field]]));
    return { c0: b, c1: m };
  };
  return Object.fromEntries(SCALED_FIELDS.map((f) => [f, fit(f)])) as ScalingFactors;
}

/**
 * The profile for a new dataset (sec. 4.3): map invariants unchanged (each map still reads about
 * AvgSize_M^input), the reduce side from the factors at D_new = input·Selectivity_M / N_R. A fit
 * may extrapolate below zero for tiny inputs; durations are floored at 0 and each max at its avg.
 */
export function scaleProfile(
  base: AriaProfile,
  factors: ScalingFactors,
  inputMb: number,
  reduces: number,
): { profile: AriaProfile; maps: number; mbPerReduce: number } {
  if (!(inputMb > 0)) throw new RangeError(`input size must be greater than 0 MB (got ${inputMb})`);
  if (!Number.isInteger(reduces) || reduces < 1) throw new RangeError(`reduces must be a whole number of at least 1 (got ${reduces})`);
  if (!(base.avgInputMB > 0))
    throw new RangeError('the profile has no map input size (avgInputMB is 0), so the number of maps for a new input cannot be derived');
  const mbPerReduce = (inputMb * base.selectivityM) / reduces;
  const at = (f: ScaledField) => Math.max(0, factors[f].c0 + factors[f].c1 * mbPerReduce);
  const profile: AriaProfile = { ...base };
  for (const f of SCALED_FIELDS) profile[f] = at(f);
  profile.sh1Max = Math.max(profile.sh1Max, profile.sh1Avg);
  profile.shTypMax = Math.max(profile.shTypMax, profile.shTypAvg);
  profile.rMax = Math.max(profile.rMax, profile.rAvg);
  return { profile, maps: Math.ceil(inputMb / base.avgInputMB), mbPerReduce };
}
