/**
 * Problems of an imported file said once where they repeat: rows naming an unknown template each
 * end with the same list of the studio's templates (30 rows, 30 copies of 29 names). The ending
 * after `marker` that two or more lines share is cut from them and given back once, to show below.
 */
export function sharedEnding(lines: readonly string[], marker: string): { lines: string[]; ending?: string } {
  const endings = lines.map((l) => (l.includes(marker) ? l.slice(l.indexOf(marker) + marker.length) : undefined));
  const first = endings.find((e) => e !== undefined);
  if (first === undefined || endings.filter((e) => e === first).length < 2) return { lines: [...lines] };
  return { lines: lines.map((l, i) => (endings[i] === first ? l.slice(0, l.indexOf(marker)) : l)), ending: first };
}
