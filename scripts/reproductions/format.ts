import { formatMeasure, measure, type Measure, type MeasureOutcome, type MeasuredRun } from '../../src-main/shared/results/reproductions';
import { readStoredRuns, type StoredPresetRuns, type StoredRun } from './storedRuns';

/** Number formats of docs/reproductions.md: thousands with commas, a true minus sign. */
export const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const minus = (s: string) => s.replace(/^-/, '−');
export const fixed = (x: number, digits: number) => minus(x.toFixed(digits));
export const grouped = (x: number, digits = 0) => minus(x.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits }));
export const times = (x: number, digits = 2) => `${x.toFixed(digits)}x`;
export const pct = (share: number, digits = 0) => `${fixed(100 * share, digits)} %`;
/** A change as a signed percentage: −17 %, +3 %, 0 %. */
export const signedPct = (change: number, digits = 0) => {
  const s = Math.abs(change).toFixed(digits);
  return Number(s) === 0 ? `0 %` : `${change < 0 ? '−' : '+'}${s} %`;
};
export const pValue = (p: number | null | undefined) => (p === null || p === undefined ? 'no test' : p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);
export const seedRange = (seeds: readonly number[]) => {
  const sorted = [...seeds].sort((a, b) => a - b);
  const consecutive = sorted.every((s, i) => i === 0 || s === sorted[i - 1] + 1);
  return sorted.length === 1 ? `seed ${sorted[0]}` : consecutive ? `seeds ${sorted[0]}-${sorted[sorted.length - 1]}` : `seeds ${sorted.join(', ')}`;
};

/** A markdown table from a header and rows of cells. */
export function table(header: readonly string[], rows: readonly (readonly string[])[], align?: readonly ('l' | 'r')[]): string {
  const rule = header.map((_, i) => (align?.[i] === 'r' ? '---:' : '---'));
  return [header, rule, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** The stored runs as the catalogue's measures read them: by configuration label. */
export function measuredRuns(stored: StoredPresetRuns): Record<string, MeasuredRun[]> {
  const out: Record<string, MeasuredRun[]> = {};
  for (const r of stored.runs) (out[r.scheduler] ??= []).push(asMeasured(r));
  return out;
}

export const asMeasured = (r: StoredRun): MeasuredRun => ({
  seed: r.seed,
  summary: { ...r.summary, schedulerCalls: 0, events: 0 },
  jobs: r.jobs ?? [],
  ...(r.mrClusters ? { mrClusters: r.mrClusters } : {}),
});

/** A catalogue measure on a preset's stored runs. */
export function measureOnStored(preset: string, m: Measure): MeasureOutcome {
  return measure(m, measuredRuns(readStoredRuns(preset)));
}

/** "Mean job time, Fair ÷ PRISM 1.38×: within the paper's range (3 seeds, p = 0.002; …)": a measure, its value and its verdict. */
export function measured(m: Measure, o: MeasureOutcome): string {
  if (o.value === null) return `${m.label}: no value (${o.missing ?? 'not measured'})`;
  return `${m.label} ${formatMeasure(m, o.value)}: ${o.verdict?.text ?? 'no verdict'}`;
}

/** Per scheduler in `stored`, the mean over seeds of a number read from each run. */
export function meanOver(stored: StoredPresetRuns, scheduler: string, f: (r: StoredRun) => number): number {
  const runs = stored.runs.filter((r) => r.scheduler === scheduler);
  if (runs.length === 0) throw new Error(`${stored.preset} has no stored run of "${scheduler}"`);
  return mean(runs.map(f));
}

/** "a, b and c" */
export const listed = (xs: readonly string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);
