import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { DesignRecord } from '@shared/experiment/design';
import { Store } from '../../../src-main/store/database';
import { LATEST_VERSION, migrations } from '../../../src-main/store/migrations';
import { ok, useServices } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';

const open = useServices();
const tempDir = useTempDirs();

/** Experiment ids are UUIDs (the API refuses anything else). */
const E1 = '00000000-0000-4000-8000-000000000001';

const design = (name: string, simulation?: Record<string, unknown>) => ({
  name,
  description: '',
  clusterIds: ['c1'],
  workloadIds: ['w1'],
  schedulers: [{ kind: 'fifo' }],
  seeds: [1],
  ...(simulation ? { simulation } : {}),
});
const inputs = (simulation: Record<string, unknown>, sources?: unknown[]) => ({
  clusters: [],
  workloads: [],
  schedulers: [{ kind: 'fifo' }],
  seeds: [1],
  simulation,
  ...(sources ? { sources } : {}),
});

/**
 * Version 10: what was saved before reduces asked for finished maps once a second by default keeps
 * the value it ran with (news of each map at once), so it reruns to the same numbers; what the
 * user set stays; a design made now takes the new default.
 */
describe('saved designs and batches keep the setting whose default changed (store version 10)', () => {
  it('writes the former value into what lacks it, and leaves what says it', async () => {
    const dir = tempDir();
    const old = await Store.open({ dataDir: dir, migrations: migrations.slice(0, 9) });
    await old.write((db) => {
      const addDesign = (id: string, spec: object) =>
        db.run("INSERT INTO experiments (id, name, spec_json, created_at, updated_at) VALUES (?, ?, ?, '2026-01-01', '2026-01-01')", [
          id,
          (spec as { name: string }).name,
          JSON.stringify(spec),
        ]);
      addDesign(E1, design('never touched'));
      addDesign('e2', design('heartbeat set', { heartbeatS: 2 }));
      addDesign('e3', design('asks set', { mapOutputPollS: 2.5 }));
      const addBatch = (id: string, value: object) =>
        db.run("INSERT INTO batches (id, name, inputs_json, status, created_at, updated_at) VALUES (?, ?, ?, 'finished', '2026-01-01', '2026-01-01')", [
          id,
          id,
          JSON.stringify(value),
        ]);
      addBatch('b1', inputs({ heartbeatS: 3 }));
      addBatch('b2', inputs({ heartbeatS: 3, mapOutputPollS: 1 }));
      addBatch(
        'b3',
        inputs({ heartbeatS: 3 }, [
          { id: 'b1', name: 'b1', createdAt: '2026-01-01', simulation: { heartbeatS: 3 } },
          { id: 'x', name: 'x', createdAt: '2026-01-01' },
        ]),
      );
      addBatch('b4', { legacyExperiment: { name: 'v1' } });
    });
    old.close();

    const store = await Store.open({ dataDir: dir });
    const rows = store.read((db) => ({
      designs: Object.fromEntries(db.exec('SELECT id, spec_json FROM experiments')[0].values.map(([id, json]) => [id, JSON.parse(json as string)])),
      batches: Object.fromEntries(db.exec('SELECT id, inputs_json FROM batches')[0].values.map(([id, json]) => [id, JSON.parse(json as string)])),
    }));
    expect(store.status()).toMatchObject({ schemaVersion: LATEST_VERSION, backups: [{ schemaVersion: 9 }] });
    store.close();
    expect(rows.designs[E1].simulation).toEqual({ mapOutputPollS: 0 });
    expect(rows.designs.e2.simulation).toEqual({ mapOutputPollS: 0, heartbeatS: 2 });
    expect(rows.designs.e3.simulation).toEqual({ mapOutputPollS: 2.5 });
    expect(rows.designs[E1].schedulers).toEqual([{ kind: 'fifo' }]);
    expect(rows.batches.b1.simulation).toEqual({ mapOutputPollS: 0, heartbeatS: 3 });
    expect(rows.batches.b2.simulation).toEqual({ heartbeatS: 3, mapOutputPollS: 1 });
    expect(rows.batches.b3.simulation).toEqual({ mapOutputPollS: 0, heartbeatS: 3 });
    expect(rows.batches.b3.sources).toEqual([
      { id: 'b1', name: 'b1', createdAt: '2026-01-01', simulation: { mapOutputPollS: 0, heartbeatS: 3 } },
      { id: 'x', name: 'x', createdAt: '2026-01-01' },
    ]);
    expect(rows.batches.b4).toEqual({ legacyExperiment: { name: 'v1' } });

    // Through the services: the design opens with the value it ran with.
    const services = await open(dir);
    const read = await ok<DesignRecord>(services, 'experiments:get', { id: E1 });
    expect(read.spec.simulation.mapOutputPollS).toBe(0);
  });

  it('gives a design made now the new default: asks every second', async () => {
    const s = await open();
    const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 2 } });
    const workload = await ok<{ id: string }>(s, 'workloads:create', {
      spec: { name: 'w', jobs: [{ id: 'j', template: 'Sort', submit: 0, maps: 2, reduces: 1 }] },
    });
    const made = await ok<DesignRecord>(s, 'experiments:create', {
      spec: { name: 'now', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }], seeds: [1] },
    });
    expect(made.spec.simulation.mapOutputPollS).toBe(1);
  });
});
