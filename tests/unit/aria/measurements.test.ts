import { describe, expect, it } from 'vitest';
import { combineMeasurements, measuredClusters, ranOn, sizeSpreadWarning, type AriaMeasurement } from '@shared/aria/measurements';
import { addJob, addMap, addReduce, emptyAriaTotals, type AriaTotals } from '@shared/aria/totals';

/** Totals of maps of the given durations (10 MB in, 5 MB out each) and reduces of the given phases. */
function totals(maps: number[], reduces: number[] = []): AriaTotals {
  const t = emptyAriaTotals();
  for (const s of maps) addMap(t, s, 10, 5);
  // First-wave reduces: started at 0, map stage ended at 10, sort ended at 12, reduce phase `r` long.
  for (const r of reduces) addReduce(t, 0, 12, 12 + r, 10, 20, 2);
  return t;
}
const entry = (key: string, cluster: { id?: string; name: string }, t: AriaTotals, runs = 1): AriaMeasurement => ({
  key,
  batchId: key.split('/')[0],
  name: `entry ${key}`,
  createdAt: '2026-11-26T10:00:00.000Z',
  template: 'WordCount',
  cluster,
  runs,
  schedulers: ['fifo'],
  totals: t,
});

describe('a measured profile from picked history entries (ARIA sec. 3.2)', () => {
  const lab = { id: 'c-lab', name: 'lab' };
  const big = { id: 'c-big', name: 'big' };
  const a = entry('b1/0', lab, totals([10, 20], [30]), 2);
  const b = entry('b2/0', lab, totals([30], [50]));
  const c = entry('b3/1', big, totals([100, 140], [200]));

  it('adds the picked entries up task by task, not entry by entry', () => {
    const both = combineMeasurements([a, b])!;
    // Three maps of 10, 20 and 30 s: their mean, not the mean of the entries' means (15 and 30).
    expect(both.profile).toMatchObject({ mMin: 10, mAvg: 20, mMax: 30, rAvg: 40, rMax: 50, sh1Avg: 2, avgInputMB: 10, selectivityM: 0.5, selectivityR: 0.1 });
    expect(both).toMatchObject({ runs: 3, entries: 2, clusters: ['lab'], typicalShuffleObserved: false });
  });

  it('shows how far apart the entries are: each field from its lowest to its highest entry', () => {
    const all = combineMeasurements([a, b, c])!;
    expect(all.spread.mAvg).toEqual({ min: 15, max: 120 });
    expect(all.spread.rMax).toEqual({ min: 30, max: 200 });
    expect(all.spread.selectivityM).toEqual({ min: 0.5, max: 0.5 });
    expect(all.clusters).toEqual(['lab', 'big']);
    expect(combineMeasurements([])).toBeUndefined();
  });

  it('matches an entry to a cluster by the saved cluster when both name one, else by name', () => {
    expect(ranOn(a, lab)).toBe(true);
    expect(ranOn(a, { id: 'c-other', name: 'lab' })).toBe(false);
    expect(ranOn(entry('b4/0', { name: 'lab' }, totals([1])), lab)).toBe(true);
    expect(measuredClusters([c, a, b])).toEqual([big, lab]);
  });

  it('counts the jobs that went in and their fewest and most maps, and warns when one profile spans sizes ten times apart', () => {
    const sized = (maps: number[]) => {
      const t = totals([10]);
      t.jobs = { count: 0, minMaps: 0, maxMaps: 0 };
      for (const m of maps) addJob(t, m);
      return t;
    };
    const small = entry('b1/0', lab, sized([1, 2, 4]));
    const large = entry('b2/0', lab, sized([400]));
    expect(combineMeasurements([small])!.jobMaps).toEqual({ jobs: 3, min: 1, max: 4 });
    expect(sizeSpreadWarning(combineMeasurements([small])!)).toBeUndefined();
    const both = combineMeasurements([small, large])!;
    expect(both.jobMaps).toEqual({ jobs: 4, min: 1, max: 400 });
    expect(sizeSpreadWarning(both)).toMatch(/^The 4 measured jobs range from 1 to 400 maps \(400× apart\): one profile of such unlike jobs/);
    // Runs stored before jobs were counted add nothing, and alone say nothing.
    const old = entry('b3/0', lab, totals([10]));
    delete old.totals.jobs;
    expect(combineMeasurements([old, small])!.jobMaps).toEqual({ jobs: 3, min: 1, max: 4 });
    expect(combineMeasurements([old])!.jobMaps).toBeUndefined();
  });
});
