/**
 * The name a comparison across history gets when the user gives none: "A vs B", "A vs B vs C",
 * "A vs B vs C + 2 more", at most 80 characters (a history entry's longest name). The start time
 * a run's name carries ("… — 2026-03-02 14:05") is left out: the comparison lists its sources.
 * The services name it so and the compare dialog shows it as the placeholder.
 */
export function comparisonName(names: readonly string[]): string {
  const shown = names
    .slice(0, 3)
    .map((n) => n.replace(/ — \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, ''))
    .join(' vs ');
  const text = names.length > 3 ? `${shown} + ${names.length - 3} more` : shown;
  return text.length <= 80 ? text : `${text.slice(0, 79)}…`;
}
