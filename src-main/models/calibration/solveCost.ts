/**
 * The cost at which the model gives the time a paper measured: the inverse of a calibration run.
 * `timeAt(x)` runs the model with cost `x` (CPU-seconds, MB…) and returns the time it measures. The
 * model's times never fall as a cost grows, but they are not proportional to it and can be flat: a
 * task's CPU overlaps its reads and writes, so more CPU changes nothing until it outlasts them. The
 * search therefore brackets the measured time (doubling or halving the start) and then narrows the
 * bracket by false position, falling back to halving it. The value is rounded to `digits` decimals,
 * the form a preset stores, and `modelS` is the model's time at that value. When even a cost of 0
 * is slower than the paper (the model's floor: the task's I/O alone), 0 is returned with that time,
 * and the caller reports the gap rather than hiding it.
 */
export interface SolvedCost {
  value: number;
  modelS: number;
}

export function solveCost(timeAt: (x: number) => number, measuredS: number, start: number, digits: number, tolerance = 0.01, maxRuns = 40): SolvedCost {
  const step = Number((10 ** -digits).toFixed(digits));
  const round = (x: number) => Number(Math.max(0, x).toFixed(digits));
  const seen = new Map<number, number>();
  const at = (x: number) => {
    const known = seen.get(x);
    if (known !== undefined) return known;
    const t = timeAt(x);
    seen.set(x, t);
    return t;
  };
  const close = (t: number) => Math.abs(t / measuredS - 1) <= tolerance;
  let x = round(start > 0 ? start : step);
  let t = at(x);
  if (close(t)) return { value: x, modelS: t };
  let lo = 0;
  let hi = 0;
  if (t < measuredS) {
    lo = x;
    hi = x;
    while (at(hi) < measuredS && seen.size < maxRuns) hi = round(hi * 2 + step);
    if (at(hi) < measuredS) return { value: hi, modelS: at(hi) };
  } else {
    hi = x;
    lo = x;
    while (lo > 0 && at(lo) > measuredS && seen.size < maxRuns) {
      const half = round(lo / 2);
      lo = half < lo ? half : 0;
    }
    if (at(lo) > measuredS) return { value: lo, modelS: at(lo) };
  }
  while (seen.size < maxRuns && hi - lo > step) {
    const [tl, th] = [at(lo), at(hi)];
    const guess = th > tl ? round(lo + ((measuredS - tl) * (hi - lo)) / (th - tl)) : round((lo + hi) / 2);
    // False position stalls at one end of a bent curve; halving keeps the bracket shrinking.
    x = guess <= lo || guess >= hi ? round((lo + hi) / 2) : guess;
    if (x <= lo || x >= hi) break;
    t = at(x);
    if (close(t)) return { value: x, modelS: t };
    if (t < measuredS) lo = x;
    else hi = x;
  }
  const best = Math.abs(at(lo) - measuredS) <= Math.abs(at(hi) - measuredS) ? lo : hi;
  return { value: best, modelS: at(best) };
}
