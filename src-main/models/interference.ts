import type { NodeUsage } from '../engine/scheduling/schedulerApi';
import { exponentialModel, forwardDifference, type ExponentialModel } from './exponentialFit';
import { levenbergMarquardt } from './levenbergMarquardt';
import { linearAlgebra } from './linearAlgebra';

/**
 * The ILA interference model (Bu, Rao, Xu, HPDC'13, sec. 4.1): a task's slowdown S = T_real / T
 * predicted from its own demand and what the monitors report (Table 2).
 *   Ŝ_cpu = exp(γ_t·t_c + Σ γ_i·CPU_i + C_cpu) + C_1                                  (eq. 1)
 *   Ŝ_io  = exp(τ_tr·t_r + τ_tw·t_w + Σ τ_i·IO_i + τ_0·c_0 + C_io) + C_2              (eq. 2)
 *   Ŝ     = α·Ŝ_cpu + β·Ŝ_io + C_3                                                    (eq. 3)
 * The paper's leading factors α_cpu and β_io multiply an exponential that already has a constant
 * (C_cpu, C_io), so they are absorbed into it. Eq. 1 is fitted on CPU-bound samples and eq. 2 on
 * I/O-bound ones by Levenberg–Marquardt (a damped Gauss–Newton), then eq. 3 by least squares on all;
 * finally all of eq. 1-3's coefficients are refined together on all samples, since the paper's aim
 * is the least SSE of the general model (sec. 4.1) and the staged fit alone cannot let a CPU-bound
 * task's slowdown depend on I/O (docs/reproductions.md has the R² either way).
 */

/** The monitors' readings (NodeUsage: Table 2's system metrics) plus the task's own demand. */
export interface InterferenceFeatures extends NodeUsage {
  /** Task demand: cores, read and write MB/s when alone. */
  tc: number;
  tr: number;
  tw: number;
}

export interface InterferenceSample extends InterferenceFeatures {
  kind: 'cpu' | 'io';
  slowdown: number;
}

export interface InterferenceModel {
  cpu: number[];
  io: number[];
  combine: [number, number, number];
}

// MB/s are scaled to hundreds so every feature is of order one for the fit.
const PER_100_MBPS = 1 / 100;

function cpuExponent(p: number[], x: InterferenceFeatures): number {
  return p[0] * x.tc + p[1] * x.cu + p[2] * x.ca + p[3] * x.c0 + p[4];
}
function ioExponent(p: number[], x: InterferenceFeatures): number {
  return (
    p[0] * x.tr * PER_100_MBPS +
    p[1] * x.tw * PER_100_MBPS +
    p[2] * x.ru * PER_100_MBPS +
    p[3] * x.wu * PER_100_MBPS +
    p[4] * x.ra * PER_100_MBPS +
    p[5] * x.wa * PER_100_MBPS +
    p[6] * x.iou +
    p[7] * x.c0 +
    p[8]
  );
}
/** Eq. 1's and eq. 2's exponent terms in the order cpuExponent and ioExponent add them; `scaled`: MB/s in hundreds. */
const EXPONENT_TERMS: Record<'cpu' | 'io', { feature: keyof InterferenceFeatures; scaled: boolean }[]> = {
  cpu: [
    { feature: 'tc', scaled: false },
    { feature: 'cu', scaled: false },
    { feature: 'ca', scaled: false },
    { feature: 'c0', scaled: false },
  ],
  io: [
    { feature: 'tr', scaled: true },
    { feature: 'tw', scaled: true },
    { feature: 'ru', scaled: true },
    { feature: 'wu', scaled: true },
    { feature: 'ra', scaled: true },
    { feature: 'wa', scaled: true },
    { feature: 'iou', scaled: false },
    { feature: 'c0', scaled: false },
  ],
};
/** The step of the fits' forward differences. */
const GRADIENT_DIFFERENCE = 1e-6;

// exp is capped so a wild step of the optimiser cannot overflow.
const capExp = (v: number) => Math.exp(Math.min(v, 20));
export const predictCpu = (p: number[], x: InterferenceFeatures) => capExp(cpuExponent(p, x)) + p[5];
export const predictIo = (p: number[], x: InterferenceFeatures) => capExp(ioExponent(p, x)) + p[9];
export const predict = (m: InterferenceModel, x: InterferenceFeatures) =>
  m.combine[0] * predictCpu(m.cpu, x) + m.combine[1] * predictIo(m.io, x) + m.combine[2];

