import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { simulate } from '../../../src-main/engine/run/kernel';
import type { ClusterView, Scheduler } from '../../../src-main/engine/scheduling/schedulerApi';
import { compileTopology } from '../../../src-main/engine/core/topology';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { compileJobs, expandJobs } from '../../../src-main/workloads/compile';
import { fingerprint } from '../../helpers/fingerprint';

/**
 * The Fair Scheduler keeps its one-pool order up to date from the engine's change log instead of
 * sorting the whole queue after every state change (issue 19). Pinned here: a run whose scheduler
 * is denied the log (so it re-sorts every time) is the same run to the last bit, with failures,
 * retries and a queue that grows and drains.
 */
describe('Fair order from the change log', () => {
  const spec = ClusterSpecSchema.parse({
    name: 'fair',
    hostTypes: [{ id: 'h', name: 'h', cores: 4, coreSpeed: 1, memoryGb: 16, disks: [{ readMBps: 100, writeMBps: 100 }], nicMBps: 125 }],
    network: { rackUplinkMBps: 500, oversubscription: 1 },
    racks: [0, 1].map((r) => ({ name: `r${r}`, hosts: [0, 1, 2, 3].map((h) => ({ name: `r${r}h${h}`, type: 'h' })) })),
  });
  const workload = WorkloadSpecSchema.parse({
    generate: {
      count: 60,
      arrival: { kind: 'bursty', burstSize: 12, withinBurstS: 1, betweenBurstsS: 90 },
      mix: [
        { template: 'WordCount', weight: 2, maps: [2, 20], reduces: 2 },
        { template: 'Grep', weight: 1, maps: [1, 8], reduces: 1 },
        { template: 'Sort', weight: 1, maps: [4, 12], reduces: 3 },
      ],
    },
  });
  const options = SimulationOptionsSchema.parse({ failures: [{ node: 'r0h2', atS: 60 }], nodeTimeoutS: 30, replenishAfterS: 40, taskFailureProbability: 0.05 });

  function run(withLog: boolean, fairSpec: object) {
    const inner = createScheduler(SchedulerSpecSchema.parse({ kind: 'fair', mapSlots: 2, reduceSlots: 1, ...fairSpec }));
    const blind = (view: ClusterView): ClusterView => Object.assign(Object.create(view), { jobsChangedSince: () => undefined });
    const scheduler: Scheduler = withLog
      ? inner
      : {
          name: inner.name,
          onHeartbeat: (n, view) => inner.onHeartbeat(n, blind(view)),
          onJobSubmitted: (j, view) => inner.onJobSubmitted?.(j, blind(view)),
          onJobFinished: (j, view) => inner.onJobFinished?.(j, blind(view)),
          ...(inner.nodePlacesNothing ? { nodePlacesNothing: inner.nodePlacesNothing.bind(inner) } : {}),
          ...(inner.tracksPendingPlaces ? { tracksPendingPlaces: true } : {}),
        };
    return simulate({ topology: compileTopology(spec), jobs: compileJobs(expandJobs(workload, 3), spec.hdfs.blockSizeMb), options, seed: 3, scheduler });
  }

  for (const fairSpec of [{}, { nodeLocalityWaitS: 0, rackLocalityWaitS: 0 }]) {
    it(`gives the run a full re-sort gives, ${JSON.stringify(fairSpec)}`, () => {
      const fast = run(true, fairSpec);
      expect(fast.failedAttempts).toBeGreaterThan(0);
      expect(fast.jobs.every((j) => j.status === 'succeeded')).toBe(true);
      expect(fingerprint(fast)).toBe(fingerprint(run(false, fairSpec)));
    });
  }
});
