import { describe, expect, it } from 'vitest';
import { mrClusterSummary, runMeanSlowdown, type MrClusterOutcome, type MrClusterRun } from '@shared/results/mrClusterSummary';

/** FAWKES' per-policy view of its MR-clusters (Ghit et al. sec. 7.3, Fig. 9), on hand-made runs. */
const c = (name: string, avgSlowdown: number | null, reconfigurations = 0, dataMovedMb = 0, killedAttempts = 0): MrClusterOutcome => ({
  name,
  avgSlowdown,
  reconfigurations,
  dataMovedMb,
  killedAttempts,
});
const run = (scheduler: string, seed: number, mrClusters: MrClusterOutcome[]): MrClusterRun => ({ scheduler, seed, mrClusters });

describe('the MR-cluster summary of FAWKES runs', () => {
  it('averages each MR-cluster over seeds, then takes min, median, max and the mean over MR-clusters', () => {
    const s = mrClusterSummary([
      run('TD', 1, [c('c-1', 2, 3, 1024, 5), c('c-2', 10, 1, 0, 0), c('c-3', 1)]),
      run('TD', 2, [c('c-1', 4, 1, 3072, 1), c('c-2', 20, 1, 0, 0), c('c-3', 3)]),
      run('NONE', 1, [c('c-1', 5), c('c-2', 30), c('c-3', 2)]),
    ])!;
    expect(s.names).toEqual(['c-1', 'c-2', 'c-3']);
    expect(s.rows.map((r) => r.scheduler)).toEqual(['TD', 'NONE']);
    const td = s.rows[0];
    expect(td.seeds).toBe(2);
    expect(td.slowdown).toEqual({ 'c-1': 3, 'c-2': 15, 'c-3': 2 });
    expect([td.min, td.median, td.max]).toEqual([2, 3, 15]);
    // Seed 1: (2 + 10 + 1) / 3; seed 2: (4 + 20 + 3) / 3.
    expect(td.mean).toBeCloseTo((13 / 3 + 27 / 3) / 2, 12);
    // Totals over MR-clusters, then the mean over seeds.
    expect(td.reconfigurations).toBe(3);
    expect(td.dataMovedMb).toBe(2048);
    expect(td.killedAttempts).toBe(3);
    expect(s.rows[1]).toMatchObject({ seeds: 1, min: 2, median: 5, max: 30, mean: 37 / 3, reconfigurations: 0 });
  });

  it('leaves out MR-clusters that finished no job, and says "none" only when no run has MR-clusters', () => {
    const s = mrClusterSummary([run('EQ', 1, [c('c-1', null), c('c-2', 4)]), run('EQ', 2, [c('c-1', null), c('c-2', 6)])])!;
    expect(s.rows[0].slowdown).toEqual({ 'c-1': null, 'c-2': 5 });
    expect([s.rows[0].min, s.rows[0].median, s.rows[0].max, s.rows[0].mean]).toEqual([5, 5, 5, 5]);
    expect(runMeanSlowdown({ mrClusters: [c('a', null)] })).toBeNull();
    expect(mrClusterSummary([{ scheduler: 'fifo', seed: 1 }, run('fair', 1, [])])).toBeUndefined();
  });

  it('takes the middle of an even number of MR-clusters as the mean of the two middle ones', () => {
    const s = mrClusterSummary([run('JD', 1, [c('a', 1), c('b', 2), c('c', 4), c('d', 9)])])!;
    expect(s.rows[0].median).toBe(3);
  });
});
