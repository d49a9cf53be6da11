import { linearAlgebra } from './linearAlgebra';

export interface FitData {
  x: readonly number[];
  y: readonly number[];
}

export interface FitOptions {
  initialValues: readonly number[];
  minValues: readonly number[];
  maxValues: readonly number[];
  damping: number;
  maxIterations: number;
  /** The fit stops once the sum of squared errors is at most this; a better fit must beat the best by more. */
  errorTolerance: number;
  /** For parameters p, a function giving sample x's partial derivatives of the model, one per parameter. */
  jacobianFunction: (p: number[]) => (x: number) => number[];
}

export interface FitResult {
  parameterValues: number[];
  parameterError: number;
  iterations: number;
}

// The damping rule of ml-levenberg-marquardt's defaults: down by 9 after a step that did at least
// 1e-3 of what the linear model promised, up by 11 otherwise, within [1e-7, 1e7].
const DAMPING_DOWN = 9;
const DAMPING_UP = 11;
const IMPROVEMENT_THRESHOLD = 1e-3;

/**
 * Levenberg–Marquardt with an analytic Jacobian, step for step the one of ml-levenberg-marquardt
 * 5.1.0 with unit weights: the same damping rule, bounds and stopping rule, and every sum taken in
 * the same order, so it returns the same coefficients to the last bit (tests/unit/models/
 * levenbergMarquardt.test.ts holds it to the library). What differs is where the numbers live: the
 * library keeps the Jacobian (parameters × samples) and J·Jᵀ in ml-matrix objects read one
 * `get` at a time, which was about 40 % of an ILA run (its model is re-fitted every k
 * observations, sec. 4.1, over up to 2,120 samples, 430 iterations a re-fit); here they are flat
 * arrays. The small p × p solve stays ml-matrix's Cholesky (its inverse when not positive definite).
 */
export function levenbergMarquardt(data: FitData, model: (p: number[]) => (x: number) => number, options: FitOptions): FitResult {
  const { x, y } = data;
  const n = x.length;
  if (!(options.damping > 0)) throw new Error('the damping must be a positive number');
  if (n < 2 || y.length !== n) throw new Error('a fit needs at least 2 samples, each with its x and y');
  if (options.initialValues.length === 0) throw new Error('a fit needs initial values');
  const { Matrix, CholeskyDecomposition, inverse } = linearAlgebra();
  const { minValues, maxValues, errorTolerance } = options;
  const parameters = Array.from(options.initialValues);
  const p = parameters.length;
  const jacobian = new Float64Array(p * n);
  const residual = new Float64Array(n);
  const hessian: number[][] = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const gradient: number[][] = Array.from({ length: p }, () => [0]);

  const errorAt = (params: number[]): number => {
    const f = model(params);
    let error = 0;
    for (let i = 0; i < n; i++) error += (y[i] - f(x[i])) ** 2;
    return error;
  };

  let damping = options.damping;
  let error = errorAt(parameters);
  let optimalError = error;
  let optimalParameters = parameters.slice();
  let converged = error <= errorTolerance;
  let iteration = 0;
  for (; iteration < options.maxIterations && !converged; iteration++) {
    const previousError = error;
    const f = model(parameters);
    const partials = options.jacobianFunction(parameters);
    for (let i = 0; i < n; i++) {
      residual[i] = y[i] - f(x[i]);
      // The Jacobian of the residuals, y − model: the model's partials negated.
      const row = partials(x[i]);
      for (let k = 0; k < p; k++) jacobian[k * n + i] = -row[k];
    }
    // J·Jᵀ (upper triangle, mirrored) plus the damping on the diagonal, and J·r: each sum over the
    // samples in order, as the library's mmulByTranspose and mmul take them.
    for (let j = 0; j < p; j++) {
      const rowJ = j * n;
      for (let i = j; i < p; i++) {
        const rowI = i * n;
        let s = 0;
        for (let k = 0; k < n; k++) s += jacobian[rowI + k] * jacobian[rowJ + k];
        hessian[i][j] = s;
        hessian[j][i] = s;
      }
    }
    for (let i = 0; i < p; i++) hessian[i][i] = hessian[i][i] + damping;
    for (let i = 0; i < p; i++) {
      const rowI = i * n;
      let s = 0;
      for (let k = 0; k < n; k++) s += jacobian[rowI + k] * residual[k];
      gradient[i][0] = s;
    }
    const H = new Matrix(hessian);
    const g = new Matrix(gradient);
    const cholesky = new CholeskyDecomposition(H);
    const step = cholesky.isPositiveDefinite() ? cholesky.solve(g) : inverse(H).mmul(g);

    for (let k = 0; k < p; k++) parameters[k] = Math.min(Math.max(minValues[k], parameters[k] - step.get(k, 0)), maxValues[k]);
    error = errorAt(parameters);
    if (isNaN(error)) break;
    if (error < optimalError - errorTolerance) {
      optimalError = error;
      optimalParameters = parameters.slice();
    }
    // What the step did against what the damped linear model promised: δ·(λδ + Jr).
    let promised = 0;
    for (let k = 0; k < p; k++) {
      const d = step.get(k, 0);
      promised += d * (d * damping + gradient[k][0]);
    }
    const improvement = (previousError - error) / promised;
    damping = improvement > IMPROVEMENT_THRESHOLD ? Math.max(damping / DAMPING_DOWN, 1e-7) : Math.min(damping * DAMPING_UP, 1e7);
    converged = error <= errorTolerance;
  }
  return { parameterValues: optimalParameters, parameterError: optimalError, iterations: iteration };
}
