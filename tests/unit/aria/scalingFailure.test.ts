import { describe, expect, it } from 'vitest';
import { completionBounds } from '@shared/aria/bounds';
import { failureBounds, failureCurve } from '@shared/aria/failure';
import { fitScaling, scaleProfile } from '@shared/aria/scaling';
import { TABLE1 } from './fixtures';

describe('ARIA scaling factors (sec. 4.3, eq. 9-10)', () => {
  // The WikiTrends row of the sec. 5.2 table: C0, C1 for the typical shuffle and the reduce phase.
  const truth = { shTypAvg: [16.08, 2.44], shTypMax: [10.75, 2.29], rAvg: [11.45, 0.56], rMax: [7.96, 0.43], sh1Avg: [5, 0.1], sh1Max: [9, 0.2] } as const;
  const runAt = (d: number) => ({
    mbPerReduce: d,
    profile: { ...TABLE1.WikiTrends, ...Object.fromEntries(Object.entries(truth).map(([k, [c0, c1]]) => [k, c0 + c1 * d])) },
  });

  it('recovers the factors from runs at several data sizes per reduce', () => {
    const f = fitScaling([runAt(10), runAt(40), runAt(75)]);
    for (const [k, [c0, c1]] of Object.entries(truth)) {
      expect(f[k as keyof typeof f].c0).toBeCloseTo(c0, 6);
      expect(f[k as keyof typeof f].c1).toBeCloseTo(c1, 6);
    }
  });

  it('applies them to a new input: maps from the map input size, reduce side at D_new', () => {
    const f = fitScaling([runAt(10), runAt(40)]);
    const { profile, maps, mbPerReduce } = scaleProfile(TABLE1.WikiTrends, f, 64 * 1120, 64);
    expect(maps).toBe(1120);
    expect(mbPerReduce).toBeCloseTo((64 * 1120 * 9.98) / 64, 9);
    expect(profile.shTypAvg).toBeCloseTo(16.08 + 2.44 * mbPerReduce, 6);
    expect(profile.mAvg).toBe(TABLE1.WikiTrends.mAvg);
  });

  it('says what is missing when the runs cannot be fitted', () => {
    expect(() => fitScaling([runAt(10)])).toThrow(/two or more different data sizes/);
    expect(() => fitScaling([runAt(10), runAt(10)])).toThrow(/1 distinct size/);
    expect(() => scaleProfile(TABLE1.Sort, fitScaling([runAt(1), runAt(2)]), -5, 64)).toThrow(/input size must be greater than 0/);
  });
});

describe('ARIA failure model (sec. 4.4)', () => {
  // The sec. 5.5 set-up: WikiTrends, 720 maps and 120 reduces on 60 + 60 slots, 20 s detection.
  const job = { maps: 720, reduces: 120, mapSlots: 60, reduceSlots: 60 };
  const p = TABLE1.WikiTrends;
  const normal = completionBounds(p, job);

  it('at t_f = 0 with replenishment costs only the detection delay', () => {
    const b = failureBounds(p, job, { atS: 0, workers: 60, replenish: true, detectS: 20 });
    expect(b.stage).toBe('map');
    expect(b.remainingMaps).toBe(720);
    expect(b.low).toBeCloseTo(normal.low + 20, 9);
  });

  it('counts done and lost maps in the map stage (case 1)', () => {
    const b = failureBounds(p, job, { atS: 500, workers: 60, replenish: true, detectS: 20 });
    const done = Math.floor((500 * 60) / 99);
    expect(b.remainingMaps).toBe(720 - done + Math.floor(done / 60));
    expect(b.remainingReduces).toBe(120);
  });

  it('re-runs a W-th of all maps and of the done reduces in the reduce stage (case 2)', () => {
    const b = failureBounds(p, job, { atS: normal.low - 30, workers: 60, replenish: true, detectS: 20 });
    expect(b.stage).toBe('reduce');
    expect(b.remainingMaps).toBe(12);
    expect(b.remainingReduces).toBeGreaterThan(0);
  });

  it('costs more without replenishment, and more late than early (the shape of Fig. 9)', () => {
    for (const t of [100, 600, 1100]) {
      const on = failureBounds(p, job, { atS: t, workers: 60, replenish: true, detectS: 20 });
      const off = failureBounds(p, job, { atS: t, workers: 60, replenish: false, detectS: 20 });
      expect(off.mapSlots).toBe(59);
      expect(off.low).toBeGreaterThanOrEqual(on.low);
      expect(on.low).toBeGreaterThanOrEqual(normal.low);
    }
    const early = failureBounds(p, job, { atS: 100, workers: 60, replenish: true, detectS: 20 });
    const late = failureBounds(p, job, { atS: normal.low - 10, workers: 60, replenish: true, detectS: 20 });
    expect(late.up - normal.up).toBeGreaterThan(early.up - normal.up);
  });

  it('leaves a job alone that the lower bound says is already done', () => {
    const b = failureBounds(p, job, { atS: normal.low + 1, workers: 60, replenish: false, detectS: 20 });
    expect(b.stage).toBe('after');
    expect(b.low).toBe(normal.low);
  });

  it('draws the curve from t_f = 0 to the upper bound', () => {
    const curve = failureCurve(p, job, { workers: 60, replenish: true, detectS: 20 }, 10);
    expect(curve).toHaveLength(11);
    expect(curve[0].atS).toBe(0);
    expect(curve[10].atS).toBeCloseTo(normal.up, 9);
  });
});
