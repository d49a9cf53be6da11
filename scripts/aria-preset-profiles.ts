// The schedulers are registered before anything reads a design, as in every entry of the studio.
import '../src-main/schedulers/registry';
/**
 * Prices the ARIA preset's mix rows from Table 1 (runner/calibration/ariaTestbed.ts ariaPricing:
 * each application's selectivities, and its map and reduce CPU per MB priced from the table's
 * times), then measures the ARIA profiles pinned in resources/presets/aria-minedf.experiment.json,
 * as a user would with staging runs: each application alone on the preset's cluster under FIFO, with three
 * waves of reduces (so the typical shuffle is observed, not left at 0: sec. 3.2) and the preset's
 * mean data per reduce (its jobs' mean maps over their 16 reduces), so that the per-task times the
 * profile keeps are those of the jobs it will size. Two more staging runs, at the jobs' least and
 * most data per reduce, give the scaling factors of sec. 4.3 (eq. 9-10) by linear regression over
 * the three, which MinEDF applies to each job's own data per reduce. Rewrites the MinEDF cards'
 * profiles and scaling factors.
 *
 *   npm run presets:aria
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { AriaProfile } from '../src-main/shared/aria/profile';
import { fitScaling, type ScalingFactors, type ScalingObservation } from '../src-main/shared/aria/scaling';
import { ariaProfileOf } from '../src-main/shared/aria/totals';
import { SchedulerSpecSchema } from '../src-main/shared/schedulers';
import { Simulation } from '../src-main/engine/run/kernel';
import { compileTopology } from '../src-main/engine/core/topology';
import { loadExperiment } from '../src-main/runner/loadExperiment';
import { schedulerFor } from '../src-main/runner/schedulerFor';
import { compileJobs } from '../src-main/workloads/compile';
import { ariaPricing, type AriaCosts } from '../src-main/runner/calibration/ariaTestbed';

const file = path.resolve(__dirname, '../resources/presets/aria-minedf.experiment.json');
const { cluster, experiment } = loadExperiment(file);
const costs = ariaPricing(cluster, experiment.simulation);
const doc = JSON.parse(readFileSync(file, 'utf8')) as {
  workload: {
    generate: {
      mix: ({ template: string; maps: number | [number, number]; reduces?: number; shuffleMbPerMap?: number; outputMbPerMap?: number } & Partial<AriaCosts>)[];
    };
  };
  schedulers: { kind: string; profiles?: object; scaling?: object }[];
};
for (const entry of doc.workload.generate.mix) {
  const priced = costs[entry.template] as AriaCosts | undefined;
  if (!priced) throw new Error(`${entry.template} is not an application ARIA's Table 1 measured`);
  // Table 1's selectivities set the rows' data: no shuffle or output of their own.
  delete entry.shuffleMbPerMap;
  delete entry.outputMbPerMap;
  Object.assign(entry, priced);
  console.log(`${entry.template}: priced ${JSON.stringify(priced)}`);
}
const topology = compileTopology(cluster);
const fifo = SchedulerSpecSchema.parse({ kind: 'fifo' });
const mix = doc.workload.generate.mix;
const reduceSlots = topology.nodeCount * 2;
const profiles: Record<string, AriaProfile> = {};
const scaling: Record<string, ScalingFactors> = {};
/** One staging run: the application alone under FIFO, `maps` maps over `reduces` reduces. */
function stage(template: string, maps: number, reduces: number): ScalingObservation {
  const c = costs[template];
  const jobs = compileJobs(
    [
      {
        id: `staging-${template}`,
        template,
        submit: 0,
        maps,
        reduces,
        inputMb: maps * cluster.hdfs.blockSizeMb,
        queue: 'default',
        dependsOn: [],
        ...c,
      },
    ],
    cluster.hdfs.blockSizeMb,
  );
  const result = new Simulation({
    topology,
    jobs,
    options: experiment.simulation,
    seed: 1,
    scheduler: schedulerFor(fifo, topology, experiment.simulation),
  }).run();
  const profile = ariaProfileOf(Object.values(result.aria)[0]);
  console.log(`${template}: ${maps} maps, ${reduces} reduces alone in ${result.jobs[0].finish.toFixed(0)} s`, JSON.stringify(profile));
  return { profile, mbPerReduce: (maps * cluster.hdfs.blockSizeMb * profile.selectivityM) / reduces };
}
for (const entry of mix) {
  const [lo, hi] = Array.isArray(entry.maps) ? entry.maps : [entry.maps, entry.maps];
  const reducesPerJob = typeof entry.reduces === 'number' ? entry.reduces : 16;
  const reduces = 3 * reduceSlots;
  // The jobs' least, mean and most data per reduce; the mean's run is the profile, all three fit eq. 9-10.
  const runs = [lo, (lo + hi) / 2, hi].map((m) => stage(entry.template, Math.round((m / reducesPerJob) * reduces), reduces));
  profiles[entry.template] = runs[1].profile;
  scaling[entry.template] = fitScaling(runs);
}
const sorted = <T>(byTemplate: Record<string, T>) =>
  Object.fromEntries(
    Object.keys(byTemplate)
      .sort()
      .map((k) => [k, byTemplate[k]]),
  );
for (const s of doc.schedulers) if (s.kind === 'minedf') Object.assign(s, { profiles: sorted(profiles), scaling: sorted(scaling) });
writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
console.log(`wrote ${path.relative(process.cwd(), file)}`);
