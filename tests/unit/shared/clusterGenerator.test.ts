import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema, clusterTotals } from '@shared/cluster/cluster';
import { defaultUniformCluster, generateUniformCluster, MAX_GENERATED_NODES, uniformTotals, UniformClusterSchema } from '@shared/cluster/clusterGenerator';
import { problemsOf } from '@shared/api/validation';

describe('generateUniformCluster', () => {
  it('builds racks × servers × VMs that validate as a cluster', () => {
    const params = UniformClusterSchema.parse({ ...defaultUniformCluster, name: 'ila', racks: 2, hostsPerRack: 6, vmsPerHost: 6, cores: 10, memoryGb: 16 });
    const spec = ClusterSpecSchema.parse(generateUniformCluster(params));
    expect(clusterTotals(spec)).toEqual({ racks: 2, hosts: 12, vms: 72, nodes: 72, cores: 120, memoryGb: 192 });
    expect(spec.racks[1].hosts[5].vms[5].name).toBe('r02-h006-vm6');
  });

  it('gives every host a unique name even past the padding width', () => {
    const params = UniformClusterSchema.parse({ ...defaultUniformCluster, name: 'wide', racks: 12, hostsPerRack: 1200 });
    const spec = generateUniformCluster(params);
    const names = spec.racks.flatMap((r) => r.hosts.map((h) => h.name));
    expect(new Set(names).size).toBe(14400);
    expect(names.at(-1)).toBe('r12-h1200');
  });

  it('says which field is wrong when a number is missing or out of range', () => {
    const r = UniformClusterSchema.safeParse({ ...defaultUniformCluster, name: '', racks: 0, cores: '' });
    expect(r.success).toBe(false);
    const problems = r.success ? [] : problemsOf(r.error);
    expect(problems).toContainEqual({ field: 'name', message: 'must not be empty' });
    expect(problems).toContainEqual({ field: 'racks', message: 'at least 1 rack' });
    expect(problems).toContainEqual({ field: 'cores', message: 'must be a number' });
  });

  it('reports VMs that do not fit the server once generated', () => {
    const params = UniformClusterSchema.parse({ ...defaultUniformCluster, name: 'tight', vmsPerHost: 4, vmMemoryGb: 4, memoryGb: 8 });
    const r = ClusterSpecSchema.safeParse(generateUniformCluster(params));
    expect(r.success).toBe(false);
  });

  it('totals by arithmetic what it generates', () => {
    const changes = [{}, { racks: 3, hostsPerRack: 7, cores: 12, memoryGb: 48 }, { racks: 2, hostsPerRack: 5, vmsPerHost: 3, memoryGb: 64, vmMemoryGb: 4 }];
    for (const change of changes) {
      const params = UniformClusterSchema.parse({ ...defaultUniformCluster, name: 'sum', ...change });
      expect(uniformTotals(params)).toEqual(clusterTotals(generateUniformCluster(params)));
    }
  });

  it('refuses a cluster of more worker nodes than it makes, naming the product, before generating anything', () => {
    const servers = UniformClusterSchema.safeParse({ ...defaultUniformCluster, name: 'slip', racks: 1000, hostsPerRack: 2000 });
    expect(servers.success ? [] : problemsOf(servers.error)).toEqual([
      { field: 'hostsPerRack', message: 'makes 2,000,000 worker nodes (1,000 racks × 2,000 servers); at most 100,000' },
    ]);
    const vms = UniformClusterSchema.safeParse({ ...defaultUniformCluster, name: 'slip', racks: 10, hostsPerRack: 100, vmsPerHost: 101, vmVcpus: 1 });
    expect(vms.success ? [] : problemsOf(vms.error)).toEqual([
      { field: 'vmsPerHost', message: 'makes 101,000 worker nodes (10 racks × 100 servers × 101 VMs); at most 100,000' },
    ]);
    // The ceiling itself is allowed.
    expect(UniformClusterSchema.safeParse({ ...defaultUniformCluster, name: 'edge', racks: 50, hostsPerRack: MAX_GENERATED_NODES / 50 }).success).toBe(true);
  });
});
