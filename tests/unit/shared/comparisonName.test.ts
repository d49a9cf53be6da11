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

  it('keeps the start times where they are what tells the sources apart', () => {
    expect(comparisonName(['Sample — 2026-11-30 22:59', 'Sample — 2026-11-30 22:00'])).toBe('Sample: 2026-11-30 22:59 vs 2026-11-30 22:00');
    expect(comparisonName(['A — 2026-03-02 14:05', 'A — 2026-03-09 10:00', 'B — 2026-03-10 08:00'])).toBe('A — 2026-03-02 14:05 vs A — 2026-03-09 10:00 vs B');
    // Started the same minute, the second entry's name ends "(2)": still one experiment told apart by its start.
    expect(comparisonName(['Sample — 2026-12-03 14:35 (2)', 'Sample — 2026-12-03 14:35'])).toBe('Sample: 2026-12-03 14:35 (2) vs 2026-12-03 14:35');
    // Two entries renamed alike, without times, stay as they are.
    expect(comparisonName(['Mine', 'Mine'])).toBe('Mine vs Mine');
  });
});
