import type { StoredPresetRuns } from '../../scripts/reproductions/storedRuns';
import { presetOnSeeds } from './presetOnSeeds';

/**
 * The PUMA preset over twenty seeds it never ran (11-30, fixed before any was run), each drawing its
 * batch of 50 jobs afresh. PRISM's lead over Fair there is about 4 % of the mean job time, too
 * small for the preset's six seeds to separate every time: a millisecond more or less between
 * heartbeats moves their paired test from p = 0.02 to 0.19 (docs/reproductions.md, "What changed
 * the results (2026-12-06)"). Shared by its test and the stored check docs/reproductions.md reads.
 */
export const PRISM_PUMA_HELD_OUT_SEEDS = Array.from({ length: 20 }, (_, i) => 11 + i);

export function prismPumaHeldOut(): Promise<StoredPresetRuns> {
  return presetOnSeeds('prism-puma', PRISM_PUMA_HELD_OUT_SEEDS);
}
