import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { runExperiment } from '../../../src-main/runner/runExperiment';
import { measureOnStored } from '../../../scripts/reproductions/format';
import { catalogueMeasure } from '../../../scripts/reproductions/sections/catalogue';
import { RECORD_AGAIN, differencesFromStored } from '../../../scripts/reproductions/storedRuns';

const preset = (name: string) => path.resolve(__dirname, '../../../resources/presets', name);

/** The Reproduce area's verdict on one of the preset's measures (the runs are the stored ones: checked first). */
const verdictOf = (name: string, id: string) => measureOnStored(name, catalogueMeasure('prism', name, id)).verdict?.kind;

/**
 * PRISM sec. 6.3 (Fig. 15) on the calibrated testbed (docs/model.md "Calibration: PRISM's
 * testbed"): batches of 50 PUMA and 25 Gridmix 2 jobs, each seed drawing its batch afresh, six
 * seeds paired. On PUMA PRISM's mean job time is shorter than both Fair's and YARN's; YARN's is
 * separated by the paired test and within the paper's "up to 1.3x" here, Fair's (a lead of about
 * 4 %) on twenty held-out seeds (prismHeldOut.test.ts), which six seeds do not always separate. On
 * Gridmix 2 no difference is separated from either (docs/reproductions.md explains what the
 * measurements show of why).
 */
describe('PRISM presets on the calibrated testbed', () => {
  it('PUMA batch: PRISM ahead of Fair and YARN on mean job time, as the paper finds (of Fair, separated on held-out seeds)', async () => {
    const file = 'prism-puma.experiment.json';
    const { result } = await runExperiment(loadExperiment(preset(file)));
    expect(differencesFromStored('prism-puma', result), RECORD_AGAIN).toEqual([]);
    expect(result.runs.every((r) => r.summary.succeeded === r.summary.jobs)).toBe(true);
    expect(new Set(result.runs.map((r) => r.summary.jobs))).toEqual(new Set([50]));
    const meanJct = (scheduler: string) => {
      const runs = result.runs.filter((r) => r.scheduler === scheduler);
      return runs.reduce((sum, r) => sum + r.summary.meanJct, 0) / runs.length;
    };
    expect(meanJct('Hadoop Fair Scheduler 0.20.2 (8/6 slots)')).toBeGreaterThan(meanJct('PRISM'));
    expect(verdictOf(file.replace('.experiment.json', ''), 'jct-yarn')).toBe('within');
  }, 300_000);

  it('Gridmix 2 batch: no difference separated from Fair or YARN on mean job time', async () => {
    const file = 'prism-gridmix.experiment.json';
    const { result } = await runExperiment(loadExperiment(preset(file)));
    expect(differencesFromStored('prism-gridmix', result), RECORD_AGAIN).toEqual([]);
    expect(result.runs.every((r) => r.summary.succeeded === r.summary.jobs)).toBe(true);
    expect(new Set(result.runs.map((r) => r.summary.jobs))).toEqual(new Set([25]));
    expect(verdictOf(file.replace('.experiment.json', ''), 'jct-fair')).toBe('unseparated');
    expect(verdictOf(file.replace('.experiment.json', ''), 'jct-yarn')).toBe('unseparated');
  }, 300_000);
});
