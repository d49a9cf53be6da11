/**
 * ARIA's job profiles as the paper measured them (Verma et al., ICAC 2011 provisioning paper,
 * sec. 5.1, Table 1): four applications on the 66-node testbed with 64 map and 32 reduce slots, and
 * with 16 and 16. Durations in seconds; selectivities as ratios.
 */
export interface MeasuredAriaProfile {
  template: string;
  mapSlots: number;
  reduceSlots: number;
  mMin: number;
  mAvg: number;
  mMax: number;
  selectivityM: number;
  sh1Avg: number;
  shTypAvg: number;
  rAvg: number;
  rMax: number;
  selectivityR: number;
}

const row = (
  template: string,
  mapSlots: number,
  reduceSlots: number,
  m: number[],
  selectivityM: number,
  sh1Avg: number,
  shTypAvg: number,
  r: number[],
  selectivityR: number,
) => ({
  template,
  mapSlots,
  reduceSlots,
  mMin: m[0],
  mAvg: m[1],
  mMax: m[2],
  selectivityM,
  sh1Avg,
  shTypAvg,
  rAvg: r[0],
  rMax: r[1],
  selectivityR,
});

export const ARIA_TABLE_1: readonly MeasuredAriaProfile[] = [
  row('Twitter', 64, 32, [26, 30, 42], 3.24, 8, 37, [22, 44], 3.2e-8),
  row('Twitter', 16, 16, [26, 29, 43], 3.24, 7, 37, [21, 41], 3.2e-8),
  row('Sort', 64, 32, [2, 5, 16], 1, 7, 30, [53, 75], 1),
  row('Sort', 16, 16, [2, 4, 14], 1, 8, 30, [44, 73], 1),
  row('WordCount', 64, 32, [5, 34, 40], 1.31, 8, 24, [11, 14], 0.46),
  row('WordCount', 16, 16, [5, 34, 41], 1.31, 7, 23, [10, 14], 0.46),
  row('WikiTrends', 64, 32, [66, 99, 120], 9.98, 13, 115, [26, 34], 0.37),
  row('WikiTrends', 16, 16, [65, 98, 121], 9.98, 15, 113, [26, 32], 0.37),
];

/**
 * The datasets the applications ran on (sec. 5.1 runs "the same datasets" as sec. 5.3, whose table
 * gives them): maps of one 64 MB block each and 64 reduces. Table 1 does not give the data per
 * reduce; these do, so a reduce's cost per MB can be priced from Table 1's reduce times.
 */
export const ARIA_DATASETS: Readonly<Record<string, { maps: number; reduces: number }>> = {
  Twitter: { maps: 370, reduces: 64 },
  Sort: { maps: 1024, reduces: 64 },
  WikiTrends: { maps: 168, reduces: 64 },
  WordCount: { maps: 425, reduces: 64 },
};
