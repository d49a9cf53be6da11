import { describe, expect, it } from 'vitest';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { PushEvent } from '@shared/api/contract';
import type { ClusterRecord } from '@shared/api/records';
import { smallCluster } from '../../helpers/clusterFixtures';
import { useServices } from '../../helpers/services';

const startServices = useServices();

describe('clusters through the handler table', () => {
  it('creates, lists, renames, duplicates and deletes, announcing each change', async () => {
    const s = await startServices();
    const events: PushEvent[] = [];
    s.events.subscribe((e) => events.push(e));

    const created = await s.dispatch('clusters:create', { spec: smallCluster({ name: 'lab' }) });
    expect(created.ok).toBe(true);
    const id = (created as { data: ClusterRecord }).data.id;
    expect(await s.dispatch('clusters:rename', { id, name: 'lab 2' })).toMatchObject({ ok: true, data: { name: 'lab 2' } });
    const dup = await s.dispatch('clusters:duplicate', { id });
    expect(dup).toMatchObject({ ok: true, data: { name: 'lab 2 copy' } });
    const list = await s.dispatch('clusters:list', {});
    expect(list).toMatchObject({ ok: true, data: [{ name: 'lab 2', racks: 2, hosts: 4, nodes: 6 }, { name: 'lab 2 copy' }] });
    expect(await s.dispatch('clusters:delete', { id })).toEqual({ ok: true, data: { id } });
    expect(await s.dispatch('clusters:get', { id })).toMatchObject({ ok: false, error: { code: 'not_found', field: 'id' } });
    expect(events.map((e) => e.event)).toEqual(['store:changed', 'store:changed', 'store:changed', 'store:changed']);
  });

  it('generates a uniform cluster from the form parameters', async () => {
    const s = await startServices();
    const r = await s.dispatch('clusters:generate', { params: { ...defaultUniformCluster, name: 'PRISM testbed' } });
    expect(r).toMatchObject({ ok: true, data: { name: 'PRISM testbed' } });
    expect(await s.dispatch('clusters:list', {})).toMatchObject({ ok: true, data: [{ hosts: 10, cores: 40, memoryGb: 80 }] });
  });

  it('answers a bad request with the field and the problem, and saves nothing', async () => {
    const s = await startServices();
    const bad = smallCluster({ name: 'bad' });
    bad.hostTypes[0].cores = 0;
    expect(await s.dispatch('clusters:create', { spec: bad })).toEqual({
      ok: false,
      error: { code: 'invalid_request', field: 'spec.hostTypes.0.cores', message: 'server type 1 › cores: must be at least 1' },
    });
    expect(await s.dispatch('clusters:generate', { params: { ...defaultUniformCluster, name: 'x', racks: -1 } })).toMatchObject({
      ok: false,
      error: { field: 'params.racks' },
    });
    expect(await s.dispatch('clusters:list', {})).toEqual({ ok: true, data: [] });
  });

  it('refuses a taken name with a conflict on the name field', async () => {
    const s = await startServices();
    await s.dispatch('clusters:create', { spec: smallCluster({ name: 'Taken' }) });
    const other = await s.dispatch('clusters:create', { spec: smallCluster({ name: 'other' }) });
    const id = (other as { data: ClusterRecord }).data.id;
    expect(await s.dispatch('clusters:rename', { id, name: 'taken' })).toMatchObject({ ok: false, error: { code: 'conflict', field: 'name' } });
  });

  it('rejects unknown channels, extra fields and malformed ids', async () => {
    const s = await startServices();
    expect(await s.dispatch('fs:read', { path: '/etc/passwd' })).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(await s.dispatch('clusters:list', { sneaky: true })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await s.dispatch('clusters:get', { id: '../../etc' })).toMatchObject({ ok: false, error: { code: 'invalid_request', field: 'id' } });
    expect(await s.dispatch('clusters:list', null)).toEqual({ ok: true, data: [] });
  });

  it('exports and re-imports a cluster under a new name, never overwriting', async () => {
    const s = await startServices();
    const made = (await s.dispatch('clusters:create', { spec: smallCluster({ name: 'edge' }) })) as { data: ClusterRecord };
    const exported = await s.dispatch('clusters:export', { id: made.data.id });
    expect(exported).toMatchObject({ ok: true, data: { fileName: 'edge.cluster.json' } });
    const content = (exported as { data: { content: string } }).data.content;
    expect(await s.dispatch('clusters:import', { content })).toMatchObject({ ok: true, data: { name: 'edge (2)' } });
    expect(await s.dispatch('clusters:import', { content, name: 'renamed' })).toMatchObject({ ok: true, data: { name: 'renamed' } });
    const broken = content.replace('"cores": 8', '"cores": "eight"');
    const r = await s.dispatch('clusters:import', { content: broken });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_request', field: 'content.cluster.hostTypes.0.cores' } });
    expect((await s.dispatch('clusters:list', {})) as { data: unknown[] }).toMatchObject({ data: { length: 3 } });
  });

  it('opens only vetted links, and says so where there is no browser', async () => {
    const s = await startServices();
    expect(await s.dispatch('app:openExternal', { url: 'file:///etc/passwd' })).toMatchObject({ ok: false, error: { code: 'forbidden', field: 'url' } });
    expect(await s.dispatch('app:openExternal', { url: 'https://doi.org/10.1109/TCC.2014.2379096' })).toMatchObject({
      ok: false,
      error: { code: 'unsupported' },
    });
  });
});
