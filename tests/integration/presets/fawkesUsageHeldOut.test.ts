import { describe, expect, it } from 'vitest';
import { RECORD_AGAIN, readStoredCheck, type StoredPresetRuns } from '../../../scripts/reproductions/storedRuns';
import { pairedTTest } from '../../../src-main/shared/results/stats';
import { runMeanSlowdown } from '../../../src-main/shared/results/mrClusterSummary';
import { FAWKES_USAGE_HELD_OUT_SEEDS, fawkesUsageHeldOut } from '../../scenarios/fawkesUsageHeldOut';

/**
 * FAWKES' PU, DU and RU on WKLD-D over seeds the preset never ran (tests/scenarios/fawkesUsageHeldOut.ts).
 * docs/reproductions.md renders the verdict from docs/runs/fawkes-usage-held-out.json; this test
 * pins that the stored runs are the engine's, and the verdict issue 30 asks for: RU (eq. 5, ψ = 0.5)
 * lies between PU and DU, and the paired test across the ten seeds separates it from both.
 */
describe("FAWKES' usage-based policies on held-out seeds", () => {
  it('runs PU, DU and RU over seeds 11-20, gives the stored runs, and RU lies between PU and DU (paired t-test)', async () => {
    const fresh = await fawkesUsageHeldOut();
    expect(fresh.seeds).toEqual(FAWKES_USAGE_HELD_OUT_SEEDS);
    expect(fresh.schedulers).toEqual(['PU (TC)', 'DU (TC)', 'RU (TC)']);
    expect(fresh, RECORD_AGAIN).toEqual(readStoredCheck<StoredPresetRuns>('fawkes-usage-held-out'));
    const bySeed = (label: string) =>
      fresh.runs
        .filter((r) => r.scheduler === label)
        .sort((a, b) => a.seed - b.seed)
        .map((r) => runMeanSlowdown(r)!);
    const [pu, du, ru] = fresh.schedulers.map(bySeed);
    // A lower slowdown is better: PU ahead of RU, RU ahead of DU, each separated.
    for (const [worse, better, label] of [
      [ru, pu, 'RU behind PU'],
      [du, ru, 'DU behind RU'],
    ] as const) {
      const test = pairedTTest(worse, better);
      expect(test.n, label).toBe(FAWKES_USAGE_HELD_OUT_SEEDS.length);
      expect(test.p!, label).toBeLessThan(0.05);
      expect(test.meanDiff, label).toBeGreaterThan(0);
    }
  }, 600_000);
});
