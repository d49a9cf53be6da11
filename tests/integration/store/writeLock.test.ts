import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { Store } from '../../../src-main/store/database';
import { clustersRepo } from '../../../src-main/store/clustersRepo';
import { WriteLock } from '../../../src-main/store/writeLock';
import { smallCluster } from '../../helpers/clusterFixtures';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();
const spec = (name: string) => ClusterSpecSchema.parse(smallCluster({ name }));

/** A process id that is certainly not running: one that just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('the data folder write lock', () => {
  it('makes a writer that waits too long say which process holds the lock, and change nothing', async () => {
    const dir = tempDir();
    const store = await Store.open({ dataDir: dir, lock: { waitMs: 300 } });
    await clustersRepo(store).create(spec('before'));
    const holder = new WriteLock(path.join(dir, 'studio.sqlite'));
    const release = await holder.acquire();
    try {
      await expect(clustersRepo(store).create(spec('blocked'))).rejects.toMatchObject({
        code: 'store_busy',
        message: expect.stringMatching(new RegExp(`data folder .* is busy: process ${process.pid} \\(.+\\) has held it since \\d{4}-.*Waited 0 s`)),
      });
    } finally {
      await release();
    }
    // The refused write left nothing behind, and the next one goes through.
    expect(
      clustersRepo(store)
        .list()
        .map((c) => c.name),
    ).toEqual(['before']);
    await clustersRepo(store).create(spec('after'));
    expect(
      clustersRepo(store)
        .list()
        .map((c) => c.name),
    ).toEqual(['after', 'before']);
    store.close();
  });

  it('takes over at once a lock whose process died on this machine', async () => {
    const dir = tempDir();
    (await Store.open({ dataDir: dir })).close();
    const file = path.join(dir, 'studio.sqlite');
    // What a writer killed mid-save leaves: the lock folder and its owner note.
    fs.mkdirSync(`${file}.lock`);
    fs.writeFileSync(
      `${file}.lock-owner`,
      JSON.stringify({
        pid: deadPid(),
        host: os.hostname(),
        command: 'cli.js clusters import',
        since: new Date().toISOString(),
        lockIno: fs.statSync(`${file}.lock`).ino,
      }),
    );
    const started = Date.now();
    const store = await Store.open({ dataDir: dir, lock: { waitMs: 5000 } });
    await clustersRepo(store).create(spec('after the crash'));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
    expect(fs.existsSync(`${file}.lock-owner`)).toBe(false);
    store.close();
  });

  it('waits for an abandoned lock of unknown owner until it is stale, then takes it', async () => {
    const dir = tempDir();
    (await Store.open({ dataDir: dir })).close();
    const file = path.join(dir, 'studio.sqlite');
    fs.mkdirSync(`${file}.lock`);
    const store = await Store.open({ dataDir: dir, lock: { waitMs: 10_000, staleMs: 2000 } });
    await clustersRepo(store).create(spec('later'));
    expect(
      clustersRepo(store)
        .list()
        .map((c) => c.name),
    ).toEqual(['later']);
    store.close();
  });

  it('never takes over the lock of a live process, even when its note is old', async () => {
    const dir = tempDir();
    (await Store.open({ dataDir: dir })).close();
    const file = path.join(dir, 'studio.sqlite');
    fs.mkdirSync(`${file}.lock`);
    // Our parent process is alive; the note is "old", but only the stale time may free the lock.
    fs.writeFileSync(
      `${file}.lock-owner`,
      JSON.stringify({ pid: process.ppid, host: os.hostname(), command: 'serve', since: '2026-01-01T00:00:00.000Z', lockIno: fs.statSync(`${file}.lock`).ino }),
    );
    // Opening only reads, so it does not wait; the write does, and gives up naming the holder.
    const store = await Store.open({ dataDir: dir, lock: { waitMs: 400 } });
    expect(clustersRepo(store).list()).toEqual([]);
    await expect(clustersRepo(store).create(spec('refused'))).rejects.toMatchObject({
      code: 'store_busy',
      message: expect.stringMatching(new RegExp(`process ${process.ppid} \\(serve\\)`)),
    });
    store.close();
    fs.rmdirSync(`${file}.lock`);
  });

  it('serves waiters in turn: a writer that keeps taking the lock again cannot starve another', { timeout: 60_000 }, async () => {
    const target = path.join(tempDir(), 'studio.sqlite');
    const hog = new WriteLock(target);
    let hogTurns = 0;
    const hogState = { stop: false };
    // Like serve saving a batch's runs one after another: release, and at once ask again.
    const hogLoop = (async () => {
      while (!hogState.stop) {
        const release = await hog.acquire();
        hogTurns++;
        await new Promise((r) => setTimeout(r, 20));
        await release();
      }
    })();
    while (hogTurns < 3) await new Promise((r) => setTimeout(r, 5));
    const before = hogTurns;
    const release = await new WriteLock(target, { waitMs: 30_000 }).acquire();
    // The hog finishes the turn it had and may have queued once more before the waiter's ticket.
    expect(hogTurns - before).toBeLessThanOrEqual(2);
    await release();
    hogState.stop = true;
    await hogLoop;
  });
});
