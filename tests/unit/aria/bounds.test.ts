import { describe, expect, it } from 'vitest';
import { completionBounds, lowBoundCoefficients, makespanBounds } from '@shared/aria/bounds';
import { AriaProfileFileSchema, AriaProfileSchema } from '@shared/aria/profile';
import { TABLE1 } from './fixtures';

describe('ARIA completion-time bounds (sec. 4.2)', () => {
  it('computes eq. 1-6 term by term for WordCount at the sec. 5.3 set-up (425 maps, 64 reduces, 64 × 8 slots)', () => {
    const b = completionBounds(TABLE1.WordCount, { maps: 425, reduces: 64, mapSlots: 64, reduceSlots: 8 });
    expect(b.lowStages).toEqual({ map: (425 * 34) / 64, firstShuffle: 8, typicalShuffle: (64 / 8 - 1) * 24, reduce: (64 * 11) / 8 });
    expect(b.upStages).toEqual({ map: (424 * 34) / 64 + 40, firstShuffle: 11, typicalShuffle: (63 / 8 - 1) * 24 + 30, reduce: (63 * 11) / 8 + 14 });
    expect(b.low).toBeCloseTo(489.78125, 9);
    expect(b.up).toBeCloseTo(571.875, 9);
    expect(b.avg).toBeCloseTo((489.78125 + 571.875) / 2, 9);
  });

  it('agrees with the closed form of eq. 7-8 whenever there is more than one reduce wave', () => {
    for (const p of Object.values(TABLE1)) {
      for (const [maps, reduces, sm, sr] of [
        [370, 64, 64, 16],
        [1024, 64, 64, 32],
        [168, 64, 64, 8],
        [71, 64, 16, 16],
        [10, 9, 3, 2],
      ]) {
        const { a, b, c } = lowBoundCoefficients(p);
        expect(completionBounds(p, { maps, reduces, mapSlots: sm, reduceSlots: sr }).low).toBeCloseTo((a * maps) / sm + (b * reduces) / sr + c, 9);
      }
    }
  });

  it('orders low ≤ avg ≤ up and never lets more slots than tasks shorten the job', () => {
    const p = TABLE1.Sort;
    const b = completionBounds(p, { maps: 64, reduces: 64, mapSlots: 64, reduceSlots: 64 });
    expect(b.low).toBeLessThanOrEqual(b.avg);
    expect(b.avg).toBeLessThanOrEqual(b.up);
    // One map wave and one reduce wave: the map stage is the average map, no typical shuffle.
    expect(b.lowStages).toEqual({ map: 5, firstShuffle: 7, typicalShuffle: 0, reduce: 53 });
    expect(completionBounds(p, { maps: 64, reduces: 64, mapSlots: 640, reduceSlots: 640 })).toEqual(b);
  });

  it('gives a map-only job its map stage alone', () => {
    const b = completionBounds(TABLE1.Sort, { maps: 10, reduces: 0, mapSlots: 4, reduceSlots: 0 });
    expect(b.low).toBe(12.5);
    expect(b.up).toBe((9 * 5) / 4 + 16);
  });

  it('is the Makespan Theorem for one stage', () => {
    expect(makespanBounds(7, 2, 5, 3)).toEqual({ low: 14 / 3, up: 12 / 3 + 5 });
    expect(makespanBounds(0, 2, 5, 3)).toEqual({ low: 0, up: 0 });
  });

  it('refuses zero slots and fractional tasks, naming the field', () => {
    expect(() => completionBounds(TABLE1.Sort, { maps: 10, reduces: 2, mapSlots: 0, reduceSlots: 1 })).toThrow(/mapSlots must be a whole number of at least 1/);
    expect(() => completionBounds(TABLE1.Sort, { maps: 10, reduces: 2, mapSlots: 1, reduceSlots: 0 })).toThrow(/reduceSlots/);
    expect(() => completionBounds(TABLE1.Sort, { maps: 2.5, reduces: 2, mapSlots: 1, reduceSlots: 1 })).toThrow(/maps must be a whole number/);
  });
});

describe('ARIA profile files', () => {
  it('accepts the twelve numbers alone or inside a studio profile', () => {
    expect(AriaProfileFileSchema.parse(TABLE1.Sort)).toEqual(TABLE1.Sort);
    expect(AriaProfileFileSchema.parse({ template: 'Sort', aria: TABLE1.Sort })).toEqual(TABLE1.Sort);
  });

  it('names the field that is missing, negative or out of order', () => {
    const { rMax: _, ...missing } = TABLE1.Sort;
    expect(AriaProfileSchema.safeParse(missing).error?.issues[0].path).toEqual(['rMax']);
    const negative = AriaProfileSchema.safeParse({ ...TABLE1.Sort, mAvg: -1 }).error!.issues[0];
    expect(negative.path).toEqual(['mAvg']);
    expect(negative.message).toBe('must be at least 0 s');
    const order = AriaProfileSchema.safeParse({ ...TABLE1.Sort, mMax: 1 }).error!.issues[0];
    expect(order.message).toBe('must be at least the map avg (5 s)');
  });
});
