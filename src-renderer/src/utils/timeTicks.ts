/**
 * Round instants for a time axis from `from` to `to` seconds: a step of 1, 2 or 5 times a power of
 * ten giving nearest `about` intervals, and each tick a multiple of it ("0 s, 50 s, 100 s", not "0 s,
 * 63 s, 126 s"), labelled with as many decimals as the step needs when zoomed into a second.
 */
export function timeTicks(from: number, to: number, about = 6): { t: number; label: string }[] {
  const span = to - from;
  if (!(span > 0) || !Number.isFinite(span)) return [{ t: from, label: secondsLabel(from, 0) }];
  const step = niceStep(span, about);
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const out: { t: number; label: string }[] = [];
  // Counted in steps from a multiple of the step, so that no tick drifts by adding.
  for (let k = Math.ceil(from / step - 1e-9); k * step <= to + step * 1e-9; k++) {
    const t = k * step + 0; // never a negative zero's "-0 s"
    out.push({ t, label: secondsLabel(t, decimals) });
  }
  return out;
}

function secondsLabel(t: number, decimals: number): string {
  return `${t.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })} s`;
}

/** A step of 1, 2 or 5 times a power of ten that cuts `span` into nearest `about` parts. */
export function niceStep(span: number, about: number): number {
  const power = 10 ** Math.floor(Math.log10(span / about));
  return [1, 2, 5, 10].map((m) => m * power).reduce((best, s) => (Math.abs(span / s - about) < Math.abs(span / best - about) ? s : best));
}
