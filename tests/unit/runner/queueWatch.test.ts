import { describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { QueueWatch } from '../../../src-main/runner/remote/queueWatch';

/** A probe answering EXISTS from a set of keys, or failing as a Redis out of reach does. */
function fakeProbe(keys: Set<string>, reachable: { now: boolean }): Redis {
  return {
    pipeline() {
      const asked: string[] = [];
      const p = {
        exists(key: string) {
          asked.push(key);
          return p;
        },
        exec: () => (reachable.now ? Promise.resolve(asked.map((k) => [null, keys.has(k) ? 1 : 0])) : Promise.reject(new Error('Connection is closed.'))),
      };
      return p;
    },
  } as unknown as Redis;
}

function watching(keys: Set<string>, reachable = { now: true }, runLimitMs = 60_000) {
  let now = 0;
  const lost: [string, string][] = [];
  const watch = new QueueWatch(
    {
      probe: fakeProbe(keys, reachable),
      jobKey: (id) => `bull:q:${id}`,
      display: 'redis://h:6379 (queue q)',
      intervalMs: 1e9,
      unreachableLimitMs: 10_000,
      runLimitMs: () => runLimitMs,
      now: () => now,
    },
    (id, reason) => void lost.push([id, reason]),
  );
  return { watch, lost, advance: (ms: number) => void (now += ms) };
}

describe('QueueWatch: what BullMQ never tells the one waiting on a job', () => {
  it('a job whose record is gone from Redis is lost once, with the reason; the others are left alone', async () => {
    const keys = new Set(['bull:q:a', 'bull:q:b']);
    const { watch, lost } = watching(keys);
    watch.start(['a', 'b']);
    await watch.check();
    expect(lost).toEqual([]);
    keys.delete('bull:q:b');
    await watch.check();
    await watch.check();
    watch.stop();
    expect(lost).toEqual([
      [
        'b',
        'its job is gone from Redis (redis://h:6379 (queue q)): Redis lost its data (restarted without persistence, or flushed) while the run waited or ran',
      ],
    ]);
  });

  it('Redis out of reach: nothing is lost before the limit, every unfinished run after it', async () => {
    const reachable = { now: false };
    const { watch, lost, advance } = watching(new Set(['bull:q:a', 'bull:q:b']), reachable);
    watch.start(['a', 'b']);
    watch.settled('a');
    await watch.check();
    advance(9_000);
    await watch.check();
    expect(lost).toEqual([]);
    advance(2_000);
    await watch.check();
    watch.stop();
    expect(lost).toEqual([['b', 'Redis (redis://h:6379 (queue q)) has been out of reach for 11 s']]);
  });

  it('back in reach before the limit, the clock starts again', async () => {
    const reachable = { now: false };
    const { watch, lost, advance } = watching(new Set(['bull:q:a']), reachable);
    watch.start(['a']);
    await watch.check();
    advance(9_000);
    reachable.now = true;
    await watch.check();
    reachable.now = false;
    advance(9_000);
    await watch.check();
    watch.stop();
    expect(lost).toEqual([]);
  });

  it('a run that goes on far past its limit once a worker took it (a stuck worker keeps its lock)', async () => {
    const { watch, lost, advance } = watching(new Set(['bull:q:a']), { now: true }, 600_000);
    watch.start(['a']);
    advance(3_600_000);
    await watch.check();
    expect(lost).toEqual([]);
    watch.started('a');
    advance(600_001);
    await watch.check();
    watch.stop();
    expect(lost).toHaveLength(1);
    expect(lost[0][1]).toMatch(/^it has run for 10 min on a worker, past the 10 min allowed for it/);
  });
});
