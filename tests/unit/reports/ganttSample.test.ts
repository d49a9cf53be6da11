import { describe, expect, it } from 'vitest';
import { pickGanttAttempts } from '../../../src-main/services/ganttSample';

describe('the attempts a Gantt chart draws', () => {
  it('draws every attempt when they fit', () => {
    const r = pickGanttAttempts([0, 1, 2], [1, 2, 3], 10);
    expect([...r.indices]).toEqual([0, 1, 2]);
    expect(r.sampling).toEqual({ kept: 3, of: 3, every: 1, longest: 0 });
  });

  it('thins one in k but keeps the span and the longest attempts', () => {
    // 10,000 attempts of 1 s; attempt 4,321 runs 5,000 s and ends last (it sets the makespan),
    // attempt 777 is the second longest; budget 1,000.
    const n = 10_000;
    const start = Float64Array.from({ length: n }, (_, i) => i * 0.1 + 10);
    const end = Float64Array.from(start, (s) => s + 1);
    end[4321] = start[4321] + 5000;
    end[777] = start[777] + 400;
    start[9999] = 0; // the earliest start is the last attempt
    const r = pickGanttAttempts(start, end, 1000);
    const kept = new Set(r.indices);
    expect(kept.has(4321)).toBe(true);
    expect(kept.has(777)).toBe(true);
    expect(kept.has(9999)).toBe(true);
    expect(r.indices.length).toBeLessThanOrEqual(1000 + 2);
    expect(r.sampling.every).toBeGreaterThan(1);
    expect(r.sampling.longest).toBe(100);
    expect(Math.max(...[...r.indices].map((i) => end[i]))).toBe(Math.max(...end));
    // Indices stay in recording order.
    expect([...r.indices]).toEqual([...r.indices].sort((a, b) => a - b));
  });
});
