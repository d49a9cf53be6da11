import { describe, expect, it } from 'vitest';
import { discrimination, globalDiscrimination, targetShares } from '../../../src-main/schedulers/fawkes/shares';
import { normaliseWeights, sampleValues, type MrClusterSample } from '../../../src-main/schedulers/fawkes/weighting';

const sample: MrClusterSample = {
  waitingJobs: 3,
  waitingInputMb: 3072,
  pendingTasks: 40,
  runningTasks: 12,
  slots: 16,
  outputMb: 512,
  storageMb: 2048,
  meanSlowdown: 2.5,
  jobsDone: 1,
  tasksDone: 10,
};
const params = (policy: string, extra: object = {}) => ({ policy: policy as never, psi: 0.5, a: 2, ...extra });
const value = (policy: string, s: MrClusterSample = sample, extra: object = {}) => sampleValues([s], [10], params(policy, extra))[0];

/** FAWKES' weighting (Ghit et al. sec. 4.3) and balancing arithmetic (sec. 4.1-4.2), on hand-made numbers. */
describe('FAWKES weighting policies (sec. 4.3)', () => {
  it('demand: JD counts waiting jobs, DD their input, TD the tasks waiting', () => {
    expect(value('jd')).toBe(3);
    expect(value('dd')).toBe(3072);
    expect(value('td')).toBe(40);
  });

  it('usage: PU is the share of slots busy, DU output over storage', () => {
    expect(value('pu')).toBe(0.75);
    expect(value('du')).toBe(0.25);
  });

  it('RU mixes the normalised usages of PU and DU by ψ (eq. 5), so a small disk usage still counts', () => {
    // c-1: 8 of 16 slots busy, 10 MB written on 1 GB; c-2: 4 of 16 busy, 30 MB on 1 GB.
    const c1 = { ...sample, runningTasks: 8, slots: 16, outputMb: 10, storageMb: 1000 };
    const c2 = { ...sample, runningTasks: 4, slots: 16, outputMb: 30, storageMb: 1000 };
    // Normalised: PU 2/3 and 1/3, DU 1/4 and 3/4.
    const ru = sampleValues([c1, c2], [10, 10], params('ru'));
    expect(ru[0]).toBeCloseTo(0.5 * (2 / 3) + 0.5 * 0.25, 12);
    expect(ru[1]).toBeCloseTo(0.5 * (1 / 3) + 0.5 * 0.75, 12);
    // ψ moves RU from DU's weights (ψ → 0) to PU's (ψ → 1); the weights after eq. 4 lie between.
    const weights = (policy: string, psi = 0.5) => normaliseWeights(sampleValues([c1, c2], [10, 10], params(policy, { psi })));
    const [pu, du, mixed] = [weights('pu'), weights('du'), weights('ru')];
    for (const i of [0, 1]) {
      expect(mixed[i]).toBeGreaterThan(Math.min(pu[i], du[i]));
      expect(mixed[i]).toBeLessThan(Math.max(pu[i], du[i]));
    }
    expect(weights('ru', 0.9)[0]).toBeCloseTo(0.9 * (2 / 3) + 0.1 * 0.25, 12);
    // Raw fractions would have given RU PU's weights: 0.5·(0.5, 0.25) + 0.5·(0.01, 0.03) ∝ (0.255, 0.14).
    expect(mixed[0]).not.toBeCloseTo(pu[0], 2);
    // Nothing busy and nothing written anywhere: no weight from either half.
    expect(
      sampleValues(
        [
          { ...c1, runningTasks: 0, outputMb: 0 },
          { ...c2, runningTasks: 0, outputMb: 0 },
        ],
        [10, 10],
        params('ru'),
      ),
    ).toEqual([0, 0]);
  });

  it('performance: JS is the mean slowdown, JT and TT a^(−q) with q the finished share (eq. 6)', () => {
    expect(value('js')).toBe(2.5);
    // JT: 1 job done, 3 waiting: q = 1/4.
    expect(value('jt')).toBeCloseTo(Math.pow(2, -0.25), 12);
    // TT: 10 tasks done, 40 waiting: q = 1/5; a = 3 moves the range to [C/3, C].
    expect(value('tt', sample, { a: 3 })).toBeCloseTo(Math.pow(3, -0.2), 12);
    // Nothing finished: the full share; everything finished: 1/a of it.
    expect(value('jt', { ...sample, jobsDone: 0 })).toBe(1);
    expect(value('jt', { ...sample, jobsDone: 5, waitingJobs: 0 })).toBe(0.5);
  });

  it('baselines: None reports the minimum share, EQ the same for everyone', () => {
    expect(value('none')).toBe(10);
    expect(value('eq')).toBe(1);
  });

  it('normalises the interval means into weights (eq. 4); all zero stays zero', () => {
    expect(normaliseWeights([2, 6, 0])).toEqual([0.25, 0.75, 0]);
    expect(normaliseWeights([0, 0])).toEqual([0, 0]);
  });
});

describe('FAWKES shares and discrimination (sec. 4.1-4.2)', () => {
  it('shares nodes by weight, never below a minimum share, whole nodes by largest remainder', () => {
    // 48 nodes, minimum 10 each: c-1's 5 % is below its minimum, so c-2 and c-3 share the other 38 by 0.7 : 0.25.
    expect(
      targetShares(48, [
        { weight: 0.05, minShare: 10 },
        { weight: 0.7, minShare: 10 },
        { weight: 0.25, minShare: 10 },
      ]),
    ).toEqual([10, 28, 10]);
    // 10 nodes by 1 : 1 : 1 with no minimum: 3.33 each, the spare node to the first.
    expect(
      targetShares(10, [
        { weight: 1, minShare: 0 },
        { weight: 1, minShare: 0 },
        { weight: 1, minShare: 0 },
      ]),
    ).toEqual([4, 3, 3]);
    // Without weights everyone keeps the minimum.
    expect(
      targetShares(30, [
        { weight: 0, minShare: 4 },
        { weight: 0, minShare: 6 },
      ]),
    ).toEqual([4, 6]);
    // A weightless cluster keeps its minimum; the rest goes to the weighted one.
    expect(
      targetShares(30, [
        { weight: 0, minShare: 4 },
        { weight: 1, minShare: 6 },
      ]),
    ).toEqual([4, 26]);
  });

  it('discrimination is what a cluster held over its entitlement (eq. 1-2); the global factor is E[D²] (eq. 3)', () => {
    // Held half the nodes for 60 s while entitled to 80 %: 18 fraction-seconds short.
    expect(discrimination(0.5 * 60, 0.8, 60)).toBeCloseTo(-18, 12);
    expect(globalDiscrimination([-18, 18])).toBe(324);
    expect(globalDiscrimination([3, -3])).toBe(9);
    // A lone MR-cluster short of its share is still discriminated (idle nodes do not make it fair).
    expect(globalDiscrimination([-50])).toBe(2500);
    expect(globalDiscrimination([])).toBe(0);
  });
});
