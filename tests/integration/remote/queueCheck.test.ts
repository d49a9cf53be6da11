import * as net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueueCheck } from '@shared/api/settings';
import { ok, useServices } from '../../helpers/services';
import { freePort, REDIS, requireRedisUnderCi, sourceWorker, startRedis, stopRedis, waitForLine, type WorkerProcess } from '../../helpers/redis';

/**
 * Settings → "Check the queue", against a real Redis: whether it answers with the password the
 * studio keeps, and how many workers listen on the queue, said before any batch is sent there.
 */
const services = useServices();
requireRedisUnderCi();

const workers: WorkerProcess[] = [];
afterEach(() => {
  for (const w of workers.splice(0)) if (w.child.exitCode === null) w.child.kill('SIGKILL');
});

describe.runIf(REDIS)('checking a queue from the settings', () => {
  it('counts the workers listening, and says when nothing listens at the address', async () => {
    const { redis, url } = await startRedis();
    try {
      const s = await services();
      expect(await ok<QueueCheck>(s, 'settings:checkQueue', { queue: `${url}?queue=lab` })).toEqual({
        reached: true,
        display: `${url} (queue lab)`,
        workers: 0,
      });
      const w = sourceWorker(`${url}?queue=lab`);
      workers.push(w);
      await waitForLine(w.child, w.log, /waiting for runs/);
      expect((await ok<QueueCheck>(s, 'settings:checkQueue', { queue: `${url}?queue=lab` })).workers).toBe(1);
      // Another queue on the same Redis has no worker of its own.
      expect((await ok<QueueCheck>(s, 'settings:checkQueue', { queue: `${url}?queue=other` })).workers).toBe(0);

      const port = await freePort();
      expect(await ok<QueueCheck>(s, 'settings:checkQueue', { queue: `redis://127.0.0.1:${port}` })).toEqual({
        reached: false,
        display: `redis://127.0.0.1:${port} (queue workload-studio)`,
        workers: null,
        problem: 'nothing listens there (connection refused)',
      });
    } finally {
      await stopRedis(redis);
    }
  }, 60_000);

  it('says when Redis refuses without the password, and reaches it with the one the studio keeps', async () => {
    const { redis, url } = await startRedis('--requirepass', 'lab-secret');
    try {
      const s = await services();
      const refused = await ok<QueueCheck>(s, 'settings:checkQueue', { queue: url });
      expect(refused).toMatchObject({ reached: false, problem: 'Redis refused the password (enter it as the queue password, or set REDIS_PASSWORD)' });
      // A password typed but not yet kept is tried for this look only.
      expect(await ok<QueueCheck>(s, 'settings:checkQueue', { queue: url, password: 'lab-secret' })).toMatchObject({ reached: true });
      expect(await ok<QueueCheck>(s, 'settings:checkQueue', { queue: url })).toMatchObject({ reached: false });
      await ok(s, 'settings:queuePassword', { password: 'lab-secret' });
      const reached = await ok<QueueCheck>(s, 'settings:checkQueue', { queue: url });
      expect(reached).toEqual({ reached: true, display: `redis://***@127.0.0.1:${url.split(':').at(-1)} (queue workload-studio)`, workers: 0 });
    } finally {
      await stopRedis(redis);
    }
  }, 60_000);

  it('gives up on a server that takes the connection and never answers, saying so', async () => {
    // Something else on Redis's port (a proxy whose Redis is gone): connected, then silence.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const s = await services();
      expect(await ok<QueueCheck>(s, 'settings:checkQueue', { queue: `redis://127.0.0.1:${port}` })).toMatchObject({
        reached: false,
        problem: 'no answer within 4 s',
      });
    } finally {
      silent.close();
    }
  }, 60_000);

  it('refuses an address it could not connect with, at the field, before trying', async () => {
    const s = await services();
    const r = await s.dispatch('settings:checkQueue', { queue: 'http://queue.lab' });
    expect(r).toMatchObject({ ok: false, error: { field: 'queue' } });
  });
});
