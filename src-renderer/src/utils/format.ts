export { andList, plural } from '@shared/plural';
export const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const bytes = (n: number) =>
  n >= 1e9 ? `${(n / 1e9).toFixed(2)} GB` : n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : n >= 1e3 ? `${(n / 1e3).toFixed(0)} KB` : `${n} B`;
export const seconds = (s: number) => (s >= 3600 ? `${(s / 3600).toFixed(1)} h` : s >= 60 ? `${(s / 60).toFixed(1)} min` : `${s.toFixed(s < 10 ? 1 : 0)} s`);
/** A quantity as typed: 80 → "80", 1536 → "1,536", and a small one keeps its digits (0.0001, never "0"). */
export const amount = (x: number) => x.toLocaleString(undefined, x !== 0 && Math.abs(x) < 1 ? { maximumSignificantDigits: 3 } : undefined);
