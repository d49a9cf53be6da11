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

/** Below this width (px) the size chart's ranges, level, would overlap: up to seven of them, each about 40 px at font 10. */
export const NARROW_SIZES_PX = 370;

/** The preview's chart of job sizes: how many jobs fall in each range of maps, and their share of the jobs. */
export function sizesChart(jobs: readonly { maps?: number }[]) {
  const { labels, counts } = mapBins(jobs);
  return {
    baseOption: {
      tooltip: { trigger: 'axis' },
      grid: { left: 44, right: 16, top: 30, bottom: 30 },
      xAxis: { type: 'category', data: labels, name: 'maps', axisLabel: { interval: 0, fontSize: 10 } },
      yAxis: { type: 'value', name: 'jobs', minInterval: 1 },
      series: [
        {
          name: 'jobs',
          type: 'bar',
          data: counts,
          label: {
            show: true,
            position: 'top',
            formatter: (p: { value: number }) => (jobs.length ? `${Math.round((100 * p.value) / jobs.length)} %` : ''),
          },
        },
      ],
    },
    // In a narrow preview (the editor in a small window) every range is still named, slanted so that
    // none runs into the next ("151-300" is wider than its bar there).
    media: [{ query: { maxWidth: NARROW_SIZES_PX }, option: { xAxis: { axisLabel: { rotate: 35 } }, grid: { bottom: 44 } } }],
  };
}
