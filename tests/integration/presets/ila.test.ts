import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { runExperiment } from '../../../src-main/runner/runExperiment';

const preset = path.resolve(__dirname, '../../../resources/presets/ila-facebook.experiment.json');

/**
 * ILA sec. 5.2 on the paper's 72-VM virtual cluster and Facebook mix (one seed here; both seeds and
 * the full comparison are in docs/reproductions.md). The direction holds against all four
 * baselines; the size against the Fair-based ones is below the paper's 1.5x (see that page).
 */
describe('ILA preset', () => {
  it('finishes every job under every variant; ILA beats PureFair, Delay, Capacity, LATE, IAO and LAO on mean job time', async () => {
    const loaded = loadExperiment(preset);
    loaded.experiment.seeds = [1];
    const { result } = await runExperiment(loaded);
    const jct = (label: string) => result.runs.find((r) => r.scheduler === label)!.summary.meanJct;
    for (const r of result.runs) expect(r.summary.succeeded, r.scheduler).toBe(r.summary.jobs);
    expect(jct('PureFair') / jct('ila')).toBeGreaterThan(1.15);
    expect(jct('Delay') / jct('ila')).toBeGreaterThan(1.15);
    expect(jct('Capacity') / jct('ila')).toBeGreaterThan(1.5);
    expect(jct('LATE') / jct('ila')).toBeGreaterThan(1.5);
    // And the combination beats either module alone (paper: 1.1-2.0x against IAO).
    expect(jct('iao') / jct('ila')).toBeGreaterThan(1.1);
    expect(jct('lao') / jct('ila')).toBeGreaterThan(1.1);
  }, 240_000);
});
