import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema, clusterTotals } from '@shared/cluster/cluster';
import { defaultUniformCluster, generateUniformCluster, UniformClusterSchema } from '@shared/cluster/clusterGenerator';
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
});
