import { describe, expect, it } from 'vitest';
import { RECORD_AGAIN, readStoredCheck, type StoredPresetRuns } from '../../../scripts/reproductions/storedRuns';
import { ILA_HELD_OUT_SEEDS, ilaAgainstIaoHeldOut } from '../../scenarios/ilaHeldOut';

/**
 * ILA against IAO on seeds the ILA preset never ran (tests/scenarios/ilaHeldOut.ts). The verdict is
 * whatever the runs give (docs/reproductions.md renders it from docs/runs/ila-iao-held-out.json);
 * this test pins that the stored runs are the engine's.
 */
describe('ILA against IAO on held-out seeds', () => {
  it('runs both over seeds 11-13 and gives the stored runs', async () => {
    const fresh = await ilaAgainstIaoHeldOut();
    expect(fresh.seeds).toEqual(ILA_HELD_OUT_SEEDS);
    expect(fresh.schedulers).toEqual(['ILA', 'IAO']);
    expect(fresh, RECORD_AGAIN).toEqual(readStoredCheck<StoredPresetRuns>('ila-iao-held-out'));
  }, 600_000);
});
