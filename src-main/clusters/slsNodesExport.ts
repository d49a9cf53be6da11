import type { ClusterSpec } from '@shared/cluster/cluster';

/**
 * A cluster as a YARN SLS node file (the "Simulator input topology file format", with each node's
 * `memory-mb` and `vcores` as SLS reads them since YARN-7413): one object per rack, one node per
 * worker node of the studio — a host without VMs, or each VM of a host. SLS knows nothing of
 * disks, NICs, core speed or uplinks; those stay in the studio's own cluster file. One rack per
 * line, one after another, as SLS reads them.
 */
export function slsNodesText(cluster: ClusterSpec): string {
  const hostTypes = new Map(cluster.hostTypes.map((t) => [t.id, t]));
  const vmTypes = new Map(cluster.vmTypes.map((t) => [t.id, t]));
  const racks = cluster.racks.map((rack) => ({
    rack: rack.name,
    nodes: rack.hosts.flatMap((host) => {
      if (host.vms.length)
        return host.vms.map((vm) => ({
          node: vm.name,
          'memory-mb': Math.round((vmTypes.get(vm.type)?.memoryGb ?? 0) * 1024),
          vcores: vmTypes.get(vm.type)?.vcpus ?? 1,
        }));
      const type = hostTypes.get(host.type);
      return [{ node: host.name, 'memory-mb': Math.round((type?.memoryGb ?? 0) * 1024), vcores: type?.cores ?? 1 }];
    }),
  }));
  return racks.map((r) => `${JSON.stringify(r)}\n`).join('');
}