/** Eq. 1's or eq. 2's shape over these samples (exponentialFit.ts). */
function shapeModel(samples: readonly InterferenceSample[], shape: 'cpu' | 'io'): ExponentialModel {
  const terms = EXPONENT_TERMS[shape];
  return exponentialModel(
    terms.map(({ feature }) => Float64Array.from(samples, (s) => s[feature])),
    terms.map(({ scaled }) => scaled),
    PER_100_MBPS,
  );
}

const valuesAt = (values: Float64Array) => (i: number) => values[i];

/** The staged fit's Jacobian: forward differences of one shape, every nudge of a sample in one pass. */
function stagedJacobian(model: ExponentialModel): (p: number[]) => (i: number) => number[] {
  const moved = new Float64Array(model.params);
  // One row, filled when the fit asks for a sample's and read by it at once (levenbergMarquardt.ts
  // copies it into its Jacobian): no array per sample.
  const row = new Array<number>(model.params).fill(0);
  return (p) => {
    const values = model.values(p);
    const nudged = p.map((v) => v + GRADIENT_DIFFERENCE);
    return (i) => {
      model.nudgedRow(p, nudged, i, moved);
      for (let k = 0; k < row.length; k++) row[k] = forwardDifference(values[i], moved[k], GRADIENT_DIFFERENCE);
      return row;
    };
  };
}

/**
 * Coefficients are bounded (features are scaled to order one): a slowdown model whose exponent
 * swings by thousands per MB/s fits noise, not interference. The additive constant — the slowdown
 * floor — stays between 0 and 2.
 */
function lm(samples: InterferenceSample[], shape: 'cpu' | 'io', initial: number[]): number[] {
  if (samples.length < initial.length + 1) return initial;
  const n = initial.length;
  const minValues = initial.map((_, i) => (i === n - 1 ? 0 : -10));
  const maxValues = initial.map((_, i) => (i === n - 1 ? 2 : 10));
  const start = initial.map((v, i) => Math.min(maxValues[i], Math.max(minValues[i], v)));
  const model = shapeModel(samples, shape);
  try {
    const result = levenbergMarquardt({ x: samples.map((_, i) => i), y: samples.map((s) => s.slowdown) }, (p) => valuesAt(model.values(p)), {
      initialValues: start,
      minValues,
      maxValues,
      damping: 1.5,
      maxIterations: 200,
      errorTolerance: 1e-9,
      // Forward differences, every nudge of a sample computed in one pass (exponentialFit.ts).
      jacobianFunction: stagedJacobian(model),
    });
    return result.parameterValues.every(Number.isFinite) ? result.parameterValues : start;
  } catch {
    // Samples that do not vary a feature leave the step singular: keep the log-linear start.
    return start;
  }
}

/** Ordinary least squares with a small ridge so collinear features cannot break the solve. */
export function leastSquares(rows: number[][], y: number[]): number[] {
  const { Matrix, solve } = linearAlgebra();
  const X = new Matrix(rows);
  const Xt = X.transpose();
  const A = Xt.mmul(X);
  for (let i = 0; i < A.rows; i++) A.set(i, i, A.get(i, i) + 1e-9);
  return solve(A, Xt.mmul(Matrix.columnVector(y))).to1DArray();
}

/** Start values from the log-linear fit log(S) ≈ exponent (the additive constant taken as 0). */
function logLinearStart(samples: InterferenceSample[], features: (x: InterferenceFeatures) => number[], size: number): number[] {
  if (samples.length < size + 1) return [...new Array(size - 1).fill(0), 0];
  const w = leastSquares(
    samples.map((s) => [...features(s), 1]),
    samples.map((s) => Math.log(Math.max(1e-3, s.slowdown))),
  );
  return [...w, 0];
}

const CPU_PARAMS = 6;
const IO_PARAMS = 10;
const pack = (m: InterferenceModel) => [...m.cpu, ...m.io, ...m.combine];
const unpack = (p: number[]): InterferenceModel => ({
  cpu: p.slice(0, CPU_PARAMS),
  io: p.slice(CPU_PARAMS, CPU_PARAMS + IO_PARAMS),
  combine: p.slice(CPU_PARAMS + IO_PARAMS) as [number, number, number],
});
const sse = (m: InterferenceModel, samples: InterferenceSample[]) => samples.reduce((sum, s) => sum + (predict(m, s) - s.slowdown) ** 2, 0);

