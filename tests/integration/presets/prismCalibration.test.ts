import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExperimentSchema } from '@shared/experiment/experiment';
import { jobCalibration, presetParts, prismPhaseProfiles, slotSweep, type TestbedSetting } from '../../../src-main/runner/calibration/prismTestbed';
import { PRISM_TESTBED } from '../../../src-main/models/calibration/prismJobTable';
import { isKind } from '../../../src-main/schedulers/builtIns';

const preset = (name: string) => ExperimentSchema.parse(JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../resources/presets', name), 'utf8')));
const { cluster } = presetParts(preset('prism-puma.experiment.json'));
const calibrated: TestbedSetting = {
  assignMultiple: false,
  taskDiskMBps: PRISM_TESTBED.taskDiskMBps,
  diskThrashing: PRISM_TESTBED.diskThrashing,
  setupCommit: true,
};
const round = (x: number) => Math.round(x * 10) / 10;

/** docs/model.md "Calibration: PRISM's testbed": the table `npm run calibrate` prints, pinned. */
describe("PRISM's testbed priced from the paper's measurements", () => {
  const rows = jobCalibration(cluster, calibrated);

  it("gives each job's map tasks the time PRISM Tables 1-2 measured (within 5 %)", () => {
    for (const r of rows) expect(Math.abs(r.mapSeconds / r.measured.mapSeconds - 1), r.measured.id).toBeLessThan(0.05);
  });

  it('gives each job alone the job time PRISM Tables 1-2 measured (within 25 %)', () => {
    for (const r of rows) expect(Math.abs(r.jobSeconds / r.measured.jobSeconds - 1), r.measured.id).toBeLessThan(0.25);
  });

  it('keeps the table docs/model.md shows: input, shuffle, set-up and commit, map, reduce and job seconds per job', () => {
    expect(
      rows.map((r) => [r.measured.id, r.size.inputMb, r.size.shuffleMb, r.size.setupCommitS, round(r.mapSeconds), round(r.reduceSeconds), round(r.jobSeconds)]),
    ).toEqual([
      ['sort', 638, 434, 61.5, 10.8, 24.8, 103.8],
      ['self-join', 503, 234, 43.4, 7.7, 21.8, 75.4],
      ['inverted-index', 2396, 376, 65.8, 49.3, 30.1, 146.6],
      ['classification', 1201, 266, 55.1, 4.6, 13.7, 77.2],
      ['monster-query', 908, 1298, 125.9, 12.2, 18.5, 169.7],
      ['web-data-scan', 2384, 750, 62.4, 18.7, 17.5, 105],
      ['combiner', 978, 210, 45.8, 98.2, 40.9, 175.8],
    ]);
  });

  it('makes a sort fastest between 6 and 10 map slots a node and slower, beyond seed noise, at 2 and at 16 (Figs. 6-7)', () => {
    const sweep = slotSweep(cluster, calibrated);
    const best = sweep.reduce((a, b) => (Math.max(...b.mapStageSeconds) < Math.max(...a.mapStageSeconds) ? b : a));
    expect(best.mapSlots).toBeGreaterThanOrEqual(6);
    expect(best.mapSlots).toBeLessThanOrEqual(10);
    for (const slots of [2, 16]) {
      const row = sweep.find((r) => r.mapSlots === slots)!;
      // Every seed at the edge is slower than every seed at the best count, by at least 5 % of it.
      expect(Math.min(...row.mapStageSeconds) - Math.max(...best.mapStageSeconds), `${slots} slots`).toBeGreaterThan(0.05 * Math.max(...best.mapStageSeconds));
    }
  });

  it('ships the PRISM presets with these sizes and settings, and PRISM pinned to what profiling each job alone gives (sec. 6.1)', () => {
    const profiled = prismPhaseProfiles(cluster, calibrated);
    for (const name of ['prism-puma.experiment.json', 'prism-gridmix.experiment.json']) {
      const experiment = preset(name);
      expect(experiment.simulation.taskDiskMBps, name).toBe(PRISM_TESTBED.taskDiskMBps);
      expect(experiment.simulation.diskThrashing, name).toBe(PRISM_TESTBED.diskThrashing);
      const fair = experiment.schedulers.find((s) => s.kind === 'fair');
      expect(fair?.kind === 'fair' && [fair.mapSlots, fair.reduceSlots, fair.assignMultiple], name).toEqual([8, 6, false]);
      // Each job type's MB per map (three decimals) times the paper's maps is the priced size; the
      // batch draws each job's maps from half to one and a half times the paper's, its reduces as measured.
      const sizes = presetParts(experiment).sizes;
      expect(Object.keys(sizes).length, name).toBeGreaterThan(2);
      for (const [id, size] of Object.entries(sizes)) {
        const row = rows.find((r) => r.measured.id === id)!;
        expect(Math.abs(size.inputMb - row.size.inputMb), id).toBeLessThan(0.05);
        expect(Math.abs(size.shuffleMb! - row.size.shuffleMb!), id).toBeLessThan(0.05);
        expect(size.setupCommitS, id).toBe(row.size.setupCommitS);
      }
      const workload = experiment.workload;
      for (const entry of 'generate' in workload ? (workload.generate?.mix ?? []) : []) {
        const measured = rows.find((r) => r.measured.template === entry.template)!.measured;
        expect([entry.maps, entry.reduces], entry.template).toEqual([
          [Math.floor(measured.maps / 2), measured.maps + Math.floor(measured.maps / 2)],
          measured.reduces,
        ]);
      }
      const prism = experiment.schedulers.find((s) => s.kind === 'prism');
      const pinned = prism && isKind(prism, 'prism') ? prism.profiles : {};
      expect(Object.keys(pinned).length, name).toBeGreaterThan(0);
      for (const template of Object.keys(pinned)) expect(pinned[template], template).toEqual(profiled[template]);
    }
  });
});
