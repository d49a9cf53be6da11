import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { Simulation } from '../../../src-main/engine/core/kernel';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { ROW_COPY, RunningAttempts } from '../../../src-main/schedulers/lateRunning';
import { cluster, cpuOnly, job, options } from '../../helpers/engineFixtures';

/**
 * LATE's running attempts (schedulers/lateRunning.ts) are kept between state changes from the
 * engine's log of attempts started and ended. After every event of runs with speculative copies,
 * failed attempts and a lost node, the kept rows equal rows read afresh from the view.
 */
/**
 * The copies and oldest copyable attempts by a walk over the snapshot's rows, as LATE first
 * computed them: what the jobs' combined summaries must equal.
 */
function walk(r: RunningAttempts): number[] {
  let copies = 0;
  let oldest = Infinity;
  let oldestNode = -1;
  let other = Infinity;
  for (const { kind, copyable, start, node, length } of r.blocks()) {
    for (let i = 0; i < length; i++) {
      if (kind[i] === ROW_COPY) copies++;
      else if (copyable[i] === 1) {
        if (start[i] < oldest) {
          if (node[i] !== oldestNode) other = oldest;
          oldest = start[i];
          oldestNode = node[i];
        } else if (node[i] !== oldestNode && start[i] < other) other = start[i];
      }
    }
  }
  return [copies, oldest, oldestNode, other];
}

/** The snapshot's rows, in its order, one line each. */
function rows(r: RunningAttempts): string[] {
  return r.blocks().flatMap((b) => Array.from({ length: b.length }, (_, i) => [b.attempt[i], b.job, b.task[i], b.node[i], b.start[i], b.kind[i], b.copyable[i]].join(' ')));
}

describe('LATE running attempts', () => {
  // The second case fails a third of all attempts: a copy or its original often fails while its
  // twin runs on, which makes the survivor copyable again.
  // `every`: the kept rows are brought up to date after every n-th event only, so one update
  // applies many starts and ends, some of an attempt that started and ended in between, and some
  // of an id given to a later attempt.
  it.each([
    { name: 'copies, failures and a lost node', failure: 0.05, seed: 3, every: 1 },
    { name: 'twins that fail while the other runs on', failure: 0.3, seed: 5, every: 1 },
    { name: 'many changes between snapshots', failure: 0.3, seed: 5, every: 9 },
  ])('equal a fresh read of the view: $name', ({ failure, seed, every }) => {
    const topology = cluster(2, 4, { cores: 2 });
    topology.hostSpeed[1] = 0.3;
    topology.hostSpeed[6] = 0.5;
    const jobs = Array.from({ length: 10 }, (_, i) => job(`j${i}`, cpuOnly(30 + 7 * i), { submit: i * 15, maps: 6 + (i % 4) * 3, reduces: i % 2 }));
    const kept = new RunningAttempts();
    let checked = 0;
    let rowsSeen = 0;
    let events = 0;
    const sim = new Simulation({
      topology,
      jobs,
      options: options({ taskFailureProbability: failure, maxAttempts: 12, failures: [{ node: 'r1h2', atS: 90 }], nodeTimeoutS: 20, heartbeatS: 1 }),
      seed,
      scheduler: createScheduler(SchedulerSpecSchema.parse({ kind: 'late', mapSlots: 2, reduceSlots: 1, minRunSeconds: 10 })),
      afterEvent: (s) => {
        if (++events % every !== 0) return;
        kept.update(s.view);
        const fresh = new RunningAttempts();
        fresh.update(s.view);
        expect(kept.count).toBe(fresh.count);
        expect(rows(kept)).toEqual(rows(fresh));
        expect([kept.speculative, kept.oldestStart, kept.oldestNode, kept.otherStart]).toEqual(walk(fresh));
        rowsSeen += kept.count;
        checked++;
      },
    });
    const result = sim.run();
    expect(checked).toBeGreaterThan(100);
    expect(rowsSeen).toBeGreaterThan(1000);
    expect(result.failedAttempts).toBeGreaterThan(0);
    expect(result.killedAttempts).toBeGreaterThan(0); // copies ran and raced their originals
  });
});
