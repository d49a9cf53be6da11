import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchDetail, BatchInputs, BatchSummary, DesignRecord, RunPlan } from '@shared/experiment/design';
import type { ResultFile } from '@shared/experiment/experiment';
import { Store } from '../../../src-main/store/database';
import { batchesRepo } from '../../../src-main/store/batchesRepo';
import { LATEST_VERSION, migrations, sweptNameInWords } from '../../../src-main/store/migrations';
import { cli } from '../../helpers/cli';
import { ok, useServices } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';

const open = useServices();
const tempDir = useTempDirs();

/** As builds before 2026-11-30 named the runs of this sweep (its cards' names then in lower case). */
const FORMER: Record<string, string> = {
  'Fair (delay) · Node-locality wait s = 0': 'fair (delay) nodeLocalityWaitS=0',
  'Fair (delay) · Node-locality wait s = 5': 'fair (delay) nodeLocalityWaitS=5',
  FIFO: 'fifo',
};

/** A Fair card (`fair`) swept over its node-locality wait beside a FIFO card, two seeds, run to the end. */
async function sweptBatch(s: Awaited<ReturnType<typeof open>>, fair: Record<string, unknown> = { kind: 'fair' }): Promise<BatchDetail> {
  const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 4 } });
  const workload = await ok<{ id: string }>(s, 'workloads:create', {
    spec: { name: 'w', jobs: [0, 5, 9].map((submit, i) => ({ id: `j${i}`, template: 'Sort', submit, maps: 6, reduces: 2 })) },
  });
  const design = await ok<DesignRecord>(s, 'experiments:create', {
    spec: {
      name: 'waits',
      clusterIds: [cluster.id],
      workloadIds: [workload.id],
      schedulers: [fair, { kind: 'fifo' }],
      seeds: [1, 2],
      sweep: { target: 'scheduler', scheduler: 0, parameter: 'nodeLocalityWaitS', values: [0, 5] },
    },
  });
  const started = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
  await s.runner.settled(started.id);
  return ok<BatchDetail>(s, 'batches:get', { id: started.id });
}

/**
 * A store at schema `version` holding one finished batch of `inputs` with these runs, opened again
 * by this build (which migrates it): the names its runs have then, from the repository and the
 * table, its cards' names in the history list, and the store's status.
 */
async function migratedNames(version: number, inputs: BatchInputs, plan: RunPlan[]) {
  const dir = tempDir();
  const old = await Store.open({ dataDir: dir, migrations: migrations.slice(0, version) });
  await old.write((db) => {
    db.run(
      "INSERT INTO batches (id, name, inputs_json, status, created_at, updated_at) VALUES ('b1', 'old sweep', ?, 'finished', '2026-01-01', '2026-01-01')",
      [JSON.stringify(inputs)],
    );
    for (const p of plan)
      db.run(
        "INSERT INTO runs (id, batch_id, run_index, plan_json, scheduler, seed, status, created_at) VALUES (?, 'b1', ?, ?, ?, 1, 'cancelled', '2026-01-01')",
        [`r${p.index}`, p.index, JSON.stringify(p), p.label],
      );
  });
  old.close();
  const store = await Store.open({ dataDir: dir });
  try {
    const labels = batchesRepo(store)
      .get('b1')
      .results.map((r) => r.label);
    const listed = batchesRepo(store).list()[0].schedulers;
    const column = store.read((db) => db.exec('SELECT scheduler FROM runs ORDER BY run_index')[0].values.map((v) => v[0]));
    return { labels, listed, column, status: store.status() };
  } finally {
    store.close();
  }
}

