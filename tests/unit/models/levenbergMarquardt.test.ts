import { levenbergMarquardt as library } from 'ml-levenberg-marquardt';
import { describe, expect, it } from 'vitest';
import { Random } from '../../../src-main/engine/core/random';
import { exponentialModel, forwardDifference } from '../../../src-main/models/exponentialFit';
import { levenbergMarquardt, type FitOptions } from '../../../src-main/models/levenbergMarquardt';

/**
 * The studio's Levenberg–Marquardt (models/levenbergMarquardt.ts) against ml-levenberg-marquardt
 * 5.1.0, which it replaced for speed: the same coefficients, error and iteration count to the last
 * bit on fits of the interference model's shape, or every stored ILA run would move.
 */
const DELTA = 1e-6;

interface Problem {
  x: number[];
  y: number[];
  model: (p: number[]) => (i: number) => number;
  options: FitOptions;
}

/** An eq. 1-like shape, exp(Σ p_k·x_k + c) + floor, over `terms` features of `n` samples, fitted from zero within bounds. */
function exponentialProblem(seed: number, n: number, terms: number, bounds: { min: number; max: number }, iterations: number): Problem {
  const rng = new Random(seed, 'sizes');
  // Zeros, as a pure-CPU task's disk streams are, and features of order one.
  const columns = Array.from({ length: terms }, () => Float64Array.from({ length: n }, () => (rng.next() < 0.2 ? 0 : 2 * rng.next())));
  const shape = exponentialModel(
    columns,
    columns.map((_, k) => k % 2 === 1),
    1 / 100,
  );
  const truth = Array.from({ length: shape.params }, (_, k) => (k === shape.params - 1 ? 1 : rng.next() - 0.5));
  const clean = shape.values(truth);
  // Noisy slowdowns, some far off, so the fit never reaches the tolerance and runs every iteration.
  const y = Array.from(clean, (v) => v * (0.9 + 0.2 * rng.next()) + (rng.next() < 0.05 ? 3 : 0));
  const moved = new Float64Array(shape.params);
  const row = new Array<number>(shape.params).fill(0);
  const params = shape.params;
  return {
    x: y.map((_, i) => i),
    y,
    model: (p) => {
      const v = shape.values(p);
      return (i) => v[i];
    },
    options: {
      initialValues: new Array<number>(params).fill(0),
      minValues: Array.from({ length: params }, (_, k) => (k === params - 1 ? 0 : bounds.min)),
      maxValues: Array.from({ length: params }, (_, k) => (k === params - 1 ? 2 : bounds.max)),
      damping: 1.5,
      maxIterations: iterations,
      errorTolerance: 1e-9,
      jacobianFunction: (p) => {
        const v = shape.values(p);
        const nudged = p.map((q) => q + DELTA);
        return (i) => {
          shape.nudgedRow(p, nudged, i, moved);
          for (let k = 0; k < params; k++) row[k] = forwardDifference(v[i], moved[k], DELTA);
          return row;
        };
      },
    },
  };
}

function expectSameFit(problem: Problem) {
  const data = { x: problem.x, y: problem.y };
  const theirs = library(data, problem.model, { ...problem.options, initialValues: [...problem.options.initialValues], gradientDifference: DELTA });
  const ours = levenbergMarquardt(data, problem.model, problem.options);
  expect(ours.iterations).toBe(theirs.iterations);
  expect(ours.parameterValues.length).toBe(theirs.parameterValues.length);
  ours.parameterValues.forEach((v, k) =>
    expect(Object.is(v, theirs.parameterValues[k]), `parameter ${k}: ${v} against ${theirs.parameterValues[k]}`).toBe(true),
  );
  expect(Object.is(ours.parameterError, theirs.parameterError)).toBe(true);
  return ours;
}

describe("the studio's Levenberg–Marquardt gives ml-levenberg-marquardt's fits to the bit", () => {
  it('eq. 1-sized fits (4 features) over samples from a few dozen to two thousand', () => {
    for (const [seed, n] of [
      [1, 45],
      [2, 300],
      [3, 2000],
    ])
      expectSameFit(exponentialProblem(seed, n, 4, { min: -10, max: 10 }, 200));
  });

  it('eq. 2-sized fits (8 features), and a joint-sized one (17)', () => {
    expectSameFit(exponentialProblem(4, 600, 8, { min: -10, max: 10 }, 200));
    expectSameFit(exponentialProblem(5, 1200, 17, { min: -10, max: 10 }, 30));
  });

  it('fits pressed against their bounds, where the clamp decides the step', () => {
    const fit = expectSameFit(exponentialProblem(6, 400, 6, { min: -0.05, max: 0.05 }, 100));
    expect(fit.parameterValues.some((v) => Math.abs(v) === 0.05)).toBe(true);
  });

  it('a fit that starts within the tolerance takes no step, as the library', () => {
    const problem = exponentialProblem(7, 50, 3, { min: -10, max: 10 }, 50);
    const start = problem.options.initialValues;
    const exact = problem.model([...start]);
    const fit = expectSameFit({ ...problem, y: problem.x.map((i) => exact(i)) });
    expect(fit.iterations).toBe(0);
  });

  it('refuses data it cannot fit, naming what is wrong', () => {
    const problem = exponentialProblem(8, 20, 2, { min: -10, max: 10 }, 10);
    expect(() => levenbergMarquardt({ x: [0], y: [1] }, problem.model, problem.options)).toThrow(/at least 2 samples/);
    expect(() => levenbergMarquardt({ x: problem.x, y: problem.y }, problem.model, { ...problem.options, damping: 0 })).toThrow(/damping/);
  });
});
