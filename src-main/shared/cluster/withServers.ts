import { ClusterSpecSchema, type ClusterSpec } from './cluster';

/**
 * The cluster with exactly `n` servers, taken round-robin over its racks so they stay spread out
 * (a capacity planner's "what if we had n nodes"); growing copies servers, VMs and all, under new
 * names, again rack by rack.
 */
export function withServers(spec: ClusterSpec, n: number): ClusterSpec {
  const racks = spec.racks.map((r) => ({ ...r, hosts: [] as ClusterSpec['racks'][number]['hosts'] }));
  const total = spec.racks.reduce((s, r) => s + r.hosts.length, 0);
  let taken = 0;
  for (let i = 0; taken < Math.min(n, total); i++) {
    for (let r = 0; r < spec.racks.length && taken < Math.min(n, total); r++) {
      const host = spec.racks[r].hosts.at(i);
      if (host) {
        racks[r].hosts.push(host);
        taken++;
      }
    }
  }
  for (let copy = 1; taken < n; copy++) {
    for (let r = 0; r < spec.racks.length && taken < n; r++) {
      for (const host of spec.racks[r].hosts) {
        if (taken >= n) break;
        const name = `${host.name}-x${copy}`;
        racks[r].hosts.push({ ...host, name, vms: host.vms.map((vm) => ({ ...vm, name: `${vm.name}-x${copy}` })) });
        taken++;
      }
    }
  }
  return ClusterSpecSchema.parse({ ...spec, racks: racks.filter((r) => r.hosts.length > 0) });
}
