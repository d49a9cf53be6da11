// `npm run calibrate`: PRISM's testbed, the model against what the paper measured, row by row
// (docs/model.md "Calibration: PRISM's testbed"). Two settings side by side: the PRISM presets as
// they ship, and the testbed priced from the paper's measurements. Deterministic; about a second.
// The schedulers are registered before anything reads a design, as in every entry of the studio.
import '../src-main/schedulers/registry';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ExperimentSchema, type Experiment } from '@shared/experiment/experiment';
import {
  CALIBRATION_SEEDS,
  jobCalibration,
  presetParts,
  prismPhaseProfiles,
  slotSweep,
  SWEEP_MAPS,
  type JobCalibrationRow,
  type TestbedSetting,
} from '../src-main/runner/calibration/prismTestbed';
import { PRISM_TESTBED } from '../src-main/models/calibration/prismJobTable';
import { isKind } from '../src-main/schedulers/builtIns';
import { printAria, printFawkes, printLiu } from './calibrationOfOthers';

const presets = path.resolve(__dirname, '../resources/presets');
const load = (name: string) => ExperimentSchema.parse(JSON.parse(fs.readFileSync(path.join(presets, name), 'utf8')));
const pumaExperiment = load('prism-puma.experiment.json');
const puma = presetParts(pumaExperiment);
const gridmixExperiment = load('prism-gridmix.experiment.json');
const gridmix = presetParts(gridmixExperiment);

/** The presets as they ship: their jobs' data, their Fair card's hand-out and their task disk pace. */
function shippedSetting(experiment: Experiment): TestbedSetting {
  const fair = experiment.schedulers.find((s) => s.kind === 'fair');
  return {
    assignMultiple: !(fair?.kind === 'fair' && fair.assignMultiple === false),
    ...(experiment.simulation.taskDiskMBps !== undefined ? { taskDiskMBps: experiment.simulation.taskDiskMBps } : {}),
    diskThrashing: experiment.simulation.diskThrashing,
    sizes: { ...puma.sizes, ...gridmix.sizes },
  };
}
const shipped = shippedSetting(pumaExperiment);
const priced: TestbedSetting = {
  assignMultiple: false,
  taskDiskMBps: PRISM_TESTBED.taskDiskMBps,
  diskThrashing: PRISM_TESTBED.diskThrashing,
  setupCommit: true,
};

const pct = (model: number, paper: number) => `${model >= paper ? '+' : ''}${(((model - paper) / paper) * 100).toFixed(0)} %`;
const cell = (model: number, paper: number) => `${model.toFixed(1).padStart(6)} (${pct(model, paper).padStart(6)})`;

function table(title: string, rows: JobCalibrationRow[]) {
  console.log(`\n${title}`);
  console.log(
    'job             source               input MB shuffle MB set-up+commit s  map s: paper  model            reduce s: paper  model            job s: paper  model',
  );
  for (const r of rows) {
    const m = r.measured;
    console.log(
      `${m.id.padEnd(15)} ${m.table.padEnd(21)} ${String(r.size.inputMb).padStart(7)} ${(r.size.shuffleMb === undefined ? 'template' : String(r.size.shuffleMb)).padStart(10)} ${String(r.size.setupCommitS ?? 0).padStart(15)} ${m.mapSeconds.toFixed(1).padStart(12)} ${cell(r.mapSeconds, m.mapSeconds)}  ${m.reduceSeconds.toFixed(1).padStart(15)} ${cell(r.reduceSeconds, m.reduceSeconds)}  ${m.jobSeconds.toFixed(0).padStart(12)} ${cell(r.jobSeconds, m.jobSeconds)}`,
    );
  }
}

function sweep(title: string, setting: TestbedSetting) {
  console.log(`\n${title}`);
  console.log('map slots / node   map stage s (each seed)     job s (each seed)');
  for (const r of slotSweep(puma.cluster, setting)) {
    console.log(
      `${String(r.mapSlots).padStart(16)}   ${r.mapStageSeconds.map((x) => x.toFixed(0).padStart(6)).join(' ')}      ${r.jobSeconds.map((x) => x.toFixed(0).padStart(6)).join(' ')}`,
    );
  }
}

console.log(
  `PRISM sec. 6 testbed (${puma.cluster.description}). Each job alone under Fair at 8 map / 6 reduce slots, mean of seeds ${CALIBRATION_SEEDS.join(', ')}.`,
);
const pricedRows = jobCalibration(puma.cluster, priced);
table(
  `Priced from the paper: each job's split from its measured map time, its shuffle from its measured reduce time, its set-up and commit from its job time less both; one map and one reduce a heartbeat (Hadoop 0.20.2); task disk pace ${PRISM_TESTBED.taskDiskMBps} MB/s (Fig. 8); disk thrashing ${PRISM_TESTBED.diskThrashing} (Figs. 6-7):`,
  pricedRows,
);
// The presets give each job type MB per map, to three decimals.
const near = (a: number | undefined, b: number | undefined) => a !== undefined && b !== undefined && Math.abs(a - b) < 0.05;
const differing = pricedRows.filter((r) => {
  const given = shipped.sizes?.[r.measured.id];
  return !near(given?.inputMb, r.size.inputMb) || !near(given?.shuffleMb, r.size.shuffleMb) || given?.setupCommitS !== r.size.setupCommitS;
});
const settingsDiffer =
  shipped.assignMultiple !== priced.assignMultiple || shipped.taskDiskMBps !== priced.taskDiskMBps || shipped.diskThrashing !== priced.diskThrashing;
if (differing.length === 0 && !settingsDiffer) console.log('\nThe PRISM presets give each job type these sizes per map, and these settings.');
else table('The PRISM presets as they ship (their own sizes and settings differ from the priced ones):', jobCalibration(puma.cluster, shipped));
sweep(`Figs. 6-7: a sort of ${SWEEP_MAPS} maps over map slots per node, priced from the paper (paper: slow at 2 and at 12, best at 8):`, priced);

// PRISM sec. 6.1 profiled each job before its runs; the presets pin what profiling the priced jobs gives.
const profiled = prismPhaseProfiles(puma.cluster, priced);
for (const [name, experiment] of [
  ['prism-puma', pumaExperiment],
  ['prism-gridmix', gridmixExperiment],
] as const) {
  const card = experiment.schedulers.find((s) => s.kind === 'prism');
  const pinned = card && isKind(card, 'prism') ? card.profiles : {};
  const stale = Object.keys(pinned).filter((t) => JSON.stringify(pinned[t]) !== JSON.stringify(profiled[t]));
  console.log(
    stale.length === 0
      ? `\n${name}: PRISM's pinned phase profiles are what profiling each job alone gives.`
      : `\n${name}: PRISM's pinned profiles differ from a profiling run for ${stale.join(', ')}; profiled now:\n${JSON.stringify(Object.fromEntries(stale.map((t) => [t, profiled[t]])), null, 2)}`,
  );
}

printAria();
printLiu();
printFawkes();
