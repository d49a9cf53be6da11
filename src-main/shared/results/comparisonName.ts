import { STAMP_AT_END } from '../experiment/batchStamp';

/**
 * The name a comparison across history gets when the user gives none: "A vs B", "A vs B vs C",
 * "A vs B vs C + 2 more", at most 80 characters (a history entry's longest name). The start time
 * an entry's name carries is left out (the comparison lists its sources), unless it is what tells
 * two entries apart: one experiment run twice is "A: 2026-03-02 14:05 vs 2026-03-09 10:00", not
 * "A vs A". The services name it so and the compare dialog shows it as the placeholder.
 */
export function comparisonName(names: readonly string[]): string {
  const parts = names.slice(0, 3).map((n) => {
    const started = STAMP_AT_END.exec(n);
    return { base: started ? n.slice(0, started.index) : n, time: started?.[1] };
  });
  const bases = parts.map((p) => p.base);
  const oneExperiment = parts.length > 1 && bases.every((b) => b === bases[0]) && parts.every((p) => p.time);
  const shown = oneExperiment
    ? `${bases[0]}: ${parts.map((p) => p.time).join(' vs ')}`
    : parts.map((p) => (p.time && bases.filter((b) => b === p.base).length > 1 ? `${p.base} — ${p.time}` : p.base)).join(' vs ');
  const text = names.length > 3 ? `${shown} + ${names.length - 3} more` : shown;
  return text.length <= 80 ? text : `${text.slice(0, 79)}…`;
}
