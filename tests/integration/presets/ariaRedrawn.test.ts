import { describe, expect, it } from 'vitest';
import { RECORD_AGAIN, readStoredCheck } from '../../../scripts/reproductions/storedRuns';
import { ariaRedrawn, type AriaRedrawnShape } from '../../scenarios/ariaRedrawn';

/** MinEDF against FIFO and Fair on redrawn workloads at two loads (docs/reproductions.md, ARIA section). */
describe('MinEDF on redrawn workloads', () => {
  it('gives the stored deadlines: lending meets more than FIFO at both loads, the average bound held to its allocation fewer than Fair', async () => {
    const shapes = await ariaRedrawn();
    expect(shapes, RECORD_AGAIN).toEqual(readStoredCheck<AriaRedrawnShape[]>('aria-minedf-redrawn'));
    expect(shapes.map((s) => s.shape)).toEqual(['arrivals-60s', 'arrivals-30s']);
    for (const s of shapes) {
      const lending = s.against['MinEDF, lending'].fifo;
      expect(lending.points, s.shape).toBeGreaterThan(0);
      expect(lending.p!, s.shape).toBeLessThan(0.05);
      const held = s.against.MinEDF.fair;
      expect(held.points, s.shape).toBeLessThan(0);
      expect(held.p!, s.shape).toBeLessThan(0.05);
      expect(Object.values(s.met).every((m) => m.length === 6)).toBe(true);
    }
  }, 600_000);
});
