import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { Simulation } from '../../../src-main/engine/run/kernel';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { ROW_COPY, ROW_MAP, ROW_REDUCE, Rows, RunningAttempts } from '../../../src-main/schedulers/lateRunning';
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
  for (const { kind, copyable, start, node, from, to } of r.blocks()) {
    for (let i = from; i < to; i++) {
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

/**
 * The per-kind counts, offsets and order flags a copy check reads (late.ts mayCopy), recounted
 * from the rows: a block said to be ordered must have starts that never decrease.
 */
function bookkeeping(r: RunningAttempts): void {
  const total = [0, 0];
  let offset = 0;
  for (const b of r.blocks()) {
    const mine = [0, 0];
    expect(b.to - b.from).toBe(b.length);
    for (let i = b.from; i < b.to; i++) {
      if (b.kind[i] !== ROW_COPY) mine[b.kind[i]]++;
      if (b.ordered && i > b.from) expect(b.start[i]).toBeGreaterThanOrEqual(b.start[i - 1]);
    }
    expect([...b.ofKind]).toEqual(mine);
    // Row i is the snapshot's row offset + i: the blocks follow each other without a gap.
    expect(b.offset + b.from).toBe(offset);
    offset += b.length;
    total[0] += mine[0];
    total[1] += mine[1];
  }
  expect([...r.ofKind]).toEqual(total);
}

/** The snapshot's rows, in its order, one line each. */
function rows(r: RunningAttempts): string[] {
  return r
    .blocks()
    .flatMap((b) =>
      Array.from({ length: b.length }, (_, k) => b.from + k).map((i) =>
        [b.attempt[i], b.job, b.task[i], b.node[i], b.start[i], b.kind[i], b.copyable[i]].join(' '),
      ),
    );
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
        bookkeeping(kept);
        bookkeeping(fresh);
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

  it('keep launch order as rows end near the front, near the back and in between, through moves and growth', () => {
    // Attempt a: task a, on node a % 3, started at floor(a / 3) (three at each instant, in order), every fifth a reduce.
    const view = {
      attemptTask: (a: number) => a,
      attemptSpeculative: () => false,
      attemptIsReduce: (a: number) => a % 5 === 0,
      attemptNode: (a: number) => a % 3,
      attemptStart: (a: number) => Math.floor(a / 3),
      taskRunningCount: () => 1,
    } as unknown as Parameters<Rows['add']>[0];
    const block = new Rows(0);
    const model: number[] = [];
    let next = 0;
    let state = 7;
    const draw = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let step = 0; step < 20_000; step++) {
      if (model.length === 0 || draw() < 0.52) {
        block.add(view, next);
        model.push(next++);
      } else {
        // Mostly the first-launched end first, as a job's tasks do; some end anywhere.
        const at = draw() < 0.7 ? Math.floor(draw() * Math.min(3, model.length)) : Math.floor(draw() * model.length);
        // Found by its start (searched by halves), by a wrong start (then walked), or without one.
        const a = model[at];
        const start = [Math.floor(a / 3), Math.floor(a / 3) + 0.5, NaN][step % 3];
        expect(block.remove(a, start)).toBe(a);
        model.splice(at, 1);
      }
      if (step % 97 === 0) {
        expect(Array.from(block.attempt.subarray(block.from, block.to))).toEqual(model);
        expect(Array.from(block.start.subarray(block.from, block.to))).toEqual(model.map((a) => Math.floor(a / 3)));
        expect(block.length).toBe(model.length);
        expect([block.ofKind[ROW_MAP], block.ofKind[ROW_REDUCE]]).toEqual([model.filter((a) => a % 5 !== 0).length, model.filter((a) => a % 5 === 0).length]);
        expect(block.ordered).toBe(true);
        // The arrays stay within a few times the rows they hold.
        expect(block.attempt.length).toBeLessThanOrEqual(Math.max(64, 4 * model.length + 8));
      }
    }
    expect(block.remove(next + 1)).toBe(-1);
    expect(block.remove(next + 1, Math.floor((next + 1) / 3))).toBe(-1);
  });

  it('count each kind, and know when starts came out of order', () => {
    // Attempt a runs task a on node a % 2, started at `starts[a]`; odd attempts are reduces, 3 a copy.
    const starts = [5, 8, 3, 9];
    const view = {
      attemptTask: (a: number) => a,
      attemptSpeculative: (a: number) => a === 3,
      attemptIsReduce: (a: number) => a % 2 === 1,
      attemptNode: (a: number) => a % 2,
      attemptStart: (a: number) => starts[a],
      taskRunningCount: () => 1,
    } as unknown as Parameters<Rows['add']>[0];
    const rowsOf = new Rows(0);
    rowsOf.add(view, 0);
    rowsOf.add(view, 1);
    expect(rowsOf.ordered).toBe(true);
    rowsOf.add(view, 2);
    expect(rowsOf.ordered).toBe(false);
    rowsOf.add(view, 3);
    expect([rowsOf.ofKind[ROW_MAP], rowsOf.ofKind[ROW_REDUCE], rowsOf.copies]).toEqual([2, 1, 1]);
    rowsOf.remove(1);
    rowsOf.remove(3);
    expect([rowsOf.ofKind[ROW_MAP], rowsOf.ofKind[ROW_REDUCE], rowsOf.copies]).toEqual([2, 0, 0]);
  });
});
