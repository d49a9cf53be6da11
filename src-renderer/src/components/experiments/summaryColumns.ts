import { joined, shortLabelParts, type ShortLabel } from '@shared/results/shortLabels';
import type { RunGroup } from './groups';

/** What the summary's header says of its columns: their short names, and how many seeds each ran. */
export interface SummaryColumns {
  /**
   * Each column's name that fits (shared/results/shortLabels.ts), by its full label, in its two parts
   * so a header can break between the name and its source; the full one on hover and in exports.
   */
  short: Map<string, ShortLabel>;
  /** The fewest and most finished seeds of a column, and the fewest of a column with an interval (two or more). */
  fewest: number;
  most: number;
  fewestWithInterval: number;
  /** The columns of one seed when others have more: named, since only they lack an interval. */
  oneSeed: string[];
}

/** The banner speaks of the columns shown, not of the fewest alone. */
export function summaryColumns(groups: readonly RunGroup[]): SummaryColumns {
  const labels = groups.map((g) => g.label);
  const names = shortLabelParts(labels);
  const short = new Map(labels.map((l, i) => [l, names[i]]));
  const seeds = groups.map((g) => g.runs.filter((r) => r.summary).length);
  const most = Math.max(...seeds);
  return {
    short,
    fewest: Math.min(...seeds),
    most,
    fewestWithInterval: Math.min(...seeds.filter((n) => n > 1)),
    oneSeed: most > 1 ? groups.filter((_, i) => seeds[i] === 1).map((g) => joined(short.get(g.label) ?? { own: g.label })) : [],
  };
}

/**
 * What the seeds let the table say, above it: while the batch runs, that each column is read over
 * the seeds finished so far (not that too few were asked for); then one seed's or a few seeds' limits.
 */
export function seedNote(columns: Pick<SummaryColumns, 'fewest' | 'most'>, running = false): string | undefined {
  if (running)
    return 'Still running: each configuration is read over the seeds it has finished so far, so the intervals and any “best” may change as the others finish.';
  if (columns.most === 1) return 'One seed: no intervals and no significance test, so nothing is marked best. Add seeds to compare.';
  if (columns.fewest < 3) return 'Fewer than 3 seeds: the intervals are unreliable and few differences can be significant.';
  return undefined;
}