/**
 * The joint fit (eq. 3 over eq. 1 and 2) for Levenberg–Marquardt: its model function and the
 * forward differences of it ml-levenberg-marquardt's numeric gradient would take. A nudge of one of eq. 1's coefficients changes only eq. 1's
 * value (eq. 2's stays), and the reverse; a nudge of eq. 3's own moves neither. The same terms,
 * computed the same way, so the same fit as the library's numeric gradient.
 */
function jointFit(samples: readonly InterferenceSample[]) {
  const cpu = shapeModel(samples, 'cpu');
  const io = shapeModel(samples, 'io');
  const eq3 = (a: number, b: number, c: number, cpuValue: number, ioValue: number) => a * cpuValue + b * ioValue + c;
  const cpuRow = new Float64Array(CPU_PARAMS);
  const ioRow = new Float64Array(IO_PARAMS);
  const row = new Array<number>(CPU_PARAMS + IO_PARAMS + 3).fill(0);
  return {
    values(p: number[]): (i: number) => number {
      const m = unpack(p);
      const cpuValues = cpu.values(m.cpu);
      const ioValues = io.values(m.io);
      const [a, b, c] = m.combine;
      return (i) => eq3(a, b, c, cpuValues[i], ioValues[i]);
    },
    jacobian(p: number[]): (i: number) => number[] {
      const m = unpack(p);
      const cpuValues = cpu.values(m.cpu);
      const ioValues = io.values(m.io);
      const [a, b, c] = m.combine;
      const step = GRADIENT_DIFFERENCE;
      const cpuNudged = m.cpu.map((v) => v + step);
      const ioNudged = m.io.map((v) => v + step);
      // Filled when the fit asks for a sample's row, which it copies at once (as stagedJacobian's).
      return (i) => {
        const cv = cpuValues[i];
        const iv = ioValues[i];
        const value = eq3(a, b, c, cv, iv);
        cpu.nudgedRow(m.cpu, cpuNudged, i, cpuRow);
        io.nudgedRow(m.io, ioNudged, i, ioRow);
        for (let k = 0; k < CPU_PARAMS; k++) row[k] = forwardDifference(value, eq3(a, b, c, cpuRow[k], iv), step);
        for (let k = 0; k < IO_PARAMS; k++) row[CPU_PARAMS + k] = forwardDifference(value, eq3(a, b, c, cv, ioRow[k]), step);
        row[CPU_PARAMS + IO_PARAMS] = forwardDifference(value, eq3(a + step, b, c, cv, iv), step);
        row[CPU_PARAMS + IO_PARAMS + 1] = forwardDifference(value, eq3(a, b + step, c, cv, iv), step);
        row[CPU_PARAMS + IO_PARAMS + 2] = forwardDifference(value, eq3(a, b, c + step, cv, iv), step);
        return row;
      };
    },
  };
}

/** Levenberg–Marquardt over every coefficient of eq. 1-3 at once, from a staged (or earlier) fit. */
function refineJointly(samples: InterferenceSample[], start: InterferenceModel, iterations: number): InterferenceModel {
  const initial = pack(start);
  if (samples.length < initial.length + 1) return start;
  try {
    const fit = jointFit(samples);
    const result = levenbergMarquardt({ x: samples.map((_, i) => i), y: samples.map((s) => s.slowdown) }, fit.values, {
      initialValues: initial.map((v) => Math.min(10, Math.max(-10, v))),
      minValues: initial.map(() => -10),
      maxValues: initial.map(() => 10),
      damping: 1.5,
      maxIterations: iterations,
      errorTolerance: 1e-9,
      jacobianFunction: fit.jacobian,
    });
    return result.parameterValues.every(Number.isFinite) ? unpack(result.parameterValues) : start;
  } catch {
    return start;
  }
}

/**
 * Fit eq. 1-3 on profiling samples. An online re-fit (sec. 4.1) passes the model in use as
 * `previous`: the joint refinement starts from it and needs fewer iterations. The staged or the
 * refined fit, whichever has the least SSE, wins.
 */
