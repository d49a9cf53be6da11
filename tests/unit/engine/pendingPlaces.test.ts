import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { Simulation } from '../../../src-main/engine/run/kernel';
import { TaskState } from '../../../src-main/engine/core/model';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { cluster, cpuOnly, job, options } from '../../helpers/engineFixtures';

/**
 * Where pending maps could run locally (engine/state/pendingPlaces.ts), which lets Fair pass over a
 * beat that delay scheduling leaves idle: after every event of a run with failed attempts and a lost
 * node, the counts equal a recount of the pending maps; and passing over those beats changes no run.
 */
describe('pending map places', () => {
  const topology = cluster(3, 4, { cores: 2 });
  const jobs = Array.from({ length: 12 }, (_, i) => job(`j${i}`, 'Grep', { submit: i * 4, inputMb: 128 * 24, maps: 24, reduces: i % 3 === 0 ? 2 : 0 }));
  jobs.push(job('pi', cpuOnly(20), { submit: 10, maps: 6 }));
  const fair = () => createScheduler(SchedulerSpecSchema.parse({ kind: 'fair', mapSlots: 2, reduceSlots: 1, nodeLocalityWaitS: 6, rackLocalityWaitS: 6 }));
  const simulation = (simulateIdleBeats = false, afterEvent?: (sim: Simulation) => void) =>
    new Simulation({
      topology,
      jobs,
      options: options({ taskFailureProbability: 0.05, failures: [{ node: 'r1h1', atS: 40 }], nodeTimeoutS: 20 }),
      seed: 5,
      scheduler: fair(),
      simulateIdleBeats,
      afterEvent,
    });

  it('equal a recount of the pending maps after every event', () => {
    let checked = 0;
    const run = simulation(false, (sim) => {
      const t = sim.tasks;
      const r = t.replication;
      const onNode = new Int32Array(topology.nodeCount);
      const inRack = new Int32Array(topology.rackCount);
      let withoutInput = 0;
      for (const j of sim.view.activeJobs) {
        for (let task = t.jobFirstTask[j]; task < t.jobFirstTask[j] + t.jobMapCount[j]; task++) {
          if (t.state[task] !== TaskState.Pending) continue;
          if (t.replicas[task * r] < 0) withoutInput++;
          const racks = new Set<number>();
          for (let k = 0; k < r; k++) {
            const node = t.replicas[task * r + k];
            if (node < 0) continue;
            onNode[node]++;
            racks.add(topology.nodeRack[node]);
          }
          for (const rack of racks) inRack[rack]++;
        }
      }
      for (let n = 0; n < topology.nodeCount; n++) {
        expect(sim.view.pendingMapsOnNode(n)).toBe(onNode[n]);
        expect(sim.view.pendingMapsInRackOf(n)).toBe(inRack[topology.nodeRack[n]]);
      }
      expect(sim.view.pendingMapsWithoutInput()).toBe(withoutInput);
      checked++;
    }).run();
    expect(checked).toBeGreaterThan(500);
    expect(run.failedAttempts).toBeGreaterThan(0);
    expect(run.jobs.every((j) => j.status === 'succeeded')).toBe(true);
  });

  it('let Fair pass over beats that only waiting for locality leaves idle, with the same run', () => {
    const skipping = simulation().run();
    const every = simulation(true).run();
    const outcome = (r: typeof skipping) =>
      JSON.stringify({ ...r, events: 0, schedulerCalls: 0, work: undefined }, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v));
    expect(outcome(skipping)).toBe(outcome(every));
    expect(skipping.schedulerCalls).toBeLessThan(every.schedulerCalls * 0.8);
  });

  it('never ask Fair at a beat, regular or out-of-band, that it says places nothing', () => {
    const policy = fair();
    let asked = 0;
    let idle = 0;
    const sim = new Simulation({
      topology,
      jobs,
      options: options({ taskFailureProbability: 0.05, failures: [{ node: 'r1h1', atS: 40 }], nodeTimeoutS: 20 }),
      seed: 5,
      scheduler: {
        ...policy,
        onHeartbeat(n, view) {
          asked++;
          if (policy.nodePlacesNothing!(n, view, view.now)) idle++;
          policy.onHeartbeat(n, view);
        },
      },
    });
    const run = sim.run();
    expect(run.jobs.every((j) => j.status === 'succeeded')).toBe(true);
    expect(asked).toBeGreaterThan(100);
    expect(idle).toBe(0);
  });
});
