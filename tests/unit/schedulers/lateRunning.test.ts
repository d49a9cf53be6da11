import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { Simulation } from '../../../src-main/engine/core/kernel';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { RunningAttempts } from '../../../src-main/schedulers/lateRunning';
import { cluster, cpuOnly, job, options } from '../../helpers/engineFixtures';

/**
 * LATE's running attempts (schedulers/lateRunning.ts) are kept between state changes: a job's rows
 * are read again only when the job's version moved. After every event of a run with speculative
 * copies, failed attempts and a lost node, the kept rows equal rows read afresh from the view.
 */
describe('LATE running attempts', () => {
  it('equal a fresh read of the view after every event', () => {
    const topology = cluster(2, 4, { cores: 2 });
    topology.hostSpeed[1] = 0.3;
    topology.hostSpeed[6] = 0.5;
    const jobs = Array.from({ length: 10 }, (_, i) => job(`j${i}`, cpuOnly(30 + 7 * i), { submit: i * 15, maps: 6 + (i % 4) * 3, reduces: i % 2 }));
    const kept = new RunningAttempts();
    let checked = 0;
    let rowsSeen = 0;
    const sim = new Simulation({
      topology,
      jobs,
      options: options({ taskFailureProbability: 0.05, failures: [{ node: 'r1h2', atS: 90 }], nodeTimeoutS: 20, heartbeatS: 1 }),
      seed: 3,
      scheduler: createScheduler(SchedulerSpecSchema.parse({ kind: 'late', mapSlots: 2, reduceSlots: 1, minRunSeconds: 10 })),
      afterEvent: (s) => {
        kept.update(s.view);
        const fresh = new RunningAttempts();
        fresh.update(s.view);
        expect(kept.count).toBe(fresh.count);
        const rows = (r: RunningAttempts) => {
          const { attempt, job: jobOf, task, node, start, kind, copyable } = r.rows;
          return Array.from({ length: r.count }, (_, i) => [attempt[i], jobOf[i], task[i], node[i], start[i], kind[i], copyable[i]].join(' '));
        };
        expect(rows(kept)).toEqual(rows(fresh));
        expect([kept.speculative, kept.oldestStart, kept.oldestNode, kept.otherStart]).toEqual([fresh.speculative, fresh.oldestStart, fresh.oldestNode, fresh.otherStart]);
        rowsSeen += kept.count;
        checked++;
      },
    });
    const result = sim.run();
    expect(checked).toBeGreaterThan(300);
    expect(rowsSeen).toBeGreaterThan(1000);
    expect(result.failedAttempts).toBeGreaterThan(0);
    expect(result.killedAttempts).toBeGreaterThan(0); // copies ran and raced their originals
  });
});
