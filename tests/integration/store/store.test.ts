import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { Store } from '../../../src-main/store/database';
import { batchesRepo } from '../../../src-main/store/batchesRepo';
import { clustersRepo } from '../../../src-main/store/clustersRepo';
import { migrations, APPLICATION_ID } from '../../../src-main/store/migrations';
import { listBackups } from '../../../src-main/store/backups';
import { loadSqlJs } from '../../../src-main/store/sqlite';
import { nodeIo, type WriteIo } from '../../../src-main/store/atomicWrite';
import { smallCluster } from '../../helpers/clusterFixtures';
import { spawnHelper } from '../../helpers/processes';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();
const spec = (name: string) => ClusterSpecSchema.parse(smallCluster({ name }));

describe('store', () => {
  it('creates a new database marked as ours at the latest schema', async () => {
    const dir = tempDir();
    const store = await Store.open({ dataDir: dir });
    const status = store.status();
    expect(status).toMatchObject({ state: 'ok', schemaVersion: migrations.at(-1)!.version, backups: [] });
    store.close();
    const SQL = await loadSqlJs();
    const db = new SQL.Database(fs.readFileSync(path.join(dir, 'studio.sqlite')));
    expect(db.exec('PRAGMA application_id')[0].values[0][0]).toBe(APPLICATION_ID);
    const tables = db.exec("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")[0].values.flat();
    expect(tables).toEqual(['batches', 'clusters', 'experiments', 'job_profiles', 'runs', 'workloads']);
  });

  it('round-trips clusters through the file', async () => {
    const dir = tempDir();
    const first = await Store.open({ dataDir: dir });
    const repo = clustersRepo(first);
    const a = await repo.create(spec('alpha'));
    await repo.create(spec('beta'));
    await repo.rename(a.id, 'alpha prime');
    const copy = await repo.duplicate(a.id);
    first.close();

    const second = await Store.open({ dataDir: dir });
    const again = clustersRepo(second);
    expect(again.list().map((c) => c.name)).toEqual(['alpha prime', 'alpha prime copy', 'beta']);
    expect(again.get(a.id).spec).toEqual({ ...spec('alpha'), name: 'alpha prime' });
    expect(again.get(copy.id).spec.racks).toEqual(spec('x').racks);
    second.close();
  });

  it('refuses a second cluster with the same name, ignoring case, and keeps the first', async () => {
    const store = await Store.open({ dataDir: tempDir() });
    const repo = clustersRepo(store);
    await repo.create(spec('Prod'));
    await expect(repo.create(spec('prod'))).rejects.toMatchObject({ code: 'conflict', field: 'name' });
    expect(repo.list()).toHaveLength(1);
  });

  it('imports under a free name instead of overwriting', async () => {
    const store = await Store.open({ dataDir: tempDir() });
    const repo = clustersRepo(store);
    await repo.create(spec('lab'));
    expect((await repo.importAsNew(spec('lab'))).name).toBe('lab (2)');
    expect((await repo.importAsNew(spec('lab'))).name).toBe('lab (3)');
    expect(repo.list().map((c) => c.name)).toEqual(['lab', 'lab (2)', 'lab (3)']);
  });

  it('keeps data through a migration, backing the file up first', async () => {
    const dir = tempDir();
    const v1 = await Store.open({ dataDir: dir, now: () => new Date('2026-01-02T03:04:05.000Z') });
    const made = await clustersRepo(v1).create(spec('kept'));
    v1.close();
    const before = fs.readFileSync(path.join(dir, 'studio.sqlite'));

    const withV2 = [
      ...migrations,
      {
        version: migrations.at(-1)!.version + 1,
        description: 'test: tags on clusters',
        up: (db: import('sql.js').Database) => db.run("ALTER TABLE clusters ADD COLUMN tags TEXT NOT NULL DEFAULT ''"),
      },
    ];
    const v2 = await Store.open({ dataDir: dir, migrations: withV2, now: () => new Date('2026-02-03T04:05:06.000Z') });
    expect(v2.status().schemaVersion).toBe(withV2.at(-1)!.version);
    expect(clustersRepo(v2).get(made.id).name).toBe('kept');
    expect(v2.read((db) => db.exec('SELECT tags FROM clusters')[0].values)).toEqual([['']]);
    const backups = listBackups(dir);
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatchObject({ schemaVersion: migrations.at(-1)!.version, createdAt: '2026-02-03T04:05:06.000Z' });
    expect(fs.readFileSync(path.join(dir, 'backups', backups[0].name))).toEqual(before);
    v2.close();
  });

  it('version 2 carries runs saved under version 1 into the run history, losing nothing', async () => {
    const dir = tempDir();
    const v1 = await Store.open({ dataDir: dir, migrations: migrations.slice(0, 1) });
    const summary = { makespan: 100, meanJct: 40 };
    await v1.write((db) => {
      db.run(
        "INSERT INTO experiments (id, name, spec_json, created_at, updated_at) VALUES ('e1', 'old study', '{\"name\":\"old study\"}', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
      );
      for (const [i, s] of ['fifo', 'fair'].entries()) {
        db.run(
          "INSERT INTO runs (id, experiment_id, scheduler, seed, status, summary_json, result_blob, created_at) VALUES (?, 'e1', ?, 1, 'finished', ?, ?, '2026-01-01T00:00:00.000Z')",
          [`r${i}`, s, JSON.stringify({ kind: s, summary, jobs: [] }), new Uint8Array([1, 2, 3])],
        );
      }
    });
    v1.close();
    const v2 = await Store.open({ dataDir: dir });
    const batches = batchesRepo(v2);
    expect(batches.list()).toMatchObject([{ id: 'e1', name: 'old study', status: 'finished', runs: 2, finished: 2 }]);
    expect(batches.listRuns().map((r) => [r.id, r.scheduler, r.makespan])).toEqual([
      ['r0', 'fifo', 100],
      ['r1', 'fair', 100],
    ]);
    expect(batches.get('e1').results.map((r) => [r.index, r.label, r.status])).toEqual([
      [0, 'fifo', 'finished'],
      [1, 'fair', 'finished'],
    ]);
    expect(Array.from(batches.blob('r1')!)).toEqual([1, 2, 3]);
    // The experiment row held an experiment file, not a design: it moved into the batch.
    expect(v2.read((db) => db.exec('SELECT count(*) FROM experiments')[0].values[0][0])).toBe(0);
    v2.close();
  });

  it('rotates backups, keeping the newest five', async () => {
    const dir = tempDir();
    let version = migrations.at(-1)!.version;
    const steps = [...migrations];
    (await Store.open({ dataDir: dir })).close();
    for (let i = 0; i < 7; i++) {
      version++;
      steps.push({ version, description: `test step ${version}`, up: () => undefined });
      (await Store.open({ dataDir: dir, migrations: [...steps], now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })).close();
    }
    const kept = listBackups(dir);
    expect(kept.map((b) => b.schemaVersion)).toEqual([version - 1, version - 2, version - 3, version - 4, version - 5]);
  });

  it('leaves a file from a newer studio untouched and says so', async () => {
    const dir = tempDir();
    const steps = [...migrations, { version: 99, description: 'future', up: () => undefined }];
    (await Store.open({ dataDir: dir, migrations: steps })).close();
    const before = fs.readFileSync(path.join(dir, 'studio.sqlite'));
    await expect(Store.open({ dataDir: dir })).rejects.toThrow(/newer version of Workload Studio \(schema 99/);
    expect(fs.readFileSync(path.join(dir, 'studio.sqlite'))).toEqual(before);
  });

  it('sees what another process wrote to the same folder', async () => {
    const dir = tempDir();
    const app = await Store.open({ dataDir: dir });
    const cli = await Store.open({ dataDir: dir });
    let heard = 0;
    app.onExternalChange = () => heard++;
    expect(clustersRepo(app).list()).toEqual([]);
    await clustersRepo(cli).create(spec('from the cli'));
    expect(
      clustersRepo(app)
        .list()
        .map((c) => c.name),
    ).toEqual(['from the cli']);
    expect(heard).toBe(1);
    await clustersRepo(app).create(spec('from the app'));
    expect(
      clustersRepo(cli)
        .list()
        .map((c) => c.name),
    ).toEqual(['from the app', 'from the cli']);
  });
});

describe('crash safety', () => {
  /** An io that fails at one step, the way a crash or a full disk would. */
  const failingAt = (step: keyof WriteIo): WriteIo => ({
    ...nodeIo,
    [step]: () => {
      throw new Error(`simulated failure in ${step}`);
    },
  });

  for (const step of ['write', 'fsync', 'rename'] as const) {
    it(`keeps the previous file intact when a save fails at ${step}`, async () => {
      const dir = tempDir();
      const good = await Store.open({ dataDir: dir });
      await clustersRepo(good).create(spec('safe'));
      good.close();
      const file = path.join(dir, 'studio.sqlite');
      const before = fs.readFileSync(file);

      const failing = await Store.open({ dataDir: dir, io: failingAt(step) });
      await expect(clustersRepo(failing).create(spec('lost'))).rejects.toThrow(`simulated failure in ${step}`);
      expect(fs.readFileSync(file)).toEqual(before);
      expect(fs.readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);

      const reopened = await Store.open({ dataDir: dir });
      expect(
        clustersRepo(reopened)
          .list()
          .map((c) => c.name),
      ).toEqual(['safe']);
    });
  }

  it('survives a process killed while saving: the file is always one complete version', async () => {
    const dir = tempDir();
    for (let round = 0; round < 3; round++) {
      const child = spawnHelper('saveForever.ts', [dir]);
      // Wait until it has saved a few times, then kill it without warning, mid-stream.
      await new Promise<void>((resolve, reject) => {
        let seen = '';
        child.stdout.on('data', (d: Buffer) => {
          seen += d.toString();
          if ((seen.match(/saved/g) ?? []).length >= 5 + round * 3) resolve();
        });
        child.on('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
      });
      child.kill('SIGKILL');
      await new Promise((r) => child.on('close', r));
      const store = await Store.open({ dataDir: dir });
      expect(store.status().state).toBe('ok');
      const names = clustersRepo(store)
        .list()
        .map((c) => c.name);
      expect(names.length).toBeGreaterThan(0);
      store.close();
    }
    // Three writer processes, each started through tsx: on a busy 2-core machine that alone can take
    // tens of seconds. The timeout guards against a hang, not speed.
  }, 300_000);
});

/** A process's scheduling state from /proc: "T" while it is stopped. */
const processState = (pid: number) => {
  try {
    return /^\d+ \(.*\) (\S)/.exec(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
};

describe('a writer paused past the stale time (Linux: SIGSTOP and /proc)', () => {
  it.skipIf(process.platform !== 'linux')(
    'never loses the write another process made meanwhile: the paused one saves its own again under a fresh lock',
    async () => {
      const dir = tempDir();
      const staleMs = 2000;
      // Another process (serve, the app) has the folder open throughout.
      const other = await Store.open({ dataDir: dir, lock: { staleMs, waitMs: 60_000 } });
      await clustersRepo(other).create(spec('before'));

      const child = spawnHelper('pausedWriter.ts', [dir, String(staleMs)]);
      let out = '';
      const said = (text: string) =>
        new Promise<void>((resolve, reject) => {
          const check = () => out.includes(text) && resolve();
          child.stdout.on('data', (d: Buffer) => {
            out += d.toString();
            check();
          });
          child.on('exit', (code) => (out.includes(text) ? resolve() : reject(new Error(`writer exited with ${code} before saying "${text}": ${out}`))));
          check();
        });
      try {
        // Its temp file is written and it holds the lock, stopped before the rename.
        await said('pausing');
        while (processState(child.pid!) !== 'T') await new Promise((r) => setTimeout(r, 20));

        // Meanwhile the other process writes: it waits out the stale time, takes the lock, saves, answers.
        const acknowledged = await clustersRepo(other).create(spec('written meanwhile'));

        // The paused writer resumes: it must not rename its copy over that save. It applies its
        // write again to the file as the other process left it, under a fresh lock, and says so.
        child.kill('SIGCONT');
        await new Promise((r) => (child.exitCode !== null ? r(null) : child.on('exit', r)));
        expect(out).toMatch(/^saved$/m);
        expect(JSON.parse(/^takeover (.*)$/m.exec(out)![1])).toMatchObject({ writesSavedAgain: 1, writesLost: 0 });

        const after = await Store.open({ dataDir: dir });
        expect(
          clustersRepo(after)
            .list()
            .map((c) => c.name)
            .sort(),
        ).toEqual(['before', 'paused writer', 'written meanwhile']);
        expect(clustersRepo(after).get(acknowledged.id).name).toBe('written meanwhile');
        // Its lock is gone, and nothing it left behind blocks the next writer.
        await clustersRepo(after).create(spec('next'));
        after.close();
      } finally {
        other.close();
        if (child.exitCode === null) {
          child.kill('SIGCONT');
          child.kill('SIGKILL');
        }
      }
    },
    300_000,
  );
});
