import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { ariaCalibration } from '../../../src-main/runner/calibration/ariaTestbed';
import { liuCalibration } from '../../../src-main/runner/calibration/liuTestbed';

const preset = (name: string) => loadExperiment(path.resolve(__dirname, '../../../resources/presets', `${name}.experiment.json`));
const round = (x: number) => Math.round(x * 10) / 10;

/** docs/model.md "Calibration: the other papers' testbeds": the tables `npm run calibrate` prints, pinned. */
describe("the other papers' testbeds against what they measured", () => {
  it('ARIA Table 1: the profile the model measures for each application, pinned, and invariant over slots as the paper found', () => {
    const { cluster, experiment } = preset('aria-minedf');
    const rows = ariaCalibration(cluster, experiment.simulation);
    expect(
      rows.map((r) => [r.measured.template, r.measured.mapSlots, round(r.model.mAvg), round(r.model.mMax), round(r.model.shTypAvg), round(r.model.rAvg)]),
    ).toEqual([
      ['Twitter', 64, 35.6, 51.7, 31, 83.7],
      ['Twitter', 16, 34.9, 46.1, 31.6, 83.7],
      ['Sort', 64, 3.6, 5.5, 9.6, 6.4],
      ['Sort', 16, 3.4, 4.4, 9.8, 6.4],
      ['WordCount', 64, 9.2, 12.1, 0.5, 1.3],
      ['WordCount', 16, 9.2, 12.1, 0.5, 1.3],
      ['WikiTrends', 64, 65.6, 86.4, 2.9, 4.1],
      ['WikiTrends', 16, 65.5, 86.4, 2.9, 4.1],
    ]);
    // sec. 5.1: the average durations at 64/32 and at 16/16 slots are close (the paper says within
    // 5 %, though its own Sort rows are 5 s and 4 s); here within 10 %.
    for (let i = 0; i < rows.length; i += 2) expect(Math.abs(rows[i].model.mAvg / rows[i + 1].model.mAvg - 1), rows[i].measured.template).toBeLessThan(0.1);
  });

  it('Liu Table 4.4: average map times in the balanced pattern, each job under YARN and Finer-Grained', () => {
    const { cluster, experiment } = preset('liu-balanced');
    const rows = liuCalibration(experiment, cluster);
    expect(rows.map((r) => [r.measured.cpuJob, r.measured.ioJob, ...r.cpuMapS.map(round), ...r.ioMapS.map(round)])).toEqual([
      ['Pi', 'TeraGen', 59.6, 59.6, 147.5, 142.4],
      ['Pi', 'ETL', 59.6, 59.6, 14.7, 14.4],
      ['Bbp', 'TeraGen', 54.7, 54.7, 147.5, 142.4],
      ['Bbp', 'ETL', 54.7, 54.7, 14.7, 14.4],
    ]);
    // As Table 4.4 found, Finer-Grained CPU does not slow a task down (here: within 1 %).
    for (const r of rows) for (const [yarn, fine] of [r.cpuMapS, r.ioMapS]) expect(fine).toBeLessThanOrEqual(yarn * 1.01);
  });
});