describe("swept runs' names: the parameter in the card's words, and files and stores named the earlier way still read", () => {
  it('names each swept run by the setting as the card labels it, and opens a result file that names them by the key', async () => {
    const s = await open();
    const batch = await sweptBatch(s);
    const labels = [...new Set(batch.results.map((r) => r.label))];
    expect(labels).toEqual(['Fair (delay) · Node-locality wait s = 0', 'Fair (delay) · Node-locality wait s = 5', 'FIFO']);

    // The same file as an earlier build wrote it: its runs named with the key.
    const exported = JSON.parse((await ok<{ content: string }>(s, 'batches:exportResult', { id: batch.id })).content) as ResultFile;
    const former = { ...exported, runs: exported.runs.map((r) => ({ ...r, scheduler: FORMER[r.scheduler] ?? r.scheduler })) };
    expect(former.runs.map((r) => r.scheduler)).toContain('fair (delay) nodeLocalityWaitS=5');
    const opened = await ok<BatchSummary>(s, 'batches:openResult', { fileName: 'earlier.result.json', text: JSON.stringify(former) });
    const reread = await ok<BatchDetail>(s, 'batches:get', { id: opened.id });
    expect(reread.results.map((r) => [r.label, r.seed, r.status])).toEqual(batch.results.map((r) => [r.label, r.seed, r.status]));
    const again = JSON.parse((await ok<{ content: string }>(s, 'batches:exportResult', { id: opened.id })).content) as ResultFile;
    expect(again.runs).toEqual(exported.runs);

    // The CLI's why takes a run by either name.
    const dir = tempDir();
    const file = path.join(dir, 'earlier.result.json');
    fs.writeFileSync(file, JSON.stringify(former));
    const job = exported.runs[0].jobs[0].id;
    const byFormer = await cli(['why', file, '--job', job, '--at', '1', '--run', 'fair (delay) nodeLocalityWaitS=5', '--seed', '2', '--json']);
    const byWords = await cli(['why', file, '--job', job, '--at', '1', '--run', 'Fair (delay) · Node-locality wait s = 5', '--seed', '2', '--json']);
    expect(byFormer.code, byFormer.err).toBe(0);
    expect(byWords.code, byWords.err).toBe(0);
    expect(byFormer.out).toBe(byWords.out);
    expect(JSON.parse(byFormer.out)).toMatchObject({ job });
    const unknown = await cli(['why', file, '--job', job, '--at', '1', '--run', 'fair (delay) nodeLocalityWaitS=7']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('has no run "fair (delay) nodeLocalityWaitS=7" (it has "Fair (delay) · Node-locality wait s = 0"');
  }, 120_000);

  it("names a greedy card's runs swept to a wait as delay scheduling, and opens a file that named them by the card", async () => {
    const s = await open();
    const batch = await sweptBatch(s, { kind: 'fair', nodeLocalityWaitS: 0, rackLocalityWaitS: 0 });
    const labels = [...new Set(batch.results.map((r) => r.label))];
    expect(labels).toEqual(['Fair (greedy locality) · Node-locality wait s = 0', 'Fair (delay) · Node-locality wait s = 5', 'FIFO']);
    const exported = JSON.parse((await ok<{ content: string }>(s, 'batches:exportResult', { id: batch.id })).content) as ResultFile;
    const asBefore = (name: string) => name.replace('Fair (delay) · Node-locality wait s = 5', 'fair (greedy locality) · Node-locality wait s = 5');
    const former = { ...exported, runs: exported.runs.map((r) => ({ ...r, scheduler: asBefore(r.scheduler) })) };
    expect(former.runs.map((r) => r.scheduler)).toContain('fair (greedy locality) · Node-locality wait s = 5');
    const opened = await ok<BatchSummary>(s, 'batches:openResult', { fileName: 'before-v7.result.json', text: JSON.stringify(former) });
    const reread = await ok<BatchDetail>(s, 'batches:get', { id: opened.id });
    expect(reread.results.map((r) => [r.label, r.seed, r.status])).toEqual(batch.results.map((r) => [r.label, r.seed, r.status]));
  }, 120_000);

  it("renames a version 6 store's runs of a swept card whose label the value changes, and nothing else", async () => {
    const inputs = {
      clusters: [],
      workloads: [],
      schedulers: [
        { kind: 'fair', nodeLocalityWaitS: 0, rackLocalityWaitS: 0 },
        { kind: 'fair', nodeLocalityWaitS: 0, rackLocalityWaitS: 0, label: 'G' },
      ],
      seeds: [1],
      sweep: { target: 'scheduler', scheduler: 0, parameter: 'nodeLocalityWaitS', values: [0, 5] },
    } as unknown as BatchInputs;
    const plan: RunPlan[] = [
      { index: 0, cluster: 0, workload: 0, scheduler: 0, seed: 1, label: 'fair (greedy locality) · Node-locality wait s = 0', sweepValue: 0 },
      { index: 1, cluster: 0, workload: 0, scheduler: 0, seed: 1, label: 'fair (greedy locality) · Node-locality wait s = 5', sweepValue: 5 },
      { index: 2, cluster: 0, workload: 0, scheduler: 1, seed: 1, label: 'G' },
    ];
    const migrated = await migratedNames(6, inputs, plan);
    expect(migrated.status).toMatchObject({ schemaVersion: LATEST_VERSION, backups: [{ schemaVersion: 6 }] });
    // Then named in words (version 9): the card without a label only.
    const expected = ['Fair (greedy locality) · Node-locality wait s = 0', 'Fair (delay) · Node-locality wait s = 5', 'G'];
    expect(migrated.labels).toEqual(expected);
    expect(migrated.column).toEqual(expected);
  });

  it('opens a version 6 store whose swept card this build cannot name: the run keeps its name, the history still lists it', async () => {
    // A FAWKES card saved without its policy (no build saved one so): its name reads the policy.
    // The migration must still let the store open, the run's name as it was.
    const inputs = {
      clusters: [],
      workloads: [],
      schedulers: [{ kind: 'fawkes' }],
      seeds: [1],
      sweep: { target: 'scheduler', scheduler: 0, parameter: 'alpha', values: [2] },
    } as unknown as BatchInputs;
    const plan: RunPlan[] = [{ index: 0, cluster: 0, workload: 0, scheduler: 0, seed: 1, label: 'fawkes · alpha = 2', sweepValue: 2 }];
    const migrated = await migratedNames(6, inputs, plan);
    expect(migrated.status).toMatchObject({ schemaVersion: LATEST_VERSION });
    expect(migrated.column).toEqual(['fawkes · alpha = 2']);
    // The history lists it too, by the scheduler's name alone (no policy's name holds), and opens it.
    expect(migrated.listed).toEqual(['FAWKES']);
    expect(migrated.labels).toEqual(['fawkes · alpha = 2']);
  });

  it('renames the swept runs a version 5 store kept, and nothing else', async () => {
    const inputs = {
      clusters: [],
      workloads: [],
      schedulers: [{ kind: 'fair' }, { kind: 'fifo', label: 'mine a=1' }],
      seeds: [1],
      sweep: { target: 'scheduler', scheduler: 0, parameter: 'nodeLocalityWaitS', values: [2.5] },
    } as unknown as BatchInputs;
    const plan: RunPlan[] = [
      { index: 0, cluster: 0, workload: 0, scheduler: 0, seed: 1, label: 'fair (delay) nodeLocalityWaitS=2.5', sweepValue: 2.5 },
      // A label the user wrote that only looks like a swept name: no swept value, kept.
      { index: 1, cluster: 0, workload: 0, scheduler: 1, seed: 1, label: 'mine a=1' },
      { index: 2, cluster: 0, workload: 0, scheduler: 1, seed: 1, label: 'fifo · heartbeatS=0.333333', sweepValue: 1 / 3 },
      { index: 3, cluster: 0, workload: 0, scheduler: 1, seed: 1, label: 'fifo · 12 servers', sweepValue: 12 },
    ];
    const migrated = await migratedNames(5, inputs, plan);
    expect(migrated.status).toMatchObject({ schemaVersion: LATEST_VERSION, backups: [{ schemaVersion: 5 }] });
    const expected = ['Fair (delay) · Node-locality wait s = 2.5', 'mine a=1', 'fifo · Heartbeat s = 0.333333', 'fifo · 12 servers'];
    expect(migrated.labels).toEqual(expected);
    expect(migrated.column).toEqual(expected);
  });

  it("renames a version 7 store's runs swept to one server, and nothing else", async () => {
    const inputs = {
      clusters: [],
      workloads: [],
      schedulers: [{ kind: 'fifo' }, { kind: 'fair', label: 'mine' }],
      seeds: [1],
      sweep: { target: 'servers', values: [1, 2] },
    } as unknown as BatchInputs;
    const plan: RunPlan[] = [
      { index: 0, cluster: 0, workload: 0, scheduler: 0, seed: 1, label: 'fifo · 1 servers', sweepValue: 1 },
      { index: 1, cluster: 0, workload: 0, scheduler: 0, seed: 1, label: 'fifo · 2 servers', sweepValue: 2 },
      { index: 2, cluster: 0, workload: 0, scheduler: 1, seed: 1, label: 'mine · 1 servers', sweepValue: 1 },
    ];
    const migrated = await migratedNames(7, inputs, plan);
    expect(migrated.status).toMatchObject({ schemaVersion: LATEST_VERSION, backups: [{ schemaVersion: 7 }] });
    const expected = ['FIFO · 1 server', 'FIFO · 2 servers', 'mine · 1 server'];
    expect(migrated.labels).toEqual(expected);
    expect(migrated.column).toEqual(expected);
    // A scheduler sweep's value of 1 is no count of servers: its name stays.
    const slots = { ...inputs, sweep: { target: 'scheduler', scheduler: 0, parameter: 'mapSlots', values: [1] } } as unknown as BatchInputs;
    const kept = await migratedNames(7, slots, [{ index: 0, cluster: 0, workload: 0, scheduler: 0, seed: 1, label: 'fifo · 1 servers', sweepValue: 1 }]);
    expect(kept.column).toEqual(['fifo · 1 servers']);
  });

  it("renames a version 8 store's runs of cards without a label to the scheduler's name in words, and nothing else", async () => {
    const inputs = {
      clusters: [],
      workloads: [],
      schedulers: [{ kind: 'fifo' }, { kind: 'minedf', bound: 'up', spare: 'lend' }, { kind: 'drf', label: 'drf' }, { kind: 'ila', variant: 'iao' }],
      seeds: [1],
      sweep: { target: 'simulation', parameter: 'heartbeatS', values: [3] },
    } as unknown as BatchInputs;
    const plan: RunPlan[] = [
      { index: 0, cluster: 0, workload: 0, scheduler: 0, seed: 1, label: 'fifo · Heartbeat s = 3', sweepValue: 3 },
      { index: 1, cluster: 0, workload: 0, scheduler: 1, seed: 1, label: 'minedf (up bound), lending · Heartbeat s = 3', sweepValue: 3 },
      // A label the user wrote in lower case is theirs: kept.
      { index: 2, cluster: 0, workload: 0, scheduler: 2, seed: 1, label: 'drf · Heartbeat s = 3', sweepValue: 3 },
      { index: 3, cluster: 0, workload: 0, scheduler: 3, seed: 1, label: 'iao · Heartbeat s = 3', sweepValue: 3 },
    ];
    const migrated = await migratedNames(8, inputs, plan);
    expect(migrated.status).toMatchObject({ schemaVersion: LATEST_VERSION, backups: [{ schemaVersion: 8 }] });
    const expected = ['FIFO · Heartbeat s = 3', 'MinEDF (upper bound), lending · Heartbeat s = 3', 'drf · Heartbeat s = 3', 'IAO · Heartbeat s = 3'];
    expect(migrated.labels).toEqual(expected);
    expect(migrated.column).toEqual(expected);
    // A name that is not the one an earlier build gave (edited by hand, say) is left as it is.
    const edited = await migratedNames(8, inputs, [{ index: 0, cluster: 0, workload: 0, scheduler: 0, seed: 1, label: 'fifo, first try', sweepValue: 3 }]);
    expect(edited.column).toEqual(['fifo, first try']);
  });

  it("renames a version 8 comparison across history: each copied run's former name at its start, its source after it", async () => {
    const inputs = {
      clusters: [],
      workloads: [],
      schedulers: [
        { kind: 'fifo' },
        { kind: 'fair', nodeLocalityWaitS: 5 },
        { kind: 'fair', label: 'fair (delay)' },
        { kind: 'capacity', orderingPolicy: 'fair' },
      ],
      seeds: [1],
      sources: [{ id: 'a', name: 'March', createdAt: '2026-03-01' }],
    } as unknown as BatchInputs;
    const plan: RunPlan[] = [
      { index: 0, cluster: 0, workload: 0, scheduler: 0, seed: 1, label: 'fifo — March', source: 0 },
      { index: 1, cluster: 0, workload: 0, scheduler: 1, seed: 1, label: 'fair (delay) · Node-locality wait s = 5 — March', source: 0 },
      { index: 2, cluster: 0, workload: 0, scheduler: 0, seed: 1, label: 'fifo (2)', source: 0 },
      // The user's label, and a name that only begins like the former one: kept.
      { index: 3, cluster: 0, workload: 0, scheduler: 2, seed: 1, label: 'fair (delay) — March', source: 0 },
      { index: 4, cluster: 0, workload: 0, scheduler: 0, seed: 1, label: 'fifolike — March', source: 0 },
      { index: 5, cluster: 0, workload: 0, scheduler: 3, seed: 1, label: 'capacity (fair order) — March', source: 0 },
    ];
    const migrated = await migratedNames(8, inputs, plan);
    expect(migrated.column).toEqual([
      'FIFO — March',
      'Fair (delay) · Node-locality wait s = 5 — March',
      'FIFO (2)',
      'fair (delay) — March',
      'fifolike — March',
      'Capacity (fair order) — March',
    ]);
  });

  it('rewrites only a name that ends in a known setting and the run’s own value', () => {
    expect(sweptNameInWords('fair (delay) nodeLocalityWaitS=5', 5, 'fair')).toBe('fair (delay) · Node-locality wait s = 5');
    expect(sweptNameInWords('P alpha=0.5', 0.5, 'prism')).toBe('P · α (eq. 1) = 0.5');
    expect(sweptNameInWords('fifo · horizonS=600', 600, 'fifo')).toBe('fifo · Stop at s = 600');
    // Another value, an unknown key, an unknown scheduler: kept.
    expect(sweptNameInWords('fair (delay) nodeLocalityWaitS=5', 6, 'fair')).toBe('fair (delay) nodeLocalityWaitS=5');
    expect(sweptNameInWords('fair (delay) colour=5', 5, 'fair')).toBe('fair (delay) colour=5');
    expect(sweptNameInWords('x nodeLocalityWaitS=5', 5, undefined)).toBe('x nodeLocalityWaitS=5');
  });
});
