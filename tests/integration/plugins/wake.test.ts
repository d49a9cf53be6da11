import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { loadSchedulerFile } from '../../../src-main/runner/pluginFile';
import { PluginRunError } from '../../../src-main/runner/pluginGuard';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { cluster, cpuOnly, job, run } from '../../helpers/engineFixtures';

/**
 * A policy that acts on time: each job is held for `holdS` after it arrives, released by the
 * wake-up it asked for at its arrival (studio.wakeAt, onWake), then served first come first served.
 * `wakeIn` is added to now for the wake-up's time: 0 asks for now, which the studio refuses.
 */
const holding = (kind: string, wakeIn: string, report = "{ 'jobs held': held, 'hold (s)': spec.holdS }") => `
export default {
  kind: '${kind}', title: 'Holds each job', capacity: 'slots',
  options: (z) => ({ holdS: z.number().min(0).default(30) }), labels: { holdS: 'Hold (s)' },
  create(spec, studio) {
    const dueAt = new Map();
    const released = new Set();
    let held = 0;
    return {
      name: '${kind}',
      onJobSubmitted(job, view) {
        dueAt.set(job, view.now + spec.holdS);
        held++;
        studio.wakeAt(view, view.now + ${wakeIn});
      },
      onWake(view) {
        for (const [job, due] of dueAt) if (due <= view.now) { released.add(job); dueAt.delete(job); }
      },
      report() {
        return ${report};
      },
      onHeartbeat(node, view) {
        for (const job of [...view.mapPendingJobs()]) {
          if (!released.has(job)) continue;
          while (studio.freeMapSlots(view, node) > 0 && studio.launchMap(view, job, node, 'held its time')) {}
        }
        for (const job of [...view.reduceReadyJobs()])
          while (studio.freeReduceSlots(view, node) > 0 && studio.launchReduce(view, job, node, 'held its time')) {}
      },
    };
  },
};
`;

let dir = '';
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-wake-'));
  fs.writeFileSync(path.join(dir, 'holding.scheduler.js'), holding('holding', 'spec.holdS'));
  fs.writeFileSync(path.join(dir, 'wakes-now.scheduler.js'), holding('wakes-now', '0'));
  fs.writeFileSync(path.join(dir, 'reports-nan.scheduler.js'), holding('reports-nan', 'spec.holdS', "{ 'jobs held': held / 0 - Infinity }"));
  await loadSchedulerFile(path.join(dir, 'reports-nan.scheduler.js'));
  await loadSchedulerFile(path.join(dir, 'holding.scheduler.js'));
  await loadSchedulerFile(path.join(dir, 'wakes-now.scheduler.js'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("a scheduler file's wake-ups (studio.wakeAt, onWake) and what it counted (report)", () => {
  const topo = cluster(1, 2, { cores: 2 });
  const jobs = [job('first', cpuOnly(10), { maps: 4 }), job('second', cpuOnly(10), { maps: 4, submit: 200 })];

  it('wakes the policy at the time it asked for, and a job held until then starts no earlier', () => {
    for (const holdS of [0.5, 30, 95]) {
      const r = run(topo, jobs, createScheduler(SchedulerSpecSchema.parse({ kind: 'holding', mapSlots: 2, reduceSlots: 1, holdS })), { heartbeatS: 1 });
      expect(r.jobs.every((j) => j.status === 'succeeded')).toBe(true);
      // What it counted (its report), in its own names and order.
      expect(r.ownFigures).toEqual([
        { name: 'jobs held', value: 2 },
        { name: 'hold (s)', value: holdS },
      ]);
      for (const j of r.jobs) {
        expect(j.start).toBeGreaterThanOrEqual(j.submit + holdS);
        // The first heartbeat after the wake-up serves it (beats every second; the jobs never overlap).
        expect(j.start).toBeLessThanOrEqual(j.submit + holdS + 1 + 1e-9);
      }
    }
  });

  it('refuses a wake-up that is not later than now, naming the file, the hook and the time', () => {
    const policy = createScheduler(SchedulerSpecSchema.parse({ kind: 'wakes-now', mapSlots: 2, reduceSlots: 1 }));
    // Only the guard of a file's hooks (a PluginRunError) words it so.
    expect(() => run(topo, jobs, policy, { heartbeatS: 1 })).toThrow(
      /scheduler "wakes-now" \(wakes-now\.scheduler\.js\) failed in onJobSubmitted at 0\.0 s, line 14: studio\.wakeAt: the time must be a number of seconds later than now \(0 s\), not 0/,
    );
  });

  it('stops a run whose report is not named finite numbers, naming the file and the figure', () => {
    const policy = createScheduler(SchedulerSpecSchema.parse({ kind: 'reports-nan', mapSlots: 2, reduceSlots: 1 }));
    expect(() => run(topo, jobs, policy, { heartbeatS: 1 })).toThrow(
      new PluginRunError('scheduler "reports-nan" (reports-nan.scheduler.js) report: the figure "jobs held" must be a finite number, not NaN'),
    );
  });
});
