import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema, type SchedulerSpec } from '@shared/schedulers';
import { designProblemsOf, runNeeds } from '../../../src-main/schedulers/registry';
import { schedulerFor } from '../../../src-main/runner/schedulerFor';
import { cluster, job } from '../../helpers/engineFixtures';

const spec = (s: Record<string, unknown>) => SchedulerSpecSchema.parse(s) as SchedulerSpec;

/** A plugin's own hooks, read by kind-blind code: runner/schedulerFor.ts and services/designChecks.ts (docs/architecture.md "Schedulers"). */
describe("a scheduler plugin's run needs and design check", () => {
  const topology = cluster(1, 2, { cores: 4 });

  it("asks the runner for ILA's interference model on the run's cluster, and for nothing under LAO or another kind", () => {
    expect(runNeeds(spec({ kind: 'ila', profilingSamples: 10 }))).toEqual({ interferenceSamples: 10 });
    expect(runNeeds(spec({ kind: 'ila', variant: 'lao' }))).toEqual({});
    expect(runNeeds(spec({ kind: 'fifo' }))).toEqual({});
    // The runner meets the need: ILA is made with a fitted model (without one it refuses to start).
    expect(() => schedulerFor(spec({ kind: 'ila', profilingSamples: 10 }), topology)).not.toThrow();
  });

  it("checks a FAWKES card's design against the cluster and the jobs, and no other kind's", () => {
    const jobs = [job('a', 'Sort', { maps: 2 })];
    expect(designProblemsOf(spec({ kind: 'fawkes' }), topology, jobs)).toEqual([
      'FAWKES needs MR-clusters: in the cluster design, mark each MR-cluster\'s core nodes (node kind "core" and an MR-cluster name)',
    ]);
    expect(designProblemsOf(spec({ kind: 'fair' }), topology, jobs)).toEqual([]);
  });
});
