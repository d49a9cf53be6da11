import * as path from 'node:path';

/** The published types of a scheduler file (resources/scheduler-api), copied beside a new one. */
export const API_TYPES = 'workload-studio-scheduler.d.ts';
export const API_TYPES_FILE = path.resolve(__dirname, '../../resources/scheduler-api', API_TYPES);

export const policy = (name: string) => `// @ts-check
/// <reference path="./${API_TYPES}" />
// ${name}.scheduler.js: a scheduler of your own for Workload Studio (docs/plugins.md).
//
// Run it:   workload-studio run ${name}.experiment.json   (its "plugins" names this file)
//
// The studio loads this file as an ES module and reads its default export. A plug-in is code
// that runs with your rights: the studio runs it as it is. It imports only the studio's own
// module, which the studio puts in when it loads the file (${API_TYPES}, written beside this
// file, gives an editor its types); the studio hands the policy zod (for its options) and a
// \`studio\` object (free slots, launches that say why, wake-ups). docs/plugins.md lists every
// field and hook: notes, shownWhen, runNames, checkDesign, scores, explain, report, onWake.
import { defineScheduler } from 'workload-studio/scheduler';

export default defineScheduler({
  // The kind an experiment names it by: {"kind": "${name}"}.
  kind: '${name}',
  title: '${name} (first come, first served)',
  // Hadoop 1 slots: the card gains "Map slots / node", "Reduce slots / node" and "Slot memory MB",
  // sized per server type from its cores when left empty, as the studio's own slot schedulers are.
  capacity: 'slots',
  // Your options, as zod schemas with their defaults; each needs a label the designer shows.
  options: (z) => ({
    mapsPerBeat: z.number().int().min(1).max(64).default(64),
  }),
  labels: { mapsPerBeat: 'Maps per heartbeat' },
  // Lines the designer's card shows under the options: what your policy does, in your words.
  notes: ['Jobs take free slots in the order they were submitted.'],
  // One policy per run: keep per-run state in here. \`spec\` holds the options with defaults filled in.
  create(spec, studio) {
    const rule = 'takes jobs in the order they were submitted';
    let mapsLaunched = 0;
    return {
      name: '${name}',
      // Called at each heartbeat of node \`node\`. \`view\` is what a JobTracker sees:
      // view.mapPendingJobs() / view.reduceReadyJobs() list the jobs with a map to place / a
      // reduce that may start, in submission order; view.job(j) gives a job's id, queue and size.
      onHeartbeat(node, view) {
        let maps = Math.min(spec.mapsPerBeat, studio.freeMapSlots(view, node));
        // A copy: launching a job's last pending map takes it out of the live list.
        for (const job of [...view.mapPendingJobs()]) {
          while (maps > 0 && studio.launchMap(view, job, node, rule)) {
            maps--;
            mapsLaunched++;
          }
          if (maps === 0) break;
        }
        let reduces = studio.freeReduceSlots(view, node);
        for (const job of [...view.reduceReadyJobs()]) {
          while (reduces > 0 && studio.launchReduce(view, job, node, rule)) reduces--;
          if (reduces === 0) break;
        }
      },
      // Optional: what it counted over the run, by your own names: the comparison and the report
      // show each one's mean over the seeds.
      report() {
        return { 'maps launched': mapsLaunched };
      },
      // Optional: why a job got nothing on a node, in your words (the why-not panel asks after a
      // heartbeat it replays). It must only read the view.
      explain(job, node, view) {
        const ahead = view.mapPendingJobs().indexOf(job);
        if (ahead <= 0) return [];
        return [(ahead === 1 ? 'one job' : ahead + ' jobs') + ' with maps to place came before it'];
      },
    };
  },
});
`;

/** The small check design `scheduler new` writes, for a scheduler of kind `name`. */
export const checkExperiment = (name: string) => ({
  name: `${name} against FIFO and Fair`,
  description: `A small check of the scheduler in ${name}.scheduler.js, beside Hadoop's FIFO and Fair.`,
  cluster: {
    name: 'Eight servers',
    hostTypes: [{ id: 'server', name: '8 cores, 32 GB', cores: 8, coreSpeed: 1, memoryGb: 32, disks: [{ readMBps: 150, writeMBps: 120 }], nicMBps: 125 }],
    network: { rackUplinkMBps: 1250, oversubscription: 1 },
    racks: [
      { name: 'rack-1', hosts: [1, 2, 3, 4].map((i) => ({ name: `server-${i}`, type: 'server' })) },
      { name: 'rack-2', hosts: [5, 6, 7, 8].map((i) => ({ name: `server-${i}`, type: 'server' })) },
    ],
  },
  workload: {
    name: 'Twenty mixed jobs',
    generate: {
      count: 20,
      arrival: { kind: 'poisson', meanInterarrivalS: 15 },
      mix: [
        { template: 'WordCount', weight: 2, maps: [4, 24] },
        { template: 'Sort', weight: 1, maps: [8, 40] },
      ],
    },
  },
  schedulers: [{ kind: name }, { kind: 'fifo' }, { kind: 'fair' }],
  seeds: [1, 2],
  plugins: [{ file: `${name}.scheduler.js` }],
});

/**
 * The test `scheduler new` writes beside the policy: Node's own test runner drives the studio's
 * command line (WORKLOAD_STUDIO names it when it is not on the PATH), so it needs nothing installed.
 */
export const policyTest = (name: string) => `// ${name}.scheduler.test.mjs: checks ${name}.scheduler.js with the studio (docs/plugins.md).
//
// Run it:   node --test ${name}.scheduler.test.mjs
//
// It runs the studio's command line: \`workload-studio\` on the PATH, or the one WORKLOAD_STUDIO
// names (its command, or the path of its bin/workload-studio.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const studio = process.env.WORKLOAD_STUDIO ?? 'workload-studio';
const whereIsIt =
  'put workload-studio on the PATH, or set WORKLOAD_STUDIO to its command or to the path of its bin/workload-studio.js';
function run(...args) {
  const [command, first] = studio.endsWith('.js') ? [process.execPath, [studio]] : [studio, []];
  if (first.length && !existsSync(studio)) throw new Error(\`there is no \${studio}: \${whereIsIt}\`);
  try {
    return execFileSync(command, [...first, ...args], { cwd: here, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
  } catch (err) {
    if (err.code === 'ENOENT') throw new Error(\`cannot start "\${studio}": \${whereIsIt}\`);
    throw err;
  }
}

test('its engine hints change no schedule', () => {
  assert.match(run('scheduler', 'check', '${name}.scheduler.js', '${name}.experiment.json'), /its hints change nothing/);
});

test('it finishes every job of its check design', () => {
  const result = JSON.parse(run('run', '${name}.experiment.json'));
  const mine = result.runs.filter((r) => r.kind === '${name}');
  assert.equal(mine.length, 2, 'one run per seed');
  for (const r of mine) assert.equal(r.summary.succeeded, 20);
  // As written the policy hands out slots as Hadoop's FIFO does, so it schedules as FIFO. Replace
  // this with what your own policy should do better or differently, and check it the same way.
  const fifo = result.runs.filter((r) => r.kind === 'fifo');
  assert.deepEqual(
    mine.map((r) => r.summary.meanJct),
    fifo.map((r) => r.summary.meanJct),
  );
});
`;
