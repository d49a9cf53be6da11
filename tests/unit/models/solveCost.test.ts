import { describe, expect, it } from 'vitest';
import { solveCost } from '../../../src-main/models/calibration/solveCost';

/** docs/model.md "Calibration: the other papers' testbeds": the cost a measured time prices. */
describe('solving a cost for a measured time', () => {
  it('finds the cost of a time that grows with it, from a start too low or too high', () => {
    const time = (x: number) => 5 + 60 * x;
    for (const start of [0.01, 0.445, 3]) {
      const solved = solveCost(time, 30, start, 4);
      expect(Math.abs(solved.modelS / 30 - 1), `start ${start}`).toBeLessThanOrEqual(0.01);
      expect(solved.modelS).toBe(time(solved.value));
    }
  });

  it('crosses a flat stretch (CPU hidden behind I/O) to the cost where the time starts to grow', () => {
    const solved = solveCost((x) => Math.max(25.4, 1000 * x), 53, 0.004, 4);
    expect(solved.value).toBeCloseTo(0.053, 3);
  });

  it('returns 0 and the model floor when even no cost is slower than the paper, rather than a negative cost', () => {
    expect(solveCost((x) => Math.max(28.2, 600 * x), 26, 0.04, 4)).toEqual({ value: 0, modelS: 28.2 });
  });

  it('gives the same value from any start, rounded as a preset stores it', () => {
    const time = (x: number) => 3 + Math.sqrt(x) * 10;
    const values = [0.1, 1, 50].map((start) => solveCost(time, 40, start, 2, 0.001).value);
    for (const v of values) expect(Math.abs(time(v) / 40 - 1)).toBeLessThan(0.002);
    expect(values.every((v) => Number(v.toFixed(2)) === v)).toBe(true);
  });
});
