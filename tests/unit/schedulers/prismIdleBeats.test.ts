import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { Simulation } from '../../../src-main/engine/run/kernel';
import { createScheduler } from '../../../src-main/schedulers/registry';
import type { Scheduler } from '../../../src-main/engine/scheduling/schedulerApi';
import { cluster, cpuOnly, job, options } from '../../helpers/engineFixtures';

/**
 * PRISM says a node places nothing when no top-k job's next task has positive utility (Algorithm 1
 * lines 25-26 would end the round at once) and no application master could go there
 * (Scheduler.nodePlacesNothing). Whether a job's phase is worth starting does not depend on the
 * node, so the answer is worked out once per state version: the engine then passes over those
 * beats. The run must be the one where every beat is simulated, and a beat PRISM says places
 * nothing must place nothing when it is handed over anyway.
 */
describe('PRISM at a beat where no phase is worth starting', () => {
  const topology = cluster(2, 3, { cores: 4 });
  const jobs = Array.from({ length: 12 }, (_, i) => job(`j${i}`, 'Grep', { submit: i * 4, inputMb: 128 * 20, maps: 20, reduces: 1 + (i % 3) }));
  jobs.push(job('pi', cpuOnly(15), { submit: 10, maps: 12 }));
  const simulation = (simulateIdleBeats: boolean, wrap = (p: Scheduler) => p) =>
    new Simulation({
      topology,
      jobs,
      options: options({ taskFailureProbability: 0.03 }),
      seed: 5,
      scheduler: wrap(createScheduler(SchedulerSpecSchema.parse({ kind: 'prism' }))),
      simulateIdleBeats,
    });

  it('passing over those beats gives the same run, with fewer calls', () => {
    const skipping = simulation(false).run();
    const every = simulation(true).run();
    const outcome = (r: typeof skipping) =>
      JSON.stringify({ ...r, events: 0, schedulerCalls: 0, work: undefined }, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v));
    expect(skipping.jobs.every((j) => j.status === 'succeeded')).toBe(true);
    expect(outcome(skipping)).toBe(outcome(every));
    expect(skipping.schedulerCalls).toBeLessThan(every.schedulerCalls * 0.9);
    expect(skipping.work.idleChecks).toBeGreaterThan(0);
  });

  it('a beat it says places nothing, handed over anyway, starts nothing', () => {
    let saidNothing = 0;
    let actedAnyway = 0;
    let acted = 0;
    const run = simulation(true, (policy) => ({
      ...policy,
      onHeartbeat(n, view) {
        // The hint speaks only of nodes without a paused phase (the engine asks it only then).
        const paused = view.attemptIdsOnNode(n).some((a) => view.attemptPaused(a));
        const says = !paused && policy.nodePlacesNothing!(n, view, view.now);
        const before = view.stateVersion();
        policy.onHeartbeat(n, view);
        const moved = view.stateVersion() !== before;
        if (says) saidNothing++;
        if (says && moved) actedAnyway++;
        if (moved) acted++;
      },
    })).run();
    expect(run.jobs.every((j) => j.status === 'succeeded')).toBe(true);
    expect(acted).toBeGreaterThan(50);
    expect(saidNothing).toBeGreaterThan(50);
    expect(actedAnyway).toBe(0);
  });
});
