import { levenbergMarquardt } from 'ml-levenberg-marquardt';
import { describe, expect, it } from 'vitest';
import { Random } from '../../../src-main/engine/core/random';
import { exponentialModel, forwardDifference } from '../../../src-main/models/exponentialFit';
import { predictCpu, predictIo, type InterferenceFeatures } from '../../../src-main/models/interference';

/**
 * The fits' fast evaluation (exponentialFit.ts) against the model as interference.ts writes it:
 * every value, every nudged value and so every fit the same to the bit, or ILA's runs would move.
 */
const DELTA = 1e-6;
const CPU = ['tc', 'cu', 'ca', 'c0'] as const;
const IO = ['tr', 'tw', 'ru', 'wu', 'ra', 'wa', 'iou', 'c0'] as const;

function samples(count: number, seed: number): InterferenceFeatures[] {
  const rng = new Random(seed, 'sizes');
  // Zeros, as a pure-CPU task's disk streams are, and sizes up to a busy server's.
  const f = (scale: number) => (rng.next() < 0.2 ? 0 : scale * rng.next());
  return Array.from({ length: count }, () => ({
    tc: f(1),
    tr: f(80),
    tw: f(40),
    cu: f(2),
    ca: f(12),
    c0: f(0.5),
    ru: f(60),
    wu: f(60),
    ra: f(150),
    wa: f(150),
    iou: f(1),
  }));
}

const shapes = {
  cpu: { features: CPU, scaled: CPU.map(() => false), predict: predictCpu },
  io: { features: IO, scaled: IO.map((k) => k !== 'iou' && k !== 'c0'), predict: predictIo },
};

function modelOf(xs: InterferenceFeatures[], shape: keyof typeof shapes) {
  const { features, scaled } = shapes[shape];
  return exponentialModel(
    features.map((k) => Float64Array.from(xs, (x) => x[k])),
    scaled,
    1 / 100,
  );
}

function parameters(rng: Random, count: number): number[] {
  // Wide enough that some exponents pass the cap of 20.
  return Array.from({ length: count }, (_, k) => (k === count - 1 ? 2 * rng.next() : 20 * rng.next() - 10));
}

describe('the interference fits evaluate the model to the same bits, faster', () => {
  for (const shape of ['cpu', 'io'] as const) {
    it(`${shape}: every value, and every value with one parameter nudged, is the model's own`, () => {
      const xs = samples(300, shape === 'cpu' ? 1 : 2);
      const model = modelOf(xs, shape);
      const rng = new Random(7, 'sizes');
      const moved = new Float64Array(model.params);
      let capped = 0;
      for (let trial = 0; trial < 20; trial++) {
        const p = parameters(rng, model.params);
        const nudged = p.map((v) => v + DELTA);
        const values = model.values(p);
        for (let i = 0; i < xs.length; i++) {
          expect(Object.is(values[i], shapes[shape].predict(p, xs[i])), `value ${i}`).toBe(true);
          if (values[i] >= Math.exp(20)) capped++;
          model.nudgedRow(p, nudged, i, moved);
          for (let k = 0; k < model.params; k++) {
            const aux = p.slice();
            aux[k] += DELTA;
            expect(Object.is(moved[k], shapes[shape].predict(aux, xs[i])), `sample ${i}, parameter ${k}`).toBe(true);
          }
        }
      }
      // The cap was reached, so its branch is covered too.
      expect(capped).toBeGreaterThan(0);
    });

    it(`${shape}: Levenberg–Marquardt with these differences fits exactly what its own numeric gradient fits`, () => {
      const xs = samples(200, shape === 'cpu' ? 3 : 4);
      const truth = parameters(new Random(11, 'sizes'), shapes[shape].features.length + 2).map((v) => v / 10);
      const y = xs.map((x) => shapes[shape].predict(truth, x) * 1.01);
      const data = { x: xs.map((_, i) => i), y };
      const start = truth.map(() => 0);
      const options = { initialValues: start, damping: 1.5, maxIterations: 60, errorTolerance: 1e-9, gradientDifference: DELTA };
      const own = levenbergMarquardt(data, (p: number[]) => (i: number) => shapes[shape].predict(p, xs[i]), options);
      const model = modelOf(xs, shape);
      const moved = new Float64Array(model.params);
      const fast = levenbergMarquardt(
        data,
        (p: number[]) => {
          const v = model.values(p);
          return (i: number) => v[i];
        },
        {
          ...options,
          jacobianFunction: (p: number[]) => {
            const v = model.values(p);
            const nudged = p.map((q) => q + DELTA);
            return (i: number) => {
              model.nudgedRow(p, nudged, i, moved);
              return Array.from(moved, (m) => forwardDifference(v[i], m, DELTA));
            };
          },
        },
      );
      expect(fast.iterations).toBe(own.iterations);
      expect(fast.parameterValues).toEqual(own.parameterValues);
      expect(Object.is(fast.parameterError, own.parameterError)).toBe(true);
    });
  }
});
