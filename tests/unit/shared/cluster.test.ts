import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema, clusterTotals } from '@shared/cluster/cluster';
import { clusterCapacity } from '@shared/cluster/clusterCapacity';
import { problemsOf } from '@shared/api/validation';
import { smallCluster } from '../../helpers/clusterFixtures';

function problems(input: unknown) {
  const r = ClusterSpecSchema.safeParse(input);
  return r.success ? [] : problemsOf(r.error);
}

describe('ClusterSpecSchema', () => {
  it('accepts a valid cluster and fills defaults', () => {
    const spec = smallCluster();
    delete spec.hdfs;
    const parsed = ClusterSpecSchema.parse(spec);
    expect(parsed.hdfs).toEqual({ blockSizeMb: 128, replication: 3 });
    expect(parsed.racks[0].hosts[0].vms).toEqual([]);
  });

  it('names the field of a VM with more memory than its host', () => {
    const spec = smallCluster({ vmTypes: [{ id: 'small-vm', name: 'huge', vcpus: 2, memoryGb: 64 }] });
    const found = problems(spec);
    expect(found).toContainEqual({ field: 'racks.1.hosts.0.vms.0.type', message: 'VM type "huge" has 64 GB but server "b1" has only 16 GB' });
  });

  it('reports VMs that together reserve more memory than the host', () => {
    const spec = smallCluster({ vmTypes: [{ id: 'small-vm', name: 'medium', vcpus: 2, memoryGb: 10 }] });
    expect(problems(spec)).toContainEqual({ field: 'racks.1.hosts.0.vms', message: 'VMs reserve 20 GB but server "b1" has only 16 GB' });
  });

  it('reports zero bandwidth, duplicate names and unknown types at their fields', () => {
    const spec = smallCluster();
    spec.hostTypes[0].nicMBps = 0;
    spec.racks[0].hosts[1].name = 'A1';
    spec.racks[1].hosts[1].type = 'missing';
    const found = problems(spec);
    expect(found).toContainEqual({ field: 'hostTypes.0.nicMBps', message: 'must be greater than 0' });
    // Cross-field rules run only once the shape is valid, so fix the bandwidth and look again.
    spec.hostTypes[0].nicMBps = 125;
    const again = problems(spec);
    expect(again).toContainEqual({ field: 'racks.0.hosts.1.name', message: 'duplicate server name "A1"' });
    expect(again).toContainEqual({ field: 'racks.1.hosts.1.type', message: 'unknown server type "missing"' });
  });

  it('rejects unknown keys rather than silently dropping them', () => {
    const found = problems({ ...smallCluster(), colour: 'blue' });
    expect(found[0].field).toBe('');
    expect(found[0].message).toMatch(/colour/);
  });

  it('takes FAWKES node kinds and MR-clusters on hosts and VMs, and names a wrong one', () => {
    const spec = smallCluster();
    spec.racks[0].hosts[0] = { ...spec.racks[0].hosts[0], kind: 'transient', mrCluster: 'mr-1' };
    spec.racks[1].hosts[0].vms![0] = { ...spec.racks[1].hosts[0].vms![0], kind: 'transient-core' };
    expect(problems(spec)).toEqual([]);
    spec.racks[0].hosts[1] = { ...spec.racks[0].hosts[1], kind: 'spot' as never, mrCluster: ' ' };
    expect(problems(spec)).toEqual([
      { field: 'racks.0.hosts.1.kind', message: 'must be one of core, transient, transient-core' },
      { field: 'racks.0.hosts.1.mrCluster', message: 'must not be empty' },
    ]);
  });

  it('needs at least one host', () => {
    expect(problems(smallCluster({ racks: [{ name: 'empty', hosts: [] }] }))).toContainEqual({ field: 'racks', message: 'a cluster needs at least one host' });
  });
});

describe('clusterTotals', () => {
  it('counts a host with VMs as its VMs and a bare host as one node', () => {
    expect(clusterTotals(smallCluster())).toEqual({ racks: 2, hosts: 4, vms: 4, nodes: 6, cores: 32, memoryGb: 64 });
  });
});

describe('clusterCapacity', () => {
  it('offers slots sized per server type, vcores, containers and the CPU pool per worker node', () => {
    // 2 bare hosts (8 cores, 16 GB) and 4 VMs (2 vCPUs, 4 GB).
    expect(clusterCapacity(smallCluster())).toEqual({
      nodes: 6,
      mapSlots: 2 * 8 + 4 * 2,
      reduceSlots: 2 * 4 + 4 * 1,
      vcores: 16 + 8,
      containerMemoryGb: 30 + 12,
      containers1Gb: 42,
      cpuPool: 2 * 700 + 4 * 100,
    });
  });
});
