import { describe, expect, it } from 'vitest';
import { Random } from '../../../src-main/engine/random';
import { accuracy, fitInterferenceModel, fitLinear, fitQuadratic, predictCpu, predictIo, type InterferenceSample } from '../../../src-main/models/interference';
import { generateProfilingSamples, ILA_SERVER } from '../../../src-main/models/interferenceProfiling';

/** Samples drawn from eq. 1-3 themselves (known coefficients, 2 % noise). */
function synthetic(count: number, seed: number): InterferenceSample[] {
  const rng = new Random(seed, 'sizes');
  return Array.from({ length: count }, (_, i) => {
    const kind = i % 2 === 0 ? ('cpu' as const) : ('io' as const);
    const x = {
      tc: kind === 'cpu' ? 0.8 + 0.2 * rng.next() : 0.3 * rng.next(),
      tr: kind === 'io' ? 40 + 40 * rng.next() : 5 * rng.next(),
      tw: kind === 'io' ? 40 * rng.next() : 0,
      cu: 2 * rng.next(),
      ca: 10 * rng.next(),
      c0: 0.5 * rng.next(),
      ru: 30 * rng.next(),
      wu: 30 * rng.next(),
      ra: 80 * rng.next(),
      wa: 80 * rng.next(),
      iou: rng.next(),
    };
    const sCpu = Math.exp(0.3 * x.tc + 0.05 * x.cu + 0.12 * x.ca + 0.4 * x.c0 - 1.2) + 0.7;
    const sIo = Math.exp(0.4 * (x.tr / 100) + 0.3 * (x.tw / 100) + 0.5 * (x.ra / 100) + 0.6 * (x.wa / 100) + 1.1 * x.iou + 0.3 * x.c0 - 1) + 0.6;
    const s = kind === 'cpu' ? sCpu : sIo;
    return { ...x, kind, slowdown: s * (1 + 0.02 * (rng.next() - 0.5)) };
  });
}

describe('ILA interference model (eq. 1-3)', () => {
  it('Levenberg-Marquardt recovers the exponential relations eq. 1 and 2 describe, better than linear and quadratic models', () => {
    const train = synthetic(400, 1);
    const test = synthetic(200, 2);
    const model = fitInterferenceModel(train);
    for (const kind of ['cpu', 'io'] as const) {
      const tr = train.filter((s) => s.kind === kind);
      const te = test.filter((s) => s.kind === kind);
      const exp = accuracy(te, (x) => (kind === 'cpu' ? predictCpu(model.cpu, x) : predictIo(model.io, x)));
      expect(exp.r2, kind).toBeGreaterThan(0.97);
      expect(exp.meanError, kind).toBeLessThan(0.03);
      expect(exp.r2, kind).toBeGreaterThan(accuracy(te, fitLinear(tr)).r2);
      expect(exp.r2, kind).toBeGreaterThan(accuracy(te, fitQuadratic(tr)).r2);
    }
  });
});

describe('profiling runs (sec. 4.1)', () => {
  it('measure slowdown against a run alone, with the monitors read when the probe starts', () => {
    const samples = generateProfilingSamples(ILA_SERVER, ['Grep', 'KMeans'], 24, 3);
    expect(samples.length).toBe(24);
    for (const s of samples) {
      expect(s.slowdown).toBeGreaterThanOrEqual(0.99);
      expect(s.iou).toBeGreaterThanOrEqual(0);
      expect(s.iou).toBeLessThanOrEqual(1);
    }
    // CPU load that fits the server's 10 cores costs a CPU-bound probe nothing; I/O load slows an I/O probe.
    const cpuOnlyLoad = samples.filter((s) => s.ra + s.wa < 0.01 && s.ca + s.cu <= 8);
    expect(cpuOnlyLoad.length).toBeGreaterThan(0);
    for (const s of cpuOnlyLoad) expect(s.slowdown).toBeLessThan(1.05);
    const ioUnderLoad = samples.filter((s) => s.kind === 'io' && s.iou > 0.5);
    expect(ioUnderLoad.length).toBeGreaterThan(0);
    expect(Math.max(...ioUnderLoad.map((s) => s.slowdown))).toBeGreaterThan(1.5);
  });
});
