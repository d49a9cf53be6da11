import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobLocality } from '../../../src-main/reports/jobLocalityReport';
import { jobSpeedup } from '../../../src-main/reports/jobSpeedupReport';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { runExperiment } from '../../../src-main/runner/runExperiment';
import { RECORD_AGAIN, differencesFromStored } from '../../../scripts/reproductions/storedRuns';

const preset = path.resolve(__dirname, '../../../resources/presets/ila-facebook.experiment.json');

/**
 * ILA sec. 5.2 on the paper's 72-VM virtual cluster and Facebook mix (the first two seeds here; all
 * six and the full comparison are in docs/reproductions.md). The paper's Fig. 5 compares jobs type
 * by type, normalised to ILA, so the measure is the per-job speedup (geometric mean over paired
 * jobs). One seed is not enough: single seeds range from 2.6x to 3.8x against PureFair.
 */
describe('ILA preset', () => {
  it('finishes every job; ILA speeds jobs up at least 1.5x against PureFair, Delay, Capacity, LATE and LAO; small I/O jobs read locally', async () => {
    const loaded = loadExperiment(preset);
    loaded.experiment.seeds = [1, 2];
    const { result } = await runExperiment(loaded);
    expect(differencesFromStored('ila-facebook', result), RECORD_AGAIN).toEqual([]);
    for (const r of result.runs) expect(r.summary.succeeded, `${r.scheduler} seed ${r.seed}`).toBe(r.summary.jobs);
    const ila = Object.fromEntries(jobSpeedup(result, 'ILA').rows.map((r) => [r.scheduler, r]));
    // Seeds 1-2: 2.7-3.7x per job against PureFair, Delay and LAO (2.9-3.4x over six seeds).
    for (const other of ['PureFair', 'Delay', 'Capacity', 'LATE', 'LAO']) {
      expect(ila[other].pairs, other).toBe(50);
      expect(ila[other].perJob, other).toBeGreaterThan(1.5);
      expect(ila[other].meanJct, other).toBeGreaterThan(1.3);
    }
    expect(ila.Capacity.perJob).toBeGreaterThan(2.5);
    expect(ila.LATE.perJob).toBeGreaterThan(3);
    // Interference awareness is what pays most: IAO (greedy locality) beats PureFair per job too.
    // What locality adds on top is not reproduced (the paper has 1.1-2.0x over IAO): ILA is level
    // with IAO per job. On these two seeds it read 1.07x with each map's end heard at once and 0.97x
    // to 1.02x with the heartbeat a millisecond off; over nine seeds 0.99x-1.00x at every setting
    // (docs/reproductions.md, "What changed the results (2026-12-06)").
    const iao = Object.fromEntries(jobSpeedup(result, 'IAO').rows.map((r) => [r.scheduler, r]));
    expect(iao.PureFair.perJob).toBeGreaterThan(1.5);
    expect(ila.IAO.perJob).toBeGreaterThan(0.9);
    expect(ila.IAO.perJob).toBeLessThan(1.1);
    // Fig. 7: the small I/O job TeraSort(2) has two blocks, so few nodes hold its input; greedy
    // schedulers, which do not know server locality, read it locally about a third of the time or
    // less, ILA with server locality and the adaptive delay nearly always (paper: under 35 % against
    // 85 %). Seeds 1-2: ILA 100 %, PureFair 13 %, Capacity 25 %, LATE 29 %, IAO 13 %.
    const small = jobLocality(result).rows.find((r) => r.group === 'TeraSort(2)')!;
    const local = (s: string) => small.cells[s].local / small.cells[s].maps;
    expect(local('ILA')).toBeGreaterThan(0.85);
    for (const greedy of ['PureFair', 'Capacity', 'LATE', 'IAO']) expect(local('ILA') - local(greedy), greedy).toBeGreaterThan(0.3);
  }, 600_000);
});
