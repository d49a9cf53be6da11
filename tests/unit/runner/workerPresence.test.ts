import { describe, expect, it } from 'vitest';
import { WorkerPresence } from '../../../src-main/runner/remote/workerPresence';

/** A presence watch on a queue whose workers and waiting runs the test sets, on a clock it moves. */
function watched(start: { workers: number; waiting: number }) {
  const state = { ...start, now: 0, countFails: false };
  const notices: (string | undefined)[] = [];
  const presence = new WorkerPresence(
    {
      count: () => (state.countFails ? Promise.reject(new Error('ERR unknown command CLIENT')) : Promise.resolve(state.workers)),
      waiting: () => state.waiting,
      display: 'redis://lab:6379 (queue sweeps)',
      intervalMs: 1000,
      graceMs: 10_000,
      now: () => state.now,
    },
    (n) => notices.push(n),
  );
  const at = async (ms: number) => {
    state.now = ms;
    await presence.check();
  };
  return { state, notices, at, presence };
}

describe('runs waiting on a queue no worker listens to', () => {
  it('are said to wait once the queue has had no worker for the grace, and the notice is taken back when one starts', async () => {
    const { state, notices, at } = watched({ workers: 0, waiting: 3 });
    await at(0);
    await at(9_999);
    expect(notices).toEqual([]);
    await at(10_000);
    await at(15_000);
    expect(notices).toEqual([
      'No worker is taking runs from redis://lab:6379 (queue sweeps): the runs wait there until one starts ("workload-studio worker --queue" with that address, on any machine).',
    ]);
    state.workers = 1;
    await at(16_000);
    expect(notices).toHaveLength(2);
    expect(notices[1]).toBeUndefined();
    // The worker goes away while runs still wait: the grace counts again from then.
    state.workers = 0;
    await at(17_000);
    await at(26_999);
    expect(notices).toHaveLength(2);
    await at(27_000);
    expect(notices).toHaveLength(3);
  });

  it('takes the notice back when the batch ends (cancelled, or its runs lost) before a worker came', async () => {
    const { notices, at, presence } = watched({ workers: 0, waiting: 3 });
    await at(0);
    await at(10_000);
    presence.stop();
    expect(notices).toEqual([expect.stringMatching(/^No worker/), undefined]);
    presence.stop();
    expect(notices).toHaveLength(2);
  });

  it('says nothing while workers run every run, or when no run waits', async () => {
    const busy = watched({ workers: 2, waiting: 5 });
    for (const t of [0, 20_000, 40_000]) await busy.at(t);
    expect(busy.notices).toEqual([]);
    // Every run taken: a worker gone since matters to no run of this batch.
    const taken = watched({ workers: 0, waiting: 0 });
    for (const t of [0, 20_000, 40_000]) await taken.at(t);
    expect(taken.notices).toEqual([]);
  });

  it('gives no notice when Redis will not list its clients, rather than a wrong one', async () => {
    const { state, notices, at } = watched({ workers: 0, waiting: 3 });
    state.countFails = true;
    for (const t of [0, 20_000]) await at(t);
    state.countFails = false;
    await at(40_000);
    expect(notices).toEqual([]);
  });
});
