import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchInputs, RunPlan } from '@shared/experiment/design';
import { WorkloadSpecSchema, type WorkloadSpec } from '@shared/workload/workload';
import { nodeIo, type WriteIo } from '../../../src-main/store/atomicWrite';
import { batchesRepo } from '../../../src-main/store/batchesRepo';
import type { StoredRunResult } from '../../../src-main/store/storedRun';
import { packColumns } from '../../../src-main/formats/columns';
import { Store } from '../../../src-main/store/database';
import { PayloadFiles } from '../../../src-main/store/payloads';
import { LATEST_VERSION, migrations } from '../../../src-main/store/migrations';
import { workloadsRepo } from '../../../src-main/store/workloadsRepo';
import { useTempDirs } from '../../helpers/tempDir';

/**
 * Large payloads (run columns and per-job results, trace job lists) live in content-addressed
 * files beside the database, so a save writes what changed rather than every run ever kept.
 */
const tempDir = useTempDirs();
const DB = 'studio.sqlite';

/** A trace-sized workload: its job list is far above the size kept in the row. */
const trace = (name: string, jobs = 2000): WorkloadSpec =>
  WorkloadSpecSchema.parse({
    name,
    jobs: Array.from({ length: jobs }, (_, i) => ({ id: `j${i}`, template: 'wordcount', submit: i, maps: 1 + (i % 7), reduces: 1 })),
  });

const inputsWith = (workload: WorkloadSpec): BatchInputs =>
  ({ clusters: [], workloads: [{ name: workload.name, spec: workload }], schedulers: [], seeds: [1], simulation: {} }) as unknown as BatchInputs;
const planOf = (n: number): RunPlan[] =>
  Array.from({ length: n }, (_, index) => ({ index, cluster: 0, workload: 0, scheduler: 0, seed: index + 1, label: 'fifo' }));

/** A run's result: per-job arrays of `jobs` entries, and columns of `points` random values (incompressible, like real series). */
function runOf(seed: number, jobs = 500, points = 20_000): { result: StoredRunResult; blob: Uint8Array } {
  let x = seed * 7919;
  const next = () => (x = (x * 48271) % 2147483647) / 2147483647;
  const result = {
    summary: { makespan: 100 + seed, meanJct: 40 + seed },
    jobs: Array.from({ length: jobs }, (_, i) => ({ id: `j${i}`, finish: next() })),
    kind: 'fifo',
    idealSeconds: Array.from({ length: jobs }, () => next()),
    jobMaps: Array.from({ length: jobs }, () => 3),
    jobReduces: Array.from({ length: jobs }, () => 1),
    reasons: Array.from({ length: jobs }, (_, i) => `job j${i}: its turn in FIFO order`),
    reasonKinds: Array.from({ length: jobs }, () => 'fifo'),
  } as unknown as StoredRunResult;
  return { result, blob: packColumns({ 'series.t': Float64Array.from({ length: points }, next) }) };
}

/** A store in a fresh folder holding one batch whose one run finished. */
async function oneFinishedRun() {
  const dir = tempDir();
  const store = await Store.open({ dataDir: dir });
  const batches = batchesRepo(store);
  const batch = await batches.create('one run', null, inputsWith(trace('small', 3)), planOf(1));
  const { result, blob } = runOf(1);
  await batches.finishRun(batch.id, 0, result, blob);
  await batches.finish(batch.id, 'finished');
  return { dir, store, batches, batch, result, blob };
}

const payloadFiles = (dir: string) =>
  fs.existsSync(path.join(dir, 'payloads'))
    ? (fs.readdirSync(path.join(dir, 'payloads'), { recursive: true }) as string[]).filter((f) => /^[0-9a-f]{2}[/\\][0-9a-f]{64}$/.test(f))
    : [];

/** Bytes written to the database file's temp copies: what a save costs. */
function countingIo(): { io: WriteIo; databaseBytes: () => number; reset: () => void } {
  let bytes = 0;
  const databaseFds = new Set<number>();
  return {
    io: {
      ...nodeIo,
      open: (file, flags) => {
        const fd = nodeIo.open(file, flags);
        if (path.basename(file).startsWith(`${DB}.tmp-`)) databaseFds.add(fd);
        return fd;
      },
      write: (fd, data) => {
        if (databaseFds.has(fd)) bytes += data.length;
        nodeIo.write(fd, data);
      },
      close: (fd) => {
        databaseFds.delete(fd);
        nodeIo.close(fd);
      },
    },
    databaseBytes: () => bytes,
    reset: () => (bytes = 0),
  };
}

