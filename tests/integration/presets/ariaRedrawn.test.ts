import { describe, expect, it } from 'vitest';
import { RECORD_AGAIN, readStoredCheck } from '../../../scripts/reproductions/storedRuns';
import { ariaRedrawn, type AriaRedrawnShape } from '../../scenarios/ariaRedrawn';

/** MinEDF against FIFO and Fair on redrawn workloads at two loads (docs/reproductions.md, ARIA section). */
describe('MinEDF on redrawn workloads', () => {
  it('gives the stored deadlines: held to the upper bound it meets more than Fair at both loads', async () => {
    const shapes = await ariaRedrawn();
    expect(shapes, RECORD_AGAIN).toEqual(readStoredCheck<AriaRedrawnShape[]>('aria-minedf-redrawn'));
    expect(shapes.map((s) => s.shape)).toEqual(['arrivals-30s', 'arrivals-15s']);
    for (const s of shapes) {
      const upper = s.against['minedf (up bound)'].fair;
      expect(upper.points, s.shape).toBeGreaterThan(0);
      expect(upper.p!, s.shape).toBeLessThan(0.05);
      expect(Object.values(s.met).every((m) => m.length === 6)).toBe(true);
    }
  }, 600_000);
});
