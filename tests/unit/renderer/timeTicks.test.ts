import { describe, expect, it } from 'vitest';
import { timeTicks } from '../../../src-renderer/src/utils/timeTicks';

const labels = (from: number, to: number) => timeTicks(from, to).map((x) => x.label);

describe('the Gantt chart time axis: round instants', () => {
  it('puts ticks on multiples of 1, 2 or 5 times a power of ten, about six of them', () => {
    // The sample run's 0-379 s read "0 s, 63 s, 126 s, ..." before.
    expect(labels(0, 379)).toEqual(['0 s', '50 s', '100 s', '150 s', '200 s', '250 s', '300 s', '350 s']);
    expect(labels(0, 1000)).toEqual(['0 s', '200 s', '400 s', '600 s', '800 s', '1,000 s']);
    expect(labels(0, 28_804)).toEqual(['0 s', '5,000 s', '10,000 s', '15,000 s', '20,000 s', '25,000 s']);
  });

  it('starts at the first round instant inside a panned view', () => {
    expect(labels(137, 212)).toEqual(['140 s', '150 s', '160 s', '170 s', '180 s', '190 s', '200 s', '210 s']);
  });

  it('shows the decimals a view zoomed inside a second needs, and never repeats a label', () => {
    expect(labels(10, 10.5)).toEqual(['10.0 s', '10.1 s', '10.2 s', '10.3 s', '10.4 s', '10.5 s']);
    const fine = labels(3.001, 3.004);
    expect(new Set(fine).size).toBe(fine.length);
    expect(fine[0]).toBe('3.0010 s');
  });

  it('gives one tick for an empty span', () => {
    expect(labels(5, 5)).toEqual(['5 s']);
  });
});
