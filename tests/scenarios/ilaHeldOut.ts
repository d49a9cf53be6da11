import type { StoredPresetRuns } from '../../scripts/reproductions/storedRuns';
import { presetOnSeeds } from './presetOnSeeds';

/**
 * ILA against IAO on seeds the preset never ran (issue 30 item 4: "report the result on seeds
 * 11-13"): the ILA Facebook preset with only those two schedulers. Shared by its test and the stored
 * check docs/reproductions.md reads.
 */
export const ILA_HELD_OUT_SEEDS = [11, 12, 13];

export function ilaAgainstIaoHeldOut(): Promise<StoredPresetRuns> {
  return presetOnSeeds('ila-facebook', ILA_HELD_OUT_SEEDS, (s) => s.kind === 'ila' && (s.variant === 'ila' || s.variant === 'iao'));
}
