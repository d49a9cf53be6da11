// The schedulers are registered before anything reads a design, as in every entry of the studio.
import '../src-main/schedulers/registry';
/**
 * Writes what the PRISM presets take from the calibration (docs/model.md "Calibration: PRISM's
 * testbed"): each job type's input and shuffle per map (priced from Tables 1-2's measured task
 * times) and its set-up and commit (the tables' job time outside its tasks), the Fair card's
 * Hadoop 0.20.2 hand-out, the task disk pace and disk thrashing, and PRISM's phase profiles from
 * profiling each job alone (sec. 6.1). Everything else in the presets (batch size, seeds, the
 * cards' other settings, descriptions) is left as written.
 *
 *   npm run presets:prism
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ExperimentSchema } from '../src-main/shared/experiment/experiment';
import { PRISM_MEASURED_JOBS, PRISM_TESTBED } from '../src-main/models/calibration/prismJobTable';
import { presetParts, prismPhaseProfiles, prismTestbedTopology, sizeFor, type TestbedSetting } from '../src-main/runner/calibration/prismTestbed';

const priced: TestbedSetting = {
  assignMultiple: false,
  taskDiskMBps: PRISM_TESTBED.taskDiskMBps,
  diskThrashing: PRISM_TESTBED.diskThrashing,
  setupCommit: true,
};
const per = (mb: number, maps: number) => Number((mb / maps).toFixed(3));

for (const name of ['prism-puma', 'prism-gridmix']) {
  const file = path.resolve(__dirname, `../resources/presets/${name}.experiment.json`);
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
  const { cluster } = presetParts(ExperimentSchema.parse(raw));
  const topology = prismTestbedTopology(cluster);
  const profiles = prismPhaseProfiles(cluster, priced);
  const templates: string[] = [];
  for (const entry of raw.workload.generate.mix as Record<string, any>[]) {
    const measured = PRISM_MEASURED_JOBS.find((m) => m.template === entry.template);
    if (!measured) throw new Error(`${name}: ${entry.template} is not a job PRISM's tables measured`);
    const size = sizeFor(measured, topology, priced);
    entry.inputMbPerMap = per(size.inputMb, measured.maps);
    entry.shuffleMbPerMap = per(size.shuffleMb!, measured.maps);
    entry.reduces = measured.reduces;
    entry.setupCommitS = size.setupCommitS;
    templates.push(entry.template);
  }
  raw.simulation = { ...raw.simulation, taskDiskMBps: PRISM_TESTBED.taskDiskMBps, diskThrashing: PRISM_TESTBED.diskThrashing };
  for (const card of raw.schedulers as Record<string, any>[]) {
    if (card.kind === 'fair') Object.assign(card, { mapSlots: PRISM_TESTBED.mapSlots, reduceSlots: PRISM_TESTBED.reduceSlots, assignMultiple: false });
    if (card.kind === 'prism') card.profiles = Object.fromEntries(templates.sort().map((t) => [t, profiles[t]]));
  }
  writeFileSync(file, `${JSON.stringify(raw, null, 2)}\n`);
  console.log(`${name}: ${templates.length} job types priced, PRISM's profiles pinned → ${path.relative(process.cwd(), file)}`);
}
