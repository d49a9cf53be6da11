import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { ariaCalibration, ariaPricing, presetAriaCosts } from '../../../src-main/runner/calibration/ariaTestbed';
import { liuCalibration, liuPricing } from '../../../src-main/runner/calibration/liuTestbed';
import { LIU_PATTERNS } from '../../../src-main/models/calibration/liuTaskTable';

const preset = (name: string) => loadExperiment(path.resolve(__dirname, '../../../resources/presets', `${name}.experiment.json`));
const round = (x: number) => Math.round(x * 10) / 10;

/** docs/model.md "Calibration: the other papers' testbeds": the tables `npm run calibrate` prints, pinned. */
describe("the other papers' testbeds against what they measured", () => {
  it('ARIA Table 1: the preset carries the costs priced from the 64/32 rows, which give their average map and reduce times', () => {
    const { cluster, experiment, workload } = preset('aria-minedf');
    const costs = presetAriaCosts(workload.generate?.mix ?? []);
    expect(costs).toEqual(ariaPricing(cluster, experiment.simulation));
    const rows = ariaCalibration(cluster, experiment.simulation, costs);
    expect(
      rows.map((r) => [
        r.measured.template,
        r.measured.mapSlots,
        round(r.model.mAvg),
        round(r.model.selectivityM),
        round(r.model.shTypAvg),
        round(r.model.rAvg),
      ]),
    ).toEqual([
      ['Twitter', 64, 30, 3.2, 45.6, 22],
      ['Twitter', 16, 29.5, 3.2, 45.8, 22],
      ['Sort', 64, 5, 1, 39.2, 53],
      ['Sort', 16, 4.9, 1, 39.6, 53],
      ['WordCount', 64, 34, 1.3, 21.8, 11],
      ['WordCount', 16, 33.9, 1.3, 21.5, 11],
      ['WikiTrends', 64, 98.7, 10, 62.7, 67],
      ['WikiTrends', 16, 95.9, 10, 63.3, 67],
    ]);
    for (const r of rows.filter((x) => x.measured.mapSlots === 64)) {
      expect(Math.abs(r.model.mAvg / r.measured.mAvg - 1), r.measured.template).toBeLessThan(0.01);
      expect(r.model.selectivityM, r.measured.template).toBeCloseTo(r.measured.selectivityM, 2);
      // WikiTrends' reduce writes alone outlast the table's 26 s (its floor in the model): reported, not priced away.
      if (r.measured.template !== 'WikiTrends') expect(Math.abs(r.model.rAvg / r.measured.rAvg - 1), r.measured.template).toBeLessThan(0.01);
    }
    // sec. 5.1: the average durations at 64/32 and at 16/16 slots are close (the paper says within
    // 5 %, though its own Sort rows are 5 s and 4 s); here within 5 %.
    for (let i = 0; i < rows.length; i += 2) expect(Math.abs(rows[i].model.mAvg / rows[i + 1].model.mAvg - 1), rows[i].measured.template).toBeLessThan(0.05);
  });

  it('Liu Tables 4.4-4.6: each pattern preset carries its jobs priced from the YARN map times; Finer-Grained slows no CPU task', () => {
    const priced: (string | number)[][] = [];
    for (const pattern of LIU_PATTERNS) {
      const { cluster, experiment } = preset(pattern.preset);
      const jobs = 'jobs' in experiment.workload ? experiment.workload.jobs : [];
      expect(jobs, pattern.preset).toEqual(liuPricing(experiment, cluster, pattern));
      for (const r of liuCalibration(experiment, cluster, pattern)) {
        expect(Math.abs(r.model[0] / r.measured[0] - 1), `${pattern.preset} ${r.id}`).toBeLessThan(0.015);
        // As Tables 4.4-4.6 found, Finer-Grained CPU does not slow a CPU task down (here: within 1 %).
        if (r.template === 'Pi' || r.template === 'Bbp') expect(r.model[1], `${pattern.preset} ${r.id}`).toBeLessThanOrEqual(r.model[0] * 1.01);
        priced.push([pattern.preset, r.id, r.knob, r.value, round(r.model[1])]);
      }
    }
    expect(priced).toEqual([
      ['liu-balanced', 'pi', 'mapCpuSPerTask', 78.7, 78.2],
      ['liu-balanced', 'teragen', 'outputMbPerMap', 2713, 190.2],
      ['liu-cpu-heavy', 'pi', 'mapCpuSPerTask', 79.1, 78.3],
      ['liu-cpu-heavy', 'bbp', 'mapCpuSPerTask', 86.6, 87.5],
      ['liu-cpu-heavy', 'teragen', 'outputMbPerMap', 1864, 109.5],
      ['liu-io-heavy', 'pi', 'mapCpuSPerTask', 96.9, 95.9],
      ['liu-io-heavy', 'teragen', 'outputMbPerMap', 1884, 179.6],
      ['liu-io-heavy', 'etl', 'inputMbPerMap', 997, 194.4],
    ]);
  });
});
