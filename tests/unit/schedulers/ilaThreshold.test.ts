import { describe, expect, it } from 'vitest';
import { dynamicThreshold, ThresholdMode } from '../../../src-main/schedulers/ilaThreshold';

describe('ILA dynamic threshold (Algorithm 1, lines 8-17)', () => {
  it('takes a slower task when (Z_R + 1)/Ŝ beats Z_R/H_d, and H_d rises to Ŝ', () => {
    // The paper's example: two tasks at H = 1 give throughput 2; a third at Ŝ = 1.4 gives 3/1.4 ≈ 2.14.
    expect(dynamicThreshold(2, 1, 1.4, 1)).toEqual({ ok: true, threshold: 1.4 });
    // At Ŝ = 1.6, 3/1.6 = 1.875 < 2: refused, H_d unchanged.
    expect(dynamicThreshold(2, 1, 1.6, 1)).toEqual({ ok: false, threshold: 1 });
    // An idle server (Z_R = 0) takes anything: one task at any slowdown beats none.
    expect(dynamicThreshold(0, 1, 5, 1)).toEqual({ ok: true, threshold: 5 });
    // Exactly equal throughput is not a gain.
    expect(dynamicThreshold(1, 1, 2, 1).ok).toBe(false);
  });

  it('takes a task under H_d and keeps H_d unless Ŝ is a whole unit below it', () => {
    expect(dynamicThreshold(8, 1.8, 1.3, 1)).toEqual({ ok: true, threshold: 1.8 });
    expect(dynamicThreshold(8, 1.8, 1.8, 1)).toEqual({ ok: true, threshold: 1.8 });
    expect(dynamicThreshold(4, 3.5, 2.5, 1)).toEqual({ ok: true, threshold: 2.5 });
    expect(dynamicThreshold(4, 6, 1.2, 1)).toEqual({ ok: true, threshold: 1.2 });
  });

  it('never lowers H_d below the static threshold H', () => {
    expect(dynamicThreshold(4, 6, 1.2, 2)).toEqual({ ok: true, threshold: 2 });
    expect(dynamicThreshold(4, 2, 1, 2)).toEqual({ ok: true, threshold: 2 });
  });
});

describe('ILA threshold mode (Algorithm 1, line 7: "Z_I > 1 for k seconds")', () => {
  it('turns dynamic after k seconds with more than one idle slot, and static again only after k seconds with at most one', () => {
    const mode = new ThresholdMode(20);
    expect(mode.update(4, 0)).toBe(false);
    expect(mode.update(3, 19)).toBe(false);
    expect(mode.update(2, 20)).toBe(true);
    // The server fills up: still dynamic, so a slot freed a moment later is not held to H for k seconds.
    expect(mode.update(0, 25)).toBe(true);
    expect(mode.update(5, 30)).toBe(true);
    expect(mode.update(1, 31)).toBe(true);
    expect(mode.update(0, 50)).toBe(true);
    expect(mode.update(1, 51)).toBe(false);
    // A short idle spell does not switch it back; a long one does.
    expect(mode.update(6, 60)).toBe(false);
    expect(mode.update(0, 70)).toBe(false);
    expect(mode.update(6, 71)).toBe(false);
    expect(mode.update(6, 91)).toBe(true);
  });
});