describe('payload files beside the database', () => {
  it("keep a run's columns and per-job results out of the database, and give them back whole", async () => {
    const { dir, store, batches, batch, result, blob } = await oneFinishedRun();
    expect(batches.runResult(batch.id, 0).result).toEqual(result);
    expect(batches.storedResult(batch.id, 0)).toEqual(result);
    expect(Array.from(batches.blob(batches.listRuns()[0].id)!)).toEqual(Array.from(blob));
    expect(batches.listRuns()[0].blobBytes).toBe(blob.length);
    expect(payloadFiles(dir)).toHaveLength(2);
    // The row keeps the headline numbers only; the database holds neither payload.
    expect(store.read((db) => String(db.exec('SELECT summary_json FROM runs')[0].values[0][0]))).toBe(
      JSON.stringify({ summary: result.summary, kind: 'fifo' }),
    );
    expect(fs.statSync(path.join(dir, DB)).size).toBeLessThan(blob.length);
    store.close();
  });

  it('read a run stored when its reasons were kept in its row, whole', async () => {
    const { store, batches, batch, result } = await oneFinishedRun();
    // As a studio before this one saved it: the reasons in the row, the file without them.
    const { reasons, reasonKinds, jobs, idealSeconds, jobMaps, jobReduces, ...head } = result;
    await store.write((db) => {
      const ref = store.payloads.ensure(PayloadFiles.json({ jobs, idealSeconds, jobMaps, jobReduces }));
      db.run('UPDATE runs SET summary_json = ?, jobs_ref = ?', [JSON.stringify({ ...head, reasons, reasonKinds }), ref]);
    });
    expect(batches.storedResult(batch.id, 0)).toEqual(result);
    expect(batches.runResult(batch.id, 0).result).toEqual(result);
    store.close();
  });

  it("move a version 4 store's decision reasons out of the run rows into the runs' files", async () => {
    const { dir, store, result } = await oneFinishedRun();
    const { reasons, reasonKinds, jobs, idealSeconds, jobMaps, jobReduces, ...head } = result;
    await store.write((db) => {
      const ref = store.payloads.ensure(PayloadFiles.json({ jobs, idealSeconds, jobMaps, jobReduces }));
      db.run('UPDATE runs SET summary_json = ?, jobs_ref = ?', [JSON.stringify({ ...head, reasons, reasonKinds }), ref]);
      db.run('PRAGMA user_version = 4');
    });
    store.close();
    const v5 = await Store.open({ dataDir: dir });
    expect(v5.status()).toMatchObject({ schemaVersion: LATEST_VERSION });
    const batch = batchesRepo(v5).list()[0];
    expect(batchesRepo(v5).storedResult(batch.id, 0)).toEqual(result);
    expect(v5.read((db) => String(db.exec('SELECT summary_json FROM runs')[0].values[0][0]))).toBe(JSON.stringify(head));
    v5.close();
  });

  it('make a save cost what it changes, not the runs already kept', async () => {
    const dir = tempDir();
    const counter = countingIo();
    const store = await Store.open({ dataDir: dir, io: counter.io });
    const batches = batchesRepo(store);
    const batch = await batches.create('many runs', null, inputsWith(trace('small', 3)), planOf(200));
    for (let i = 0; i < 200; i++) {
      const { result, blob } = runOf(i);
      await batches.finishRun(batch.id, i, result, blob);
    }
    // 200 runs of ~160 kB of columns each: 32 MB of payloads, none of it in the database.
    const payloadBytes = payloadFiles(dir).reduce((s, f) => s + fs.statSync(path.join(dir, 'payloads', f)).size, 0);
    expect(payloadBytes).toBeGreaterThan(30e6);
    counter.reset();
    await batches.rename(batch.id, 'renamed');
    expect(counter.databaseBytes()).toBeGreaterThan(0);
    expect(counter.databaseBytes()).toBeLessThan(1e6);
    store.close();
  });

  it("keep one file for a trace's jobs however many batches ran it, and remove files nothing names", async () => {
    const dir = tempDir();
    const store = await Store.open({ dataDir: dir });
    const workloads = workloadsRepo(store);
    const batches = batchesRepo(store);
    const saved = await workloads.create(trace('facebook'));
    expect(payloadFiles(dir)).toHaveLength(1);
    expect(store.read((db) => String(db.exec('SELECT spec_json FROM workloads')[0].values[0][0])).length).toBeLessThan(1000);
    expect(workloads.get(saved.id).spec).toEqual(trace('facebook'));
    expect(workloads.list()[0]).toMatchObject({ jobs: 2000, tasks: trace('facebook').jobs.reduce((s, j) => s + j.maps! + j.reduces!, 0) });

    const first = await batches.create('first', null, inputsWith(trace('facebook')), planOf(1));
    const second = await batches.create('second', null, inputsWith(trace('facebook')), planOf(1));
    expect(payloadFiles(dir)).toHaveLength(1);
    expect(batches.get(first.id).inputs.workloads[0].spec).toEqual(trace('facebook'));
    const run = runOf(1);
    await batches.finishRun(first.id, 0, run.result, run.blob);
    await batches.finish(first.id, 'finished');
    await batches.finish(second.id, 'cancelled');
    const copy = await batches.addCopies('copy', inputsWith(trace('facebook')), [{ plan: planOf(1)[0], from: { batchId: first.id, index: 0 } }], []);
    expect(payloadFiles(dir)).toHaveLength(3);

    // The copy still names the run's files, the second batch and the workload the trace's.
    await batches.remove(first.id);
    expect(payloadFiles(dir)).toHaveLength(3);
    expect(batches.runResult(copy.id, 0).result).toEqual(run.result);
    await batches.remove(copy.id);
    expect(payloadFiles(dir)).toHaveLength(1);
    await workloads.remove(saved.id);
    expect(payloadFiles(dir)).toHaveLength(1);
    await batches.remove(second.id);
    expect(payloadFiles(dir)).toEqual([]);
    store.close();
  });

  it('say plainly when a file is missing or damaged', async () => {
    const { dir, store, batches, batch } = await oneFinishedRun();
    const [jobsRef, columnsRef] = store.read((db) => db.exec('SELECT jobs_ref, columns_ref FROM runs')[0].values[0].map(String));
    const columnsFile = path.join(dir, 'payloads', columnsRef.slice(0, 2), columnsRef);
    const bytes = fs.readFileSync(columnsFile);
    bytes[bytes.length - 100] ^= 0xff;
    fs.writeFileSync(columnsFile, bytes);
    expect(() => batches.runResult(batch.id, 0)).toThrow(/run 1's result is damaged/);
    fs.rmSync(path.join(dir, 'payloads', jobsRef.slice(0, 2), jobsRef));
    expect(() => batches.storedResult(batch.id, 0)).toThrow(
      expect.objectContaining({ code: 'not_found', message: expect.stringMatching(/run 1's result is missing .*"payloads" folder/) }),
    );
    store.close();
  });

  it('keep the files a backup names, so that restoring it finds them', async () => {
    const { dir, store: v4, batch, result } = await oneFinishedRun();
    v4.close();
    // A later schema backs the file up before migrating; the backup names the run's files.
    const withV5 = [...migrations, { version: migrations.at(-1)!.version + 1, description: 'test: a later schema', up: () => undefined }];
    const v5 = await Store.open({ dataDir: dir, migrations: withV5 });
    await batchesRepo(v5).remove(batch.id);
    expect(payloadFiles(dir)).toHaveLength(2);
    const backup = v5.status().backups[0].name;
    await v5.restoreBackup(backup);
    expect(batchesRepo(v5).runResult(batch.id, 0).result).toEqual(result);
    v5.close();
  });

  it('move the runs and traces of a version 3 store into files, backing it up first and shrinking it', async () => {
    const dir = tempDir();
    const v3 = await Store.open({ dataDir: dir, migrations: migrations.slice(0, 3) });
    const { result, blob } = runOf(1);
    await v3.write((db) => {
      db.run("INSERT INTO workloads (id, name, spec_json, created_at, updated_at) VALUES ('w1', 'facebook', ?, '2026-01-01', '2026-01-01')", [
        JSON.stringify(trace('facebook')),
      ]);
      db.run("INSERT INTO batches (id, name, inputs_json, status, created_at, updated_at) VALUES ('b1', 'old', ?, 'finished', '2026-01-01', '2026-01-01')", [
        JSON.stringify(inputsWith(trace('facebook'))),
      ]);
      db.run(
        "INSERT INTO runs (id, batch_id, run_index, plan_json, scheduler, seed, status, summary_json, result_blob, created_at) VALUES ('r1', 'b1', 0, ?, 'fifo', 1, 'finished', ?, ?, '2026-01-01')",
        [JSON.stringify(planOf(1)[0]), JSON.stringify(result), blob],
      );
    });
    v3.close();
    const before = fs.statSync(path.join(dir, DB)).size;

    const v4 = await Store.open({ dataDir: dir });
    expect(v4.status()).toMatchObject({ schemaVersion: LATEST_VERSION, backups: [{ schemaVersion: 3 }] });
    expect(batchesRepo(v4).runResult('b1', 0).result).toEqual(result);
    expect(Array.from(batchesRepo(v4).blob('r1')!)).toEqual(Array.from(blob));
    expect(batchesRepo(v4).get('b1').inputs.workloads[0].spec).toEqual(trace('facebook'));
    expect(workloadsRepo(v4).get('w1').spec).toEqual(trace('facebook'));
    // The trace is one file for the workload and the batch; the run is two.
    expect(payloadFiles(dir)).toHaveLength(3);
    expect(fs.statSync(path.join(dir, DB)).size).toBeLessThan(before / 5);
    v4.close();
  });
});
