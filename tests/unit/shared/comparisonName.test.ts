import { describe, expect, it } from 'vitest';
import { comparisonName } from '@shared/results/comparisonName';

describe("a comparison's default name", () => {
  it('names its sources without their start times, three at most, within 80 characters', () => {
    expect(comparisonName(['March — 2026-03-02 14:05', 'April — 2026-04-01 09:00'])).toBe('March vs April');
    expect(comparisonName(['A', 'B', 'C', 'D', 'E'])).toBe('A vs B vs C + 2 more');
    const long = comparisonName(['x'.repeat(50), 'y'.repeat(50)]);
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });
});
