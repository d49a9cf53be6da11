import type { AriaProfile } from './profile';

/**
 * The job profiles of the ARIA paper's Table 1 (the 64 map / 32 reduce slot rows, seconds), for
 * the planner's starting points and the tests. The paper gives no map input size; 64 MB is the
 * block size of its testbed (sec. 5).
 */
export const TABLE1_PROFILES: Record<'Twitter' | 'Sort' | 'WordCount' | 'WikiTrends', AriaProfile> = {
  Twitter: {
    mMin: 26,
    mAvg: 30,
    mMax: 42,
    avgInputMB: 64,
    selectivityM: 3.24,
    selectivityR: 3.2e-8,
    sh1Avg: 8,
    sh1Max: 11,
    shTypAvg: 37,
    shTypMax: 40,
    rAvg: 22,
    rMax: 44,
  },
  Sort: { mMin: 2, mAvg: 5, mMax: 16, avgInputMB: 64, selectivityM: 1, selectivityR: 1, sh1Avg: 7, sh1Max: 13, shTypAvg: 30, shTypMax: 50, rAvg: 53, rMax: 75 },
  WordCount: {
    mMin: 5,
    mAvg: 34,
    mMax: 40,
    avgInputMB: 64,
    selectivityM: 1.31,
    selectivityR: 0.46,
    sh1Avg: 8,
    sh1Max: 11,
    shTypAvg: 24,
    shTypMax: 30,
    rAvg: 11,
    rMax: 14,
  },
  WikiTrends: {
    mMin: 66,
    mAvg: 99,
    mMax: 120,
    avgInputMB: 64,
    selectivityM: 9.98,
    selectivityR: 0.37,
    sh1Avg: 13,
    sh1Max: 27,
    shTypAvg: 115,
    shTypMax: 142,
    rAvg: 26,
    rMax: 34,
  },
};
