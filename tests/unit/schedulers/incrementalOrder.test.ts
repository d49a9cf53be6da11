import { describe, expect, it } from 'vitest';
import type { ClusterView, Scheduler } from '../../../src-main/engine/scheduling/schedulerApi';
import { IncrementalJobOrder } from '../../../src-main/schedulers/incrementalOrder';
import { byFewestRunning, fewestRunningOrder } from '../../../src-main/schedulers/jobOrder';
import { cluster, cpuOnly, fifo, job, run } from '../../helpers/engineFixtures';

/** FIFO's decisions, with the order under test compared against a fresh sort at every heartbeat. */
function checking(order: IncrementalJobOrder, fresh: (view: ClusterView) => number[], mismatches: string[]): Scheduler {
  const inner = fifo(2, 1);
  return {
    name: 'checking',
    onHeartbeat(n, view) {
      const kept = [...order.current(view)];
      const sorted = fresh(view);
      if (kept.join() !== sorted.join()) mismatches.push(`t=${view.now}: kept [${kept.join()}], sorted [${sorted.join()}]`);
      inner.onHeartbeat(n, view);
    },
  };
}

/** The reference: the active jobs sorted afresh, fewest running tasks first. */
const fewestRunningFirst = (view: ClusterView) => [...view.activeJobs].sort((a, b) => byFewestRunning(view, a, b));

