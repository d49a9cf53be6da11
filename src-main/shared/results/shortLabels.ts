/** Where a configuration's name and its source's are joined in a comparison across history ("fair (delay) — March — 2026-11-28 09:10"). */
const SEPARATOR = ' — ';

interface Parts {
  own: string;
  words: string[];
}

/**
 * The words of each source that differ between them: the run of words all share at the start and at
 * the end dropped. Where that would leave one source with nothing ("… 14:35" beside "… 14:35 (2)"),
 * the last shared word before the difference stays with each ("14:35", "14:35 (2)"): a name alone
 * beside a name with a source would not say which entry it came from.
 */
function differing(parts: readonly Parts[]): string[] {
  const first = parts[0].words;
  let head = 0;
  while (parts.every((p) => head < p.words.length && p.words[head] === first[head])) head++;
  let tail = 0;
  while (parts.every((p) => tail < p.words.length - head && p.words[p.words.length - 1 - tail] === first[first.length - 1 - tail])) tail++;
  const kept = () =>
    parts.map((p) =>
      p.words
        .slice(head, p.words.length - tail)
        .join(' ')
        .replace(/^—\s*|\s*—$/g, '')
        .trim(),
    );
  let texts = kept();
  while (texts.some((t) => !t) && texts.some(Boolean) && (head > 0 || tail > 0)) {
    if (head > 0) head--;
    else tail--;
    texts = kept();
  }
  return texts;
}

/** A column's short name in its two parts: the configuration's own name, and what tells its source apart (none when nothing needs to). */
export interface ShortLabel {
  own: string;
  source?: string;
}

/**
 * Column names that fit: each configuration's own name, and of its source (batch name and date,
 * cluster, workload) only the words that tell it from the other columns of the same configuration.
 * "fair (delay) — March — 2026-11-28 09:10" beside "fair (delay) — April — 2026-11-28 09:10" reads
 * "fair (delay) · March" and "fair (delay) · April"; a configuration in one column only reads as
 * itself. Names without a source, and any shortening that would make two columns read alike, are
 * kept whole (as `own`); the full names stay for hover and exports.
 */
export function shortLabelParts(labels: readonly string[]): ShortLabel[] {
  const parts: Parts[] = labels.map((l) => {
    const i = l.indexOf(SEPARATOR);
    return i < 0 ? { own: l, words: [] } : { own: l.slice(0, i), words: l.slice(i + SEPARATOR.length).split(' ') };
  });
  const whole = labels.map((l) => ({ own: l }));
  if (parts.every((p) => p.words.length === 0)) return whole;
  const byOwn = new Map<string, number[]>();
  parts.forEach((p, i) => byOwn.set(p.own, [...(byOwn.get(p.own) ?? []), i]));
  const short: ShortLabel[] = parts.map((p) => ({ own: p.own }));
  for (const indices of byOwn.values()) {
    if (indices.length < 2) continue;
    const kept = differing(indices.map((i) => parts[i]));
    indices.forEach((i, k) => (short[i] = kept[k] ? { own: parts[i].own, source: kept[k] } : { own: parts[i].own }));
  }
  return new Set(short.map(joined)).size === short.length ? short : whole;
}

/** A short name as one line of text: "fair (delay) · March". */
export const joined = (s: ShortLabel): string => (s.source ? `${s.own} · ${s.source}` : s.own);

/** The short names as text (shortLabelParts, joined). */
export function shortLabels(labels: readonly string[]): string[] {
  return shortLabelParts(labels).map(joined);
}
