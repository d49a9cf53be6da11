import type { StoredPresetRuns } from '../../scripts/reproductions/storedRuns';
import { isKind } from '../../src-main/schedulers/builtIns';
import { presetOnSeeds } from './presetOnSeeds';

/**
 * FAWKES' usage-based policies on WKLD-D over seeds the preset never ran (issue 30: "RU lies
 * between PU and DU on WKLD-D"). Three seeds cannot separate PU, DU and RU, whose means differ by
 * a tenth of a slowdown; ten held-out seeds give the paired test the power to. The seeds were fixed
 * before any of them was run. Shared by its test and the stored check docs/reproductions.md reads.
 */
export const FAWKES_USAGE_HELD_OUT_SEEDS = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
export const FAWKES_USAGE_POLICIES = ['pu', 'du', 'ru'];

export function fawkesUsageHeldOut(): Promise<StoredPresetRuns> {
  return presetOnSeeds('fawkes-wkld-d', FAWKES_USAGE_HELD_OUT_SEEDS, (s) => isKind(s, 'fawkes') && FAWKES_USAGE_POLICIES.includes(s.policy));
}
