/**
 * Measures the ARIA profiles pinned in resources/presets/aria-minedf.experiment.json, as a user
 * would with staging runs: each application alone on the preset's cluster under FIFO, with three
 * waves of reduces (so the typical shuffle is observed, not left at 0: sec. 3.2) and the preset's
 * mean data per reduce (its jobs' mean maps over their 16 reduces), so that the per-task times the
 * profile keeps are those of the jobs it will size. Rewrites the MinEDF cards' profiles.
 *
 *   npm run presets:aria
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ariaProfileOf } from '../src-main/shared/aria/totals';
import { SchedulerSpecSchema } from '../src-main/shared/schedulers';
import { Simulation } from '../src-main/engine/core/kernel';
import { compileTopology } from '../src-main/engine/resources/topology';
import { loadExperiment } from '../src-main/runner/loadExperiment';
import { schedulerFor } from '../src-main/runner/schedulerFor';
import { compileJobs } from '../src-main/workloads/compile';

const file = path.resolve(__dirname, '../resources/presets/aria-minedf.experiment.json');
const { cluster, workload, experiment } = loadExperiment(file);
const topology = compileTopology(cluster);
const fifo = SchedulerSpecSchema.parse({ kind: 'fifo' });
const mix = workload.generate?.mix ?? [];
const reduceSlots = topology.nodeCount * 2;
const profiles: Record<string, ReturnType<typeof ariaProfileOf>> = {};
for (const entry of mix) {
  const [lo, hi] = Array.isArray(entry.maps) ? entry.maps : [entry.maps, entry.maps];
  const reducesPerJob = typeof entry.reduces === 'number' ? entry.reduces : 16;
  const mapsPerReduce = (lo + hi) / 2 / reducesPerJob;
  const reduces = 3 * reduceSlots;
  const maps = Math.round(mapsPerReduce * reduces);
  const jobs = compileJobs([{ id: `staging-${entry.template}`, template: entry.template, submit: 0, maps, reduces, inputMb: maps * cluster.hdfs.blockSizeMb, queue: 'default', dependsOn: [] }], cluster.hdfs.blockSizeMb);
  const result = new Simulation({ topology, jobs, options: experiment.simulation, seed: 1, scheduler: schedulerFor(fifo, topology, experiment.simulation) }).run();
  const totals = Object.values(result.aria)[0];
  profiles[entry.template] = ariaProfileOf(totals);
  console.log(`${entry.template}: ${maps} maps, ${reduces} reduces alone in ${result.jobs[0].finish.toFixed(0)} s`, JSON.stringify(profiles[entry.template]));
}
const doc = JSON.parse(readFileSync(file, 'utf8')) as { schedulers: { kind: string; profiles?: object }[] };
const sorted = Object.fromEntries(Object.keys(profiles).sort().map((k) => [k, profiles[k]]));
for (const s of doc.schedulers) if (s.kind === 'minedf') s.profiles = sorted;
writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
console.log(`wrote ${path.relative(process.cwd(), file)}`);
