import { describe, expect, it } from 'vitest';
import { RECORD_AGAIN, readStoredCheck, type StoredPresetRuns } from '../../../scripts/reproductions/storedRuns';
import { FAWKES_USAGE_HELD_OUT_SEEDS, fawkesUsageHeldOut } from '../../scenarios/fawkesUsageHeldOut';

/**
 * FAWKES' PU, DU and RU on WKLD-D over seeds the preset never ran (tests/scenarios/fawkesUsageHeldOut.ts).
 * The verdict is whatever the runs give (docs/reproductions.md renders it from
 * docs/runs/fawkes-usage-held-out.json); this test pins that the stored runs are the engine's.
 */
describe("FAWKES' usage-based policies on held-out seeds", () => {
  it('runs PU, DU and RU over seeds 11-20 and gives the stored runs', async () => {
    const fresh = await fawkesUsageHeldOut();
    expect(fresh.seeds).toEqual(FAWKES_USAGE_HELD_OUT_SEEDS);
    expect(fresh.schedulers).toEqual(['PU (TC)', 'DU (TC)', 'RU (TC)']);
    expect(fresh, RECORD_AGAIN).toEqual(readStoredCheck<StoredPresetRuns>('fawkes-usage-held-out'));
  }, 600_000);
});
