import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { batchesRepo } from '../../../src-main/store/batchesRepo';
import { Store } from '../../../src-main/store/database';
import { cli } from '../../helpers/cli';
import { spawnHelper } from '../../helpers/processes';
import { ok, useServices } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();
const startServices = useServices();

/** A process that starts a batch and never ends it; resolves once the batch is saved. */
function holdBatch(dataDir: string) {
  const child = spawnHelper('holdBatch.ts', [dataDir]);
  const created = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const id = /created (\S+)/.exec(out)?.[1];
      if (id) resolve(id);
    });
    child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  const kill = () =>
    new Promise<void>((resolve) => {
      child.removeAllListeners('exit');
      child.on('close', () => resolve());
      child.kill('SIGKILL');
    });
  return { created, kill };
}

describe('batches whose process died', () => {
  it('are closed as interrupted by the next process to open the store, and listed so', async () => {
    const dir = tempDir();
    const holder = holdBatch(dir);
    const id = await holder.created;
    await holder.kill();

    const services = await startServices(dir);
    const batch = batchesRepo(services.store).get(id);
    expect(batch.status).toBe('interrupted');
    expect(batch.results.map((r) => r.status)).toEqual(['interrupted', 'interrupted', 'interrupted']);
    expect(batch.finishedAt).not.toBeNull();
    await services.close();

    const listed = await cli(['runs', 'list', '--data-dir', dir]);
    expect(
      listed.out
        .split('\n')
        .filter((l) => l.includes('fifo'))
        .map((l) => l.includes(' interrupted ')),
    ).toEqual([true, true, true]);
    expect(listed.out).not.toMatch(/queued|running/);
    // An interrupted batch resumes in the next process: its runs run there, into the same batch.
    const again = await startServices(dir);
    expect((await ok<{ status: string }>(again, 'batches:resume', { id })).status).toBe('running');
    await again.runner.settled(id);
    const resumed = batchesRepo(again.store).get(id);
    expect([resumed.status, ...resumed.results.map((r) => r.status)]).toEqual(['finished', 'finished', 'finished', 'finished']);
    // Closed batches can be removed like any other.
    await expect(batchesRepo(again.store).remove(id)).resolves.toEqual({ id });
  });

  // A pid is reused once its process is gone: the batch is owned by the pid and when it started.
  it.skipIf(!fs.existsSync('/proc/self/stat'))('are closed when their pid now belongs to another process', async () => {
    const dir = tempDir();
    const holder = holdBatch(dir);
    const id = await holder.created;
    await holder.kill();
    // The dead holder's pid handed to a live process (this one): same pid as far as kill(0) knows.
    const store = await Store.open({ dataDir: dir });
    await store.write((db) => {
      const stmt = db.prepare('SELECT owner_json FROM batches WHERE id = ?');
      stmt.bind([id]);
      stmt.step();
      const owner = JSON.parse(stmt.get()[0] as string) as { pid: number; start?: string };
      stmt.free();
      expect(owner.start).toMatch(/^\d+$/);
      db.run('UPDATE batches SET owner_json = ? WHERE id = ?', [JSON.stringify({ ...owner, pid: process.pid }), id]);
    });
    store.close();
    const services = await startServices(dir);
    expect(batchesRepo(services.store).get(id).status).toBe('interrupted');
  });

  it('are left running while their process lives, whoever opens the store', async () => {
    const dir = tempDir();
    const holder = holdBatch(dir);
    try {
      const id = await holder.created;
      const services = await startServices(dir);
      expect(batchesRepo(services.store).get(id)).toMatchObject({ status: 'running' });
      expect(
        batchesRepo(services.store)
          .get(id)
          .results.map((r) => r.status),
      ).toEqual(['queued', 'queued', 'queued']);
    } finally {
      await holder.kill();
    }
  });
});
