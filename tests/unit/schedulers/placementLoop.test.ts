import { describe, expect, it } from 'vitest';
import { fillInOrder, fillOneAtATime } from '../../../src-main/schedulers/placementLoop';

describe('fillOneAtATime (the fair-share rule)', () => {
  it('gives each slot to the first job that takes it, asking for the order again after every launch', () => {
    // Jobs 0-2; each launch moves the job to the back, as a job's share grows.
    let order = [0, 1, 2];
    const launches: number[] = [];
    const used = fillOneAtATime(
      4,
      () => order,
      (j) => {
        launches.push(j);
        return true;
      },
      (i) => (order = [...order.slice(0, i), ...order.slice(i + 1), order[i]]),
    );
    expect(used).toBe(4);
    expect(launches).toEqual([0, 1, 2, 0]);
  });

  it('skips jobs that cannot take the slot and stops at the first slot nobody takes', () => {
    const asked: number[] = [];
    let left = 2; // job 1 has two tasks; job 0 none fits here
    const used = fillOneAtATime(
      5,
      () => [0, 1],
      (j) => {
        asked.push(j);
        return j === 1 && left-- > 0;
      },
    );
    expect(used).toBe(2);
    expect(asked).toEqual([0, 1, 0, 1, 0, 1]);
  });

  it('asks nothing when no slot is free', () => {
    let asked = 0;
    expect(
      fillOneAtATime(
        0,
        () => [0],
        () => ++asked > 0,
      ),
    ).toBe(0);
    expect(asked).toBe(0);
  });
});

describe('fillInOrder (the queue rule)', () => {
  it('lets each job take all it can before the next is asked, and skips jobs not asked', () => {
    const pending = new Map([
      [0, 2],
      [1, 5],
      [2, 1],
    ]);
    const launched: number[] = [];
    const left = fillInOrder(
      [0, 1, 2],
      4,
      (j) => j !== 0,
      (j) => {
        const p = pending.get(j)!;
        if (p === 0) return false;
        pending.set(j, p - 1);
        launched.push(j);
        return true;
      },
    );
    expect(launched).toEqual([1, 1, 1, 1]);
    expect(left).toBe(0);
  });

  it('stays at the same index when the job leaves the live list it walks', () => {
    // Jobs leave the list once their last task is placed (the engine's jobs with a pending map).
    const live = [0, 1, 2];
    const pending = [1, 1, 3];
    const launched: number[] = [];
    const left = fillInOrder(
      live,
      10,
      () => true,
      (j) => {
        if (pending[j] === 0) return false;
        pending[j]--;
        launched.push(j);
        if (pending[j] === 0) live.splice(live.indexOf(j), 1);
        return true;
      },
    );
    expect(launched).toEqual([0, 1, 2, 2, 2]);
    expect(left).toBe(5);
  });
});
