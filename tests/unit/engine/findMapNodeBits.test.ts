import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { Simulation } from '../../../src-main/engine/run/kernel';
import { TaskState } from '../../../src-main/engine/core/model';
import { Locality } from '../../../src-main/engine/core/topology';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { cluster, cpuOnly, job, options } from '../../helpers/engineFixtures';

/**
 * A node-local ask (ClusterView.findMap at node level) is answered from each job's node bits when
 * they say the job has nothing on the node (jobs/jobBook.ts). After every event of a run whose
 * attempts fail, whose node is lost (maps pending again) and with maps without input, every active
 * job's answer on every node must be what a search of the task table gives: a pending map with a
 * replica there (or one without input), and −1 only when there is none.
 */
describe('node-local asks answered from the node bits', () => {
  it('find a pending map on the node exactly when the task table has one', () => {
    const topology = cluster(3, 4, { cores: 2 });
    const jobs = Array.from({ length: 10 }, (_, i) => job(`j${i}`, 'Grep', { submit: i * 6, inputMb: 128 * (4 + 5 * i), maps: 4 + 5 * i, reduces: i % 2 }));
    jobs.push(job('pi', cpuOnly(20), { submit: 8, maps: 6 }));
    let checked = 0;
    let misses = 0;
    const sim = new Simulation({
      topology,
      jobs,
      options: options({ taskFailureProbability: 0.08, failures: [{ node: 'r1h1', atS: 50 }], nodeTimeoutS: 20 }),
      seed: 7,
      scheduler: createScheduler(SchedulerSpecSchema.parse({ kind: 'fair', mapSlots: 2, reduceSlots: 1, nodeLocalityWaitS: 6, rackLocalityWaitS: 6 })),
      afterEvent: (s) => {
        const t = s.tasks;
        const r = t.replication;
        const found = { level: Locality.Node as Locality };
        for (const j of s.view.activeJobs) {
          for (let n = 0; n < topology.nodeCount; n++) {
            let expected = false;
            for (let task = t.jobFirstTask[j]; task < t.jobFirstTask[j] + t.jobMapCount[j] && !expected; task++) {
              if (t.state[task] !== TaskState.Pending) continue;
              if (t.replicas[task * r] < 0) expected = true;
              for (let k = 0; k < r; k++) if (t.replicas[task * r + k] === n) expected = true;
            }
            for (const level of [Locality.Node, Locality.Server]) {
              const task = s.view.findMap(j, n, level, found, false);
              expect(task >= 0).toBe(expected);
              if (task >= 0) expect(t.state[task]).toBe(TaskState.Pending);
            }
            if (!expected) misses++;
          }
        }
        checked++;
      },
    });
    const run = sim.run();
    expect(checked).toBeGreaterThan(300);
    expect(misses).toBeGreaterThan(1000);
    expect(run.failedAttempts).toBeGreaterThan(0);
    expect(run.jobs.every((j) => j.status === 'succeeded')).toBe(true);
  });
});
