import { describe, expect, it } from 'vitest';
import type { StoreStatus } from '@shared/api/records';
import { Store } from '../../../src-main/store/database';
import { smallCluster } from '../../helpers/clusterFixtures';
import { startServeProcess } from '../../helpers/processes';
import { importWhilePaused, pauseMidSave } from '../../helpers/pauseServe';
import { useTempDirs } from '../../helpers/tempDir';

/**
 * serve suspended (Ctrl+Z, SIGSTOP, a closed laptop lid) in the middle of saving a batch's run,
 * its write lock held, for longer than the lock's stale time (30 s): a CLI import takes the folder
 * over and saves. Resumed, serve must not die and must not overwrite the import: it saves its
 * pending writes again under a fresh lock, says so, and answers the next call.
 */
const tempDir = useTempDirs();

describe('serve paused while it holds the write lock', () => {
  it('a CLI import takes the folder over; resumed, serve saves its runs again and answers', { timeout: 600_000 }, async () => {
    const dataDir = tempDir();
    const files = tempDir();
    const serve = await startServeProcess(dataDir);
    let stopped = false;
    try {
      const sample = await serve.call<{ experimentId: string }>('studio:sample');
      expect(sample.ok).toBe(true);
      const created = await serve.call<{ id: string }>('clusters:create', { spec: smallCluster({ name: 'before the pause' }) });
      expect(created.ok).toBe(true);

      const batches = await pauseMidSave(serve, dataDir, sample.data!.experimentId);
      stopped = true;
      // The CLI waits for the lock until it is stale, takes it over and saves; then serve resumes.
      const importedId = await importWhilePaused(serve, dataDir, files, Date.now());
      stopped = false;

      // serve is alive and answers; its batch ends with every run saved.
      const listed = await serve.call<{ id: string; name: string }[]>('clusters:list');
      expect(listed.ok).toBe(true);
      const last = batches.at(-1)!;
      for (;;) {
        const batch = await serve.call<{ status: string; finished: number; failed: number; runs: number }>('batches:get', { id: last });
        if (batch.data!.status !== 'running') {
          expect(batch.data).toMatchObject({ status: 'finished', failed: 0 });
          expect(batch.data!.finished).toBe(batch.data!.runs);
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(serve.child.exitCode).toBeNull();

      // It says what happened: the store's status, which the studio shows as a banner.
      const status = await serve.call<StoreStatus>('store:status');
      expect(status.data!.lockTakeover).toMatchObject({ writesLost: 0 });
      expect(status.data!.lockTakeover!.writesSavedAgain).toBeGreaterThan(0);

      // Every acknowledged write of both processes is on disk.
      const store = await Store.open({ dataDir });
      try {
        const names = store.read((db) => db.exec('SELECT id, name FROM clusters')[0].values.map((v) => ({ id: String(v[0]), name: String(v[1]) })));
        expect(names.map((c) => c.id)).toEqual(expect.arrayContaining([created.data!.id, importedId]));
        const runs = store.read((db) => db.exec(`SELECT COUNT(*) FROM runs WHERE batch_id = '${last}' AND status = 'finished'`)[0].values[0][0]);
        const planned = store.read((db) => db.exec(`SELECT COUNT(*) FROM runs WHERE batch_id = '${last}'`)[0].values[0][0]);
        expect(runs).toBe(planned);
      } finally {
        store.close();
      }
    } finally {
      if (stopped) serve.child.kill('SIGCONT');
      await serve.stop();
    }
  });
});
