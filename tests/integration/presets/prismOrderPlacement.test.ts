import { describe, expect, it } from 'vitest';
import { RECORD_AGAIN, readStoredCheck } from '../../../scripts/reproductions/storedRuns';
import { prismOrderPlacement, type OrderPlacementRow } from '../../scenarios/prismOrderPlacement';

/**
 * PRISM against YARN on sec. 6.3's batches taken apart into job order and placement, along both
 * roads (docs/reproductions.md "Order or placement").
 */
describe('PRISM against YARN, order against placement', () => {
  it('gives the stored decomposition, each road adding up to the gap, every run finishing', async () => {
    const rows = await prismOrderPlacement();
    expect(rows, RECORD_AGAIN).toEqual(readStoredCheck<OrderPlacementRow[]>('prism-order-placement'));
    for (const r of rows) {
      const name = `${r.preset} ${r.jobs}`;
      // Each step is a mean of paired differences, so the two steps of a road add up to the gap (to the stored rounding).
      expect(r.viaYarnFairOrder.order.seconds + r.viaYarnFairOrder.placement.seconds, name).toBeCloseTo(r.gap.seconds, 2);
      expect(r.viaPrismBySubmission.placement.seconds + r.viaPrismBySubmission.order.seconds, name).toBeCloseTo(r.gap.seconds, 2);
      // A stalled batch (no job finished) would show as a mean job time of 0.
      for (const [role, jct] of Object.entries(r.meanJct)) expect(jct, `${name} ${role}`).toBeGreaterThan(0);
    }
  }, 600_000);
});
