/**
 * Which attempts a Gantt chart of a long run draws. Past `budget` bars the page would stall, so
 * the chart thins them — but never so that it lies about the run: the attempts that start first and
 * end last (the span, so the axis reaches the makespan) and the longest attempts (the stragglers a
 * user is looking for) are always kept, and the rest are taken one in k, which the chart states.
 */
export interface GanttSampling {
  /** Attempts drawn. */
  kept: number;
  /** Attempts the run recorded. */
  of: number;
  /** The rest are one in `every` (1: nothing was thinned). */
  every: number;
  /** How many of the longest attempts were kept whatever the thinning. */
  longest: number;
}

/** Share of the budget given to the longest attempts. */
const LONGEST_SHARE = 0.1;

export function pickGanttAttempts(start: ArrayLike<number>, end: ArrayLike<number>, budget: number): { indices: Int32Array; sampling: GanttSampling } {
  const n = start.length;
  if (n <= budget) return { indices: Int32Array.from({ length: n }, (_, i) => i), sampling: { kept: n, of: n, every: 1, longest: 0 } };
  const keep = new Uint8Array(n);
  let first = 0;
  let last = 0;
  for (let i = 1; i < n; i++) {
    if (start[i] < start[first]) first = i;
    if (end[i] > end[last]) last = i;
  }
  keep[first] = 1;
  keep[last] = 1;
  // The longest attempts: sort indices by duration only as far as needed (a partial selection by threshold).
  const longest = Math.max(1, Math.floor(budget * LONGEST_SHARE));
  const durations = new Float64Array(n);
  for (let i = 0; i < n; i++) durations[i] = end[i] - start[i];
  const threshold = Float64Array.from(durations).sort()[n - longest];
  // Strictly longer first, then ties at the threshold, so a long attempt never loses its place to a tie.
  let taken = 0;
  for (let i = 0; i < n; i++) {
    if (durations[i] > threshold) {
      keep[i] = 1;
      taken++;
    }
  }
  for (let i = 0; i < n && taken < longest; i++) {
    if (durations[i] === threshold && !keep[i]) {
      keep[i] = 1;
      taken++;
    }
  }
  const fixed = keep.reduce((s, k) => s + k, 0);
  const every = Math.ceil(n / Math.max(1, budget - fixed));
  for (let i = 0; i < n; i += every) keep[i] = 1;
  const indices = new Int32Array(keep.reduce((s, k) => s + k, 0));
  for (let i = 0, k = 0; i < n; i++) if (keep[i]) indices[k++] = i;
  return { indices, sampling: { kept: indices.length, of: n, every, longest: taken } };
}
