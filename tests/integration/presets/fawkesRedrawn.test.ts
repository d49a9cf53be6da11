import { describe, expect, it } from 'vitest';
import { readStoredCheck } from '../../../scripts/reproductions/storedRuns';
import { fawkesRedrawn, type FawkesRedrawnShape } from '../../scenarios/fawkesRedrawn';

/**
 * FAWKES' weighting policies on redrawn WKLD-D workloads (docs/reproductions.md). The whole check
 * takes about two minutes on two cores: this test re-runs one replicate of each shape against the
 * stored numbers, and pins what the docs state from all of them.
 */
describe("FAWKES' policies on redrawn workloads", () => {
  const stored = readStoredCheck<FawkesRedrawnShape[]>('fawkes-redrawn');

  it('gives the stored numbers on the first replicate of each shape', async () => {
    for (const fresh of await fawkesRedrawn({ replicates: [1] })) {
      const kept = stored.find((s) => s.shape === fresh.shape)!;
      for (const policy of Object.keys(fresh.slowdown)) {
        expect([fresh.slowdown[policy][0], fresh.reconfigurations[policy][0]], `${fresh.shape} ${policy}`).toEqual([
          kept.slowdown[policy][0],
          kept.reconfigurations[policy][0],
        ]);
      }
    }
  }, 600_000);

  it('holds DU behind PU and RU with sizes mixed in every MR-cluster, each separated across six replicates (sec. 7.3)', () => {
    const mixed = stored.find((s) => s.shape === 'wkld-d-mixed')!;
    const [duVsPu, ruVsDu] = [mixed.tests['du vs pu'], mixed.tests['ru vs du']];
    expect(duVsPu.meanDiff).toBeGreaterThan(0);
    expect(duVsPu.p!).toBeLessThan(0.05);
    expect(ruVsDu.meanDiff).toBeLessThan(0);
    expect(ruVsDu.p!).toBeLessThan(0.05);
  });

  it('holds TD below None on both shapes, each separated by the paired test across six replicates', () => {
    expect(stored.map((s) => s.shape)).toEqual(['wkld-d', 'wkld-d-mixed']);
    for (const s of stored) {
      expect(s.slowdown.td.length, s.shape).toBe(6);
      expect(s.tests['td vs none'].meanDiff, s.shape).toBeLessThan(0);
      expect(s.tests['td vs none'].p!, s.shape).toBeLessThan(0.05);
    }
  });
});
