/** A run's job ids as a hint, the first few and how many more: a day of a trace has thousands. */
export function jobIdsInWords(ids: readonly string[]): string {
  const shown = ids.slice(0, 5).map((id) => `"${id}"`);
  return ids.length > shown.length ? `${shown.join(', ')} and ${(ids.length - shown.length).toLocaleString('en-US')} more` : shown.join(', ');
}
