/** Size bins of the Facebook trace as the ILA paper's Table 4 groups them: maps from, to, label. */
const BINS: [number, number, string][] = [
  [1, 2, '1-2'],
  [3, 20, '3-20'],
  [21, 150, '21-150'],
  [151, 300, '151-300'],
  [301, 500, '301-500'],
  [501, Infinity, '> 500'],
];

/** Where a job sized by its input alone goes: its maps come from the cluster's block size, which a workload does not know. */
export const BY_INPUT = 'by input';

/** How many jobs fall in each bin of maps (the preview's size chart); jobs sized by input in a bar of their own. */
export function mapBins(jobs: readonly { maps?: number }[]): { labels: string[]; counts: number[] } {
  const labels = BINS.map((b) => b[2]);
  const counts = BINS.map(() => 0);
  let byInput = 0;
  for (const j of jobs) {
    const maps = j.maps;
    if (maps === undefined) {
      byInput++;
      continue;
    }
    const b = BINS.findIndex(([lo, hi]) => maps >= lo && maps <= hi);
    counts[b < 0 ? 0 : b]++;
  }
  if (byInput) {
    labels.push(BY_INPUT);
    counts.push(byInput);
  }
  return { labels, counts };
}
