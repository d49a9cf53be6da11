import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { Simulation } from '../../../src-main/engine/run/kernel';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { cluster, cpuOnly, job, options } from '../../helpers/engineFixtures';

/**
 * Capacity, DRF and the Finer-Grained CPU scheduler say a node places nothing when no job's
 * smallest container fits in its free room (Scheduler.nodePlacesNothing), so the engine passes
 * over its beat: the run must be the one where every beat is simulated, and no such policy may be
 * asked at such a node.
 */
describe('Capacity, DRF and Finer-Grained CPU at a node too full for any container', () => {
  const topology = cluster(2, 3, { cores: 4 });
  const jobs = Array.from({ length: 10 }, (_, i) => job(`j${i}`, 'Grep', { submit: i * 5, inputMb: 128 * 30, maps: 30, reduces: i % 2 }));
  jobs.push(job('pi', cpuOnly(15), { submit: 12, maps: 12 }));
  const specs = {
    capacity: { kind: 'capacity', queues: [{ name: 'default', capacity: 100 }] },
    drf: { kind: 'drf' },
    finegrained: { kind: 'finegrained' },
  };
  const simulation = (kind: keyof typeof specs, simulateIdleBeats: boolean, wrap = (p: ReturnType<typeof createScheduler>) => p) =>
    new Simulation({
      topology,
      jobs,
      options: options({ taskFailureProbability: 0.03 }),
      seed: 3,
      scheduler: wrap(createScheduler(SchedulerSpecSchema.parse(specs[kind]))),
      simulateIdleBeats,
    });

  for (const kind of ['capacity', 'drf', 'finegrained'] as const) {
    it(`${kind}: passing over those beats gives the same run, with fewer calls`, () => {
      const skipping = simulation(kind, false).run();
      const every = simulation(kind, true).run();
      const outcome = (r: typeof skipping) =>
        JSON.stringify({ ...r, events: 0, schedulerCalls: 0, work: undefined }, (_k, v: unknown) =>
          ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v,
        );
      expect(skipping.jobs.every((j) => j.status === 'succeeded')).toBe(true);
      expect(outcome(skipping)).toBe(outcome(every));
      expect(skipping.schedulerCalls).toBeLessThan(every.schedulerCalls * 0.9);
    });

    it(`${kind}: is never asked at a beat it says places nothing`, () => {
      let asked = 0;
      let full = 0;
      const run = simulation(kind, false, (policy) => ({
        ...policy,
        onHeartbeat(n, view) {
          asked++;
          if (policy.nodePlacesNothing!(n, view, view.now)) full++;
          policy.onHeartbeat(n, view);
        },
      })).run();
      expect(run.jobs.every((j) => j.status === 'succeeded')).toBe(true);
      expect(asked).toBeGreaterThan(100);
      expect(full).toBe(0);
    });
  }
});
