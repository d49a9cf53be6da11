import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobSpeedup } from '../../../src-main/reports/jobSpeedup';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { runExperiment } from '../../../src-main/runner/runExperiment';

const preset = path.resolve(__dirname, '../../../resources/presets/ila-facebook.experiment.json');

/**
 * ILA sec. 5.2 on the paper's 72-VM virtual cluster and Facebook mix (the first two seeds here; all
 * six and the full comparison are in docs/reproductions.md). The paper's Fig. 5 compares jobs type
 * by type, normalised to ILA, so the measure is the per-job speedup (geometric mean over paired
 * jobs). One seed is not enough: single seeds range from 1.6x to 2.9x against PureFair.
 */
describe('ILA preset', () => {
  it('finishes every job; ILA speeds jobs up at least 1.5x against PureFair, Delay, Capacity, LATE and LAO', async () => {
    const loaded = loadExperiment(preset);
    loaded.experiment.seeds = [1, 2];
    const { result } = await runExperiment(loaded);
    for (const r of result.runs) expect(r.summary.succeeded, `${r.scheduler} seed ${r.seed}`).toBe(r.summary.jobs);
    const ila = Object.fromEntries(jobSpeedup(result, 'ila').rows.map((r) => [r.scheduler, r]));
    // Seeds 1-2: 2.0-2.4x per job against PureFair, Delay and LAO (1.9-2.1x over six seeds).
    for (const other of ['PureFair', 'Delay', 'Capacity', 'LATE', 'lao']) {
      expect(ila[other].pairs, other).toBe(50);
      expect(ila[other].perJob, other).toBeGreaterThan(1.5);
      expect(ila[other].meanJct, other).toBeGreaterThan(1.3);
    }
    expect(ila.Capacity.perJob).toBeGreaterThan(2.5);
    expect(ila.LATE.perJob).toBeGreaterThan(3);
    // Interference awareness is what pays: IAO (greedy locality) beats PureFair per job too. ILA
    // against IAO is not the paper's 1.1-2.0x here: ahead on seeds 1-2, behind over six (see
    // docs/reproductions.md).
    const iao = Object.fromEntries(jobSpeedup(result, 'iao').rows.map((r) => [r.scheduler, r]));
    expect(iao.PureFair.perJob).toBeGreaterThan(1.5);
  }, 600_000);
});
