import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { Store } from '../../../src-main/store/database';
import { clustersRepo } from '../../../src-main/store/clustersRepo';
import { migrations } from '../../../src-main/store/migrations';
import { loadSqlJs } from '../../../src-main/store/sqlite';
import { smallCluster } from '../../helpers/clusterFixtures';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();
const spec = (name: string) => ClusterSpecSchema.parse(smallCluster({ name }));

/** A data folder with one saved cluster and one backup of it (made by a migration). */
const withTestStep = [...migrations, { version: migrations.at(-1)!.version + 1, description: 'test step', up: () => undefined }];

async function folderWithBackup(): Promise<string> {
  const dir = tempDir();
  const store = await Store.open({ dataDir: dir });
  await clustersRepo(store).create(spec('precious'));
  store.close();
  (await Store.open({ dataDir: dir, migrations: withTestStep })).close();
  return dir;
}

describe('a database file that will not open', () => {
  it('is set aside untouched when truncated, and the newest backup is offered', async () => {
    const dir = await folderWithBackup();
    const file = path.join(dir, 'studio.sqlite');
    const whole = fs.readFileSync(file);
    fs.writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 3)));
    const truncated = fs.readFileSync(file);

    const store = await Store.open({ dataDir: dir, now: () => new Date('2026-11-21T10:00:00.000Z') });
    const status = store.status();
    expect(status.state).toBe('recovered');
    expect(status.setAside?.reason).toMatch(/damaged|does not open/);
    expect(status.setAside?.path).toBe(`${file}.unreadable-20261121T100000000Z`);
    expect(fs.readFileSync(status.setAside!.path)).toEqual(truncated);
    expect(status.backups.length).toBeGreaterThan(0);
    expect(clustersRepo(store).list()).toEqual([]);
    store.close();
  });

  it('restores the backup, keeping whatever the empty database gathered meanwhile', async () => {
    const dir = await folderWithBackup();
    const file = path.join(dir, 'studio.sqlite');
    fs.writeFileSync(file, 'this is not a database at all');
    const store = await Store.open({ dataDir: dir });
    await clustersRepo(store).create(spec('made after the accident'));
    const status = await store.restoreBackup(store.status().backups[0].name);
    expect(status.state).toBe('ok');
    expect(
      clustersRepo(store)
        .list()
        .map((c) => c.name),
    ).toEqual(['precious']);
    const keptAside = fs.readdirSync(dir).find((f) => f.includes('.before-restore-'));
    expect(keptAside).toBeDefined();
    const SQL = await loadSqlJs();
    const aside = new SQL.Database(fs.readFileSync(path.join(dir, keptAside!)));
    expect(aside.exec('SELECT name FROM clusters')[0].values).toEqual([['made after the accident']]);
    store.close();
  });

  it('sets aside a SQLite database that belongs to another program', async () => {
    const dir = tempDir();
    const SQL = await loadSqlJs();
    const foreign = new SQL.Database();
    foreign.run("CREATE TABLE songs (title TEXT); INSERT INTO songs VALUES ('keep me')");
    fs.writeFileSync(path.join(dir, 'studio.sqlite'), foreign.export());
    const store = await Store.open({ dataDir: dir });
    expect(store.status().setAside?.reason).toMatch(/not a Workload Studio database/);
    const kept = new SQL.Database(fs.readFileSync(store.status().setAside!.path));
    expect(kept.exec('SELECT title FROM songs')[0].values).toEqual([['keep me']]);
    store.close();
  });

  it('sets aside an empty file rather than treating it as a new database', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'studio.sqlite'), '');
    const store = await Store.open({ dataDir: dir });
    expect(store.status()).toMatchObject({ state: 'recovered', setAside: { reason: 'the file is empty' } });
    store.close();
  });

  it('refuses to restore a backup that is itself damaged, changing nothing', async () => {
    const dir = await folderWithBackup();
    const store = await Store.open({ dataDir: dir, migrations: withTestStep });
    const backup = store.status().backups[0];
    fs.writeFileSync(path.join(dir, 'backups', backup.name), 'garbage');
    const before = fs.readFileSync(path.join(dir, 'studio.sqlite'));
    await expect(store.restoreBackup(backup.name)).rejects.toMatchObject({ code: 'invalid_request', field: 'name' });
    expect(fs.readFileSync(path.join(dir, 'studio.sqlite'))).toEqual(before);
    expect(
      clustersRepo(store)
        .list()
        .map((c) => c.name),
    ).toEqual(['precious']);
    store.close();
  });

  it('removes temp files a crashed save left behind, and only those', async () => {
    const dir = tempDir();
    (await Store.open({ dataDir: dir })).close();
    fs.writeFileSync(path.join(dir, 'studio.sqlite.tmp-999999999-abcd1234'), 'half a database');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    // Opening to read leaves them (only a lock holder may remove them); the first write does.
    const store = await Store.open({ dataDir: dir });
    expect(fs.readdirSync(dir)).toContain('studio.sqlite.tmp-999999999-abcd1234');
    await clustersRepo(store).create(ClusterSpecSchema.parse(smallCluster({ name: 'after' })));
    store.close();
    expect(fs.readdirSync(dir).sort()).toEqual(['notes.txt', 'studio.sqlite', 'studio.sqlite.lock-queue']);
  });
});
