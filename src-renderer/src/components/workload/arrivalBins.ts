import { niceStep } from '../../utils/timeTicks';

const UNITS = [
  { unit: 'h', seconds: 3600, from: 3 * 3600 },
  { unit: 'min', seconds: 60, from: 180 },
  { unit: 's', seconds: 1, from: 0 },
] as const;
const MULTIPLES = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

export interface ArrivalBins {
  /** The unit the span reads best in: seconds, minutes past 3 min, hours past 3 h. */
  unit: 's' | 'min' | 'h';
  /** Jobs submitted in each bin; bin i covers [i·width, (i+1)·width) in `unit`. */
  counts: number[];
  /** Each bin's start and end in words ("12–14 min"), for the tooltip. */
  ranges: string[];
  /** Each bin's start as the axis labels it ("12"). */
  starts: string[];
  /** Label every this many bins: the labels fall on round instants (0, 10, 20 min). */
  labelEvery: number;
}

/**
 * The preview's arrivals histogram: about `about` bins of a round width (1, 2 or 5 times a power
 * of ten in the unit the span reads best in), so bins and labels start at round instants, not at
 * 54 s, 1.8 min, 2.7 min.
 */
export function arrivalBins(submits: readonly number[], about = 40): ArrivalBins {
  const span = submits.reduce((m, t) => Math.max(m, t), 0);
  const { unit, seconds } = UNITS.find((u) => span >= u.from)!;
  const spanU = span / seconds;
  const width = spanU > 0 ? niceStep(spanU, about) : 1;
  const bins = Math.floor(spanU / width + 1e-9) + 1;
  const counts = new Array<number>(bins).fill(0);
  for (const t of submits) counts[Math.min(bins - 1, Math.floor(t / seconds / width + 1e-9))]++;
  const labelStep = spanU > 0 ? niceStep(spanU, 6) : width;
  const labelEvery = MULTIPLES.find((k) => k * width >= labelStep * (1 - 1e-9)) ?? MULTIPLES[MULTIPLES.length - 1];
  // A bin's range as fine as its width; the labels as fine as their step (whole minutes: "1", not "1.0").
  const binText = numberText(width);
  const labelText = numberText(width * labelEvery);
  return {
    unit,
    counts,
    starts: counts.map((_, i) => labelText(i * width)),
    ranges: counts.map((_, i) => `${binText(i * width)}–${binText((i + 1) * width)} ${unit}`),
    labelEvery,
  };
}

/** Numbers with as many decimals as a step of `step` needs. */
function numberText(step: number): (x: number) => string {
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return (x) => x.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
