/**
 * Eq. 1's and eq. 2's shape, Ŝ = exp(min(Σ_k p_k·x_k [·0.01] + p_c, 20)) + p_floor, evaluated over
 * one fixed set of samples for Levenberg–Marquardt (interference.ts), as fast as the fits allow
 * and to the same bits as interference.ts `predictCpu` / `predictIo`.
 *
 * Why it exists: a fit's numeric Jacobian asks the model anew for every parameter nudged by
 * `delta`, on every sample, up to 200 times per fit, and ILA re-fits every k observations: that
 * was 85 % of an ILA run. Here one pass per sample gives every nudged value: each term is
 * multiplied once, a nudge of one term reuses the exponent's sum before it, and a nudge of the
 * floor reuses the exponential. Same terms, added in the same order, so the same values as the
 * library's forward differences; tests/unit/models/exponentialFit.test.ts compares them bit for bit.
 */
export interface ExponentialModel {
  /** Parameters: one per term, the exponent's constant, the floor. */
  readonly params: number;
  /** The model at `p` for every sample (kept for the last `p` asked: a fit asks twice an iteration). */
  values(p: readonly number[]): Float64Array;
  /** Sample i's value at `p` with parameter k set to `nudged[k]` instead, for every k, into `out`. */
  nudgedRow(p: readonly number[], nudged: readonly number[], i: number, out: Float64Array): void;
}

/**
 * `columns[k]`: feature k of every sample, as term k multiplies it; `scaled[k]`: whether the term
 * is then multiplied by `scale` (MB/s in hundreds).
 */
export function exponentialModel(columns: readonly Float64Array[], scaled: readonly boolean[], scale: number): ExponentialModel {
  const terms = columns.length;
  const n = terms === 0 ? 0 : columns[0].length;
  // As interference.ts writes a term: p·x, or p·x·scale (left to right).
  const term = (p: number, k: number, i: number) => (scaled[k] ? p * columns[k][i] * scale : p * columns[k][i]);
  const capExp = (v: number) => Math.exp(Math.min(v, 20));
  const own = new Float64Array(terms);
  const prefix = new Float64Array(terms);

  let lastP: number[] = [];
  let lastValues = new Float64Array(0);
  const same = (p: readonly number[]) => p.length === lastP.length && p.every((v, k) => v === lastP[k]);

  return {
    params: terms + 2,
    values(p) {
      if (!same(p)) {
        const out = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          let sum = term(p[0], 0, i);
          for (let k = 1; k < terms; k++) sum = sum + term(p[k], k, i);
          out[i] = capExp(sum + p[terms]) + p[terms + 1];
        }
        lastP = [...p];
        lastValues = out;
      }
      return lastValues;
    },
    nudgedRow(p, nudged, i, out) {
      // Each term at p, and the exponent's partial sums as the model adds them (prefix[k]: terms 0..k).
      for (let k = 0; k < terms; k++) {
        own[k] = term(p[k], k, i);
        prefix[k] = k === 0 ? own[0] : prefix[k - 1] + own[k];
      }
      for (let k = 0; k < terms; k++) {
        const moved = term(nudged[k], k, i);
        let sum = k === 0 ? moved : prefix[k - 1] + moved;
        for (let m = k + 1; m < terms; m++) sum = sum + own[m];
        out[k] = capExp(sum + p[terms]) + p[terms + 1];
      }
      out[terms] = capExp(prefix[terms - 1] + nudged[terms]) + p[terms + 1];
      out[terms + 1] = capExp(prefix[terms - 1] + p[terms]) + nudged[terms + 1];
    },
  };
}

/**
 * The library's forward-difference Jacobian entry, given as its `jacobianFunction` expects: it
 * negates what it is given, and computes `(value − nudged) / delta` itself; negating twice is exact.
 */
export const forwardDifference = (value: number, nudged: number, delta: number): number => -((value - nudged) / delta);