describe('IncrementalJobOrder', () => {
  it('equals a full sort by fewest running tasks at every heartbeat, as jobs arrive, run and finish', () => {
    const mismatches: string[] = [];
    const jobs = Array.from({ length: 40 }, (_, i) => job(`j${i}`, cpuOnly(5 + (i % 7)), { maps: 1 + (i % 5), submit: (i % 9) * 3 }));
    const r = run(cluster(1, 4), jobs, checking(fewestRunningOrder(), fewestRunningFirst, mismatches));
    expect(r.jobs.every((j) => j.status === 'succeeded')).toBe(true);
    expect(mismatches).toEqual([]);
  });

  it('equals a full sort with failed nodes re-queueing work', () => {
    const mismatches: string[] = [];
    const jobs = Array.from({ length: 30 }, (_, i) => job(`j${i}`, cpuOnly(20), { maps: 3, submit: i }));
    run(cluster(2, 3), jobs, checking(fewestRunningOrder(), fewestRunningFirst, mismatches), { mtbfS: 200, replenishAfterS: 60 }, 4);
    expect(mismatches).toEqual([]);
  });

  it('with an includes rule (a pending map) equals a full sort of the jobs it picks, with failed nodes re-queueing maps', () => {
    const mismatches: string[] = [];
    const withMaps = (view: ClusterView) => fewestRunningFirst(view).filter((j) => view.pendingMaps(j) > 0);
    const jobs = Array.from({ length: 30 }, (_, i) => job(`j${i}`, cpuOnly(15 + (i % 4)), { maps: 2 + (i % 4), submit: i * 2 }));
    const r = run(
      cluster(2, 3),
      jobs,
      checking(
        fewestRunningOrder((view, j) => view.pendingMaps(j) > 0),
        withMaps,
        mismatches,
      ),
      { mtbfS: 200, replenishAfterS: 60 },
      4,
    );
    expect(r.jobs.every((j) => j.status === 'succeeded')).toBe(true);
    expect(mismatches).toEqual([]);
  });

  it('puts back the moves made for a heartbeat before the order is read again, at the same state or after a change', () => {
    const mismatches: string[] = [];
    const order = fewestRunningOrder();
    const inner = fifo(2, 1);
    let moved = 0;
    const jobs = Array.from({ length: 30 }, (_, i) => job(`j${i}`, cpuOnly(10 + (i % 5)), { maps: 1 + (i % 3), submit: i % 6 }));
    run(cluster(1, 3), jobs, {
      name: 'moving',
      onHeartbeat(n, view) {
        const sorted = fewestRunningFirst(view).join();
        const list = order.current(view);
        if ([...list].join() !== sorted) mismatches.push(`t=${view.now}: kept [${[...list].join()}], sorted [${sorted}]`);
        if (list.length >= 3) {
          // As Fair moves a job that launched: from the front to further back, twice in one beat.
          const first = list[0];
          order.moveForBeat(0, list.length - 1);
          if (list[list.length - 1] !== first) mismatches.push(`t=${view.now}: the moved job is not last`);
          order.moveForBeat(1, 2);
          moved++;
          // Read again at the same state: the order is the sorted one again.
          if ([...order.current(view)].join() !== sorted) mismatches.push(`t=${view.now}: not put back at the same state`);
          order.moveForBeat(0, 1);
        }
        inner.onHeartbeat(n, view);
      },
    });
    expect(moved).toBeGreaterThan(20);
    expect(mismatches).toEqual([]);
  });

  it('breaks ties by the tie key, then by job index, and treats two infinite keys as equal', () => {
    const mismatches: string[] = [];
    // Every job's key is Infinity (no deadline) and its tie its submit time: submit order, then index.
    const order = new IncrementalJobOrder(
      () => Infinity,
      (view, j) => view.jobSubmitTime(j),
    );
    const jobs = Array.from({ length: 12 }, (_, i) => job(`j${i}`, cpuOnly(5), { maps: 1, submit: 10 - (i % 4) }));
    const bySubmit = (view: ClusterView) => [...view.activeJobs].sort((a, b) => view.jobSubmitTime(a) - view.jobSubmitTime(b) || a - b);
    run(cluster(1, 2), jobs, checking(order, bySubmit, mismatches));
    expect(mismatches).toEqual([]);
  });

  it('costs comparisons per change in the log of the queue, not a sort of it', () => {
    const jobs = Array.from({ length: 2000 }, (_, i) => job(`j${i}`, cpuOnly(20), { maps: 2 }));
    const order = fewestRunningOrder();
    const inner = fifo(2, 1);
    let heartbeats = 0;
    const r = run(
      cluster(1, 5),
      jobs,
      {
        name: 'counting',
        onHeartbeat(n, view) {
          heartbeats++;
          order.current(view);
          inner.onHeartbeat(n, view);
        },
      },
      { horizonS: 400 },
    );
    // One sort when the order is first asked for; afterwards each changed job costs about log2(2000) ≈ 11.
    expect(r.work.orderSorts).toBe(1);
    expect(heartbeats).toBeGreaterThan(500);
    const afterFirstSort = r.work.orderComparisons - 2000 * 11;
    expect(afterFirstSort / heartbeats).toBeLessThan(60);
  });

  it('with fixed keys (deadlines) equals a full sort, and a task starting or ending costs no comparison', () => {
    const mismatches: string[] = [];
    const byDeadline = () =>
      new IncrementalJobOrder(
        (view, j) => view.jobDeadline(j),
        (view, j) => view.jobSubmitTime(j),
        { keysFixed: true },
      );
    const edf = (view: ClusterView) =>
      [...view.activeJobs].sort(
        (a, b) =>
          (view.jobDeadline(a) === view.jobDeadline(b) ? 0 : view.jobDeadline(a) < view.jobDeadline(b) ? -1 : 1) ||
          view.jobSubmitTime(a) - view.jobSubmitTime(b) ||
          a - b,
      );
    // Deadlines out of submit order, some jobs without one.
    const jobs = Array.from({ length: 30 }, (_, i) =>
      job(`j${i}`, cpuOnly(5 + (i % 4)), { maps: 2, submit: (i % 6) * 4, ...(i % 5 === 0 ? {} : { deadline: 400 - ((i * 37) % 300) }) }),
    );
    run(cluster(1, 3), jobs, checking(byDeadline(), edf, mismatches));
    expect(mismatches).toEqual([]);

    // All jobs queued at once: after the first sort, comparisons come only from jobs ending (one
    // binary search each), never from the many task starts and ends in between.
    const queued = Array.from({ length: 500 }, (_, i) => job(`q${i}`, cpuOnly(10), { maps: 4, deadline: 1000 + ((i * 7919) % 500) }));
    const order = byDeadline();
    const inner = fifo(2, 1);
    const r = run(
      cluster(1, 5),
      queued,
      {
        name: 'counting',
        onHeartbeat(n, view) {
          order.current(view);
          inner.onHeartbeat(n, view);
        },
      },
      { horizonS: 300 },
    );
    const finished = r.jobs.filter((j) => j.status === 'succeeded').length;
    expect(finished).toBeGreaterThan(10);
    expect(r.work.orderSorts).toBe(1);
    expect(r.work.orderComparisons).toBeLessThan(500 * 9 + finished * 10);
  });
});
