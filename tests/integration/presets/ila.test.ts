import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobSpeedup } from '../../../src-main/reports/jobSpeedup';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { runExperiment } from '../../../src-main/runner/runExperiment';

const preset = path.resolve(__dirname, '../../../resources/presets/ila-facebook.experiment.json');

/**
 * ILA sec. 5.2 on the paper's 72-VM virtual cluster and Facebook mix (one seed here; all six and
 * the full comparison are in docs/reproductions.md). The paper's Fig. 5 compares jobs type by type,
 * normalised to ILA, so the measure is the per-job speedup (geometric mean over paired jobs).
 */
describe('ILA preset', () => {
  it('finishes every job; ILA speeds jobs up at least 1.5x against PureFair, Delay, Capacity, LATE and LAO', async () => {
    const loaded = loadExperiment(preset);
    loaded.experiment.seeds = [1];
    const { result } = await runExperiment(loaded);
    for (const r of result.runs) expect(r.summary.succeeded, r.scheduler).toBe(r.summary.jobs);
    const ila = Object.fromEntries(jobSpeedup(result, 'ila').rows.map((r) => [r.scheduler, r]));
    // Seed 1: about 2x per job against PureFair, Delay and LAO (1.8-2.1x over six seeds).
    for (const other of ['PureFair', 'Delay', 'Capacity', 'LATE', 'lao']) {
      expect(ila[other].pairs, other).toBe(25);
      expect(ila[other].perJob, other).toBeGreaterThan(1.5);
      expect(ila[other].meanJct, other).toBeGreaterThan(1.5);
    }
    expect(ila.Capacity.perJob).toBeGreaterThan(3);
    expect(ila.LATE.perJob).toBeGreaterThan(3);
    // Interference awareness alone pays: IAO (greedy locality) beats PureFair per job. ILA against
    // IAO hangs on the fitted model (level on seed 1; see docs/reproductions.md), so it is not asserted.
    const iao = Object.fromEntries(jobSpeedup(result, 'iao').rows.map((r) => [r.scheduler, r]));
    expect(iao.PureFair.perJob).toBeGreaterThan(1.5);
  }, 300_000);
});
