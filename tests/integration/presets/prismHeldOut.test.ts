import { describe, expect, it } from 'vitest';
import { measure } from '../../../src-main/shared/results/reproductions';
import { measuredRuns } from '../../../scripts/reproductions/format';
import { catalogueMeasure } from '../../../scripts/reproductions/sections/catalogue';
import { RECORD_AGAIN, readStoredCheck, type StoredPresetRuns } from '../../../scripts/reproductions/storedRuns';
import { PRISM_PUMA_HELD_OUT_SEEDS, prismPumaHeldOut } from '../../scenarios/prismPumaHeldOut';

/**
 * The PUMA batch over twenty seeds the preset never runs (tests/scenarios/prismPumaHeldOut.ts).
 * docs/reproductions.md renders the verdict from docs/runs/prism-puma-held-out.json; this test pins
 * that the stored runs are the engine's, and the paper's finding there: PRISM's mean job time below
 * Fair's and YARN's, each separated by the paired test across the seeds and within "up to 1.3x".
 */
describe("PRISM's PUMA batch on held-out seeds", () => {
  it('runs seeds 11-30, gives the stored runs, and PRISM is ahead of Fair and of YARN (paired t-test)', async () => {
    const fresh = await prismPumaHeldOut();
    expect(fresh.seeds).toEqual(PRISM_PUMA_HELD_OUT_SEEDS);
    expect(fresh, RECORD_AGAIN).toEqual(readStoredCheck<StoredPresetRuns>('prism-puma-held-out'));
    for (const id of ['jct-fair', 'jct-yarn']) {
      const outcome = measure(catalogueMeasure('prism', 'prism-puma', id), measuredRuns(fresh));
      expect(outcome.verdict?.kind, id).toBe('within');
    }
  }, 300_000);
});