export function fitInterferenceModel(samples: InterferenceSample[], previous?: InterferenceModel): InterferenceModel {
  const staged = fitStaged(samples);
  const candidates = [staged, previous ? refineJointly(samples, previous, 30) : refineJointly(samples, staged, 100)];
  let best = candidates[0];
  let bestSse = sse(best, samples);
  for (const c of candidates.slice(1)) {
    const e = sse(c, samples);
    if (e < bestSse) [best, bestSse] = [c, e];
  }
  return best;
}

function fitStaged(samples: InterferenceSample[]): InterferenceModel {
  const cpuSamples = samples.filter((s) => s.kind === 'cpu');
  const ioSamples = samples.filter((s) => s.kind === 'io');
  const cpuStart = logLinearStart(cpuSamples, (x) => [x.tc, x.cu, x.ca, x.c0], 6);
  const ioStart = logLinearStart(
    ioSamples,
    (x) => [x.tr * PER_100_MBPS, x.tw * PER_100_MBPS, x.ru * PER_100_MBPS, x.wu * PER_100_MBPS, x.ra * PER_100_MBPS, x.wa * PER_100_MBPS, x.iou, x.c0],
    10,
  );
  const cpu = lm(cpuSamples, 'cpu', cpuStart);
  const io = lm(ioSamples, 'io', ioStart);
  const combine = leastSquares(
    samples.map((s) => [predictCpu(cpu, s), predictIo(io, s), 1]),
    samples.map((s) => s.slowdown),
  ) as [number, number, number];
  return { cpu, io, combine };
}

const FEATURES: (keyof InterferenceFeatures)[] = ['tc', 'tr', 'tw', 'cu', 'ca', 'c0', 'ru', 'wu', 'ra', 'wa', 'iou'];
const row = (x: InterferenceFeatures) =>
  FEATURES.map((f) => (f === 'tc' || f === 'cu' || f === 'ca' || f === 'c0' || f === 'iou' ? x[f] : x[f] * PER_100_MBPS));

/** The comparison models of the paper's Table 5 / Fig. 11: linear and quadratic in the features. */
export function fitLinear(samples: InterferenceSample[]): (x: InterferenceFeatures) => number {
  const w = leastSquares(
    samples.map((s) => [...row(s), 1]),
    samples.map((s) => s.slowdown),
  );
  return (x) => [...row(x), 1].reduce((sum, v, i) => sum + v * w[i], 0);
}
export function fitQuadratic(samples: InterferenceSample[]): (x: InterferenceFeatures) => number {
  const expand = (x: InterferenceFeatures) => {
    const r = row(x);
    return [...r, ...r.map((v) => v * v), 1];
  };
  const w = leastSquares(
    samples.map(expand),
    samples.map((s) => s.slowdown),
  );
  return (x) => expand(x).reduce((sum, v, i) => sum + v * w[i], 0);
}

export interface Accuracy {
  samples: number;
  /** Coefficient of determination, 1 − SSE / SST (sec. 5.4). */
  r2: number;
  /** Mean of |Ŝ − S| / S. */
  meanError: number;
}

export function accuracy(samples: InterferenceSample[], f: (x: InterferenceFeatures) => number): Accuracy {
  if (samples.length === 0) return { samples: 0, r2: 0, meanError: 0 };
  const mean = samples.reduce((s, x) => s + x.slowdown, 0) / samples.length;
  let sse = 0;
  let sst = 0;
  let err = 0;
  for (const s of samples) {
    const p = f(s);
    sse += (s.slowdown - p) ** 2;
    sst += (s.slowdown - mean) ** 2;
    err += Math.abs(p - s.slowdown) / s.slowdown;
  }
  return { samples: samples.length, r2: sst > 0 ? 1 - sse / sst : 1, meanError: err / samples.length };
}

/**
 * The online re-fit (sec. 4.1, every k new observations): the run's recent observations join the
 * profiling samples the model was first fitted on, rather than replace them. A workload that never
 * varies some feature (a pure-CPU one runs no disk streams) would otherwise leave that part of eq.
 * 1-3 unconstrained, and the fit bends it to whatever reduces the error on what it does see.
 */
export function refitOnline(profiling: readonly InterferenceSample[], recent: readonly InterferenceSample[], inUse: InterferenceModel): InterferenceModel {
  return fitInterferenceModel([...profiling, ...recent], inUse);
}

/** ILA's offline model (eq. 1-3) and the profiling runs it was fitted on, which online re-fits keep using. */
export interface FittedInterference {
  model: InterferenceModel;
  samples: InterferenceSample[];
}
