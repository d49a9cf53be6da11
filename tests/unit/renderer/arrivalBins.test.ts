import { describe, expect, it } from 'vitest';
import { arrivalBins } from '../../../src-renderer/src/components/workload/arrivalBins';

const labelled = (b: ReturnType<typeof arrivalBins>) => b.starts.filter((_, i) => i % b.labelEvery === 0);

describe("the workload preview's arrivals: bins and labels at round instants", () => {
  it('reads a 5-minute span in minutes, in bins of a round width, labelled at whole minutes', () => {
    // The sample's 25 jobs over 5.1 min read "0.0 s, 54 s, 1.8 min, 2.7 min" before.
    const b = arrivalBins([0, 14, 30, 95, 180, 250, 306]);
    expect(b.unit).toBe('min');
    expect(b.ranges[0]).toBe('0.0–0.1 min');
    expect(labelled(b)).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(b.counts.reduce((s, c) => s + c, 0)).toBe(7);
    // The last submission falls in the last bin, not past it.
    expect(b.counts.at(-1)).toBe(1);
  });

  it('reads a day in hours and a minute in seconds', () => {
    const day = arrivalBins([0, 3600, 86_000]);
    expect(day.unit).toBe('h');
    expect(labelled(day)).toEqual(['0', '5', '10', '15', '20']);
    const minute = arrivalBins([0, 10, 59]);
    expect(minute.unit).toBe('s');
    expect(labelled(minute)).toEqual(['0', '10', '20', '30', '40', '50']);
  });

  it('puts every job of a batch at one instant in one bin', () => {
    const b = arrivalBins([0, 0, 0]);
    expect(b.counts).toEqual([3]);
    expect(b.ranges).toEqual(['0–1 s']);
  });
});
