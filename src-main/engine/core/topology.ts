import type { ClusterSpec } from '@shared/cluster/cluster';

/**
 * The cluster flattened into arrays (model.md "Topology"). Worker nodes are what schedulers assign
 * tasks to: a VM, or a host without VMs. Hosts own the shared physical resources — cores, disks,
 * NIC — so co-hosted VMs contend for them; racks own the uplink.
 */
export interface Topology {
  nodeCount: number;
  hostCount: number;
  rackCount: number;
  nodeName: string[];
  nodeHost: Int32Array;
  nodeRack: Int32Array;
  /** Cores the node may use: its vCPUs for a VM, the host's cores otherwise. */
  nodeCores: Float64Array;
  nodeMemoryMb: Float64Array;
  /** Whether the node is a VM (it then has its own CPU cap inside the host's). */
  nodeIsVm: Uint8Array;
  /** FAWKES sec. 3.2 node kind as the design marks it: NODE_CORE, NODE_TRANSIENT or NODE_TRANSIENT_CORE. */
  nodeKind: Uint8Array;
  /** The MR-cluster the design puts the node in (index into mrClusterNames), -1 for the shared pool. */
  nodeMrCluster: Int32Array;
  /** MR-clusters named by the design's nodes, in order of first appearance. */
  mrClusterNames: string[];
  hostName: string[];
  hostRack: Int32Array;
  hostCores: Float64Array;
  hostSpeed: Float64Array;
  hostDisks: Int32Array;
  /** Aggregate disk bandwidth of the host, MB/s (mean of read and write rates, summed over disks). */
  hostDiskMBps: Float64Array;
  hostNicMBps: Float64Array;
  hostHasVms: Uint8Array;
  /** Worker nodes of each host, as [start, end) into hostNodeList. */
  hostNodeStart: Int32Array;
  hostNodeList: Int32Array;
  rackName: string[];
  /** Effective uplink of each rack: min(uplink, rack NIC total / oversubscription), MB/s each way. */
  rackUplinkMBps: Float64Array;
  rackHostStart: Int32Array;
  rackHostList: Int32Array;
  /** Nodes are numbered rack by rack: rack r holds nodes [rackNodeStart[r], rackNodeStart[r + 1]). */
  rackNodeStart: Int32Array;
  blockSizeMb: number;
  replication: number;
  totalCores: number;
  totalMemoryMb: number;
}

/**
 * FAWKES sec. 3.2: core nodes store input and output; transient nodes store nothing (HDFS reads and
 * writes go to core nodes); transient-core nodes store output only.
 */
export const NODE_CORE = 0;
export const NODE_TRANSIENT = 1;
export const NODE_TRANSIENT_CORE = 2;

export function compileTopology(spec: ClusterSpec): Topology {
  const hostTypes = new Map(spec.hostTypes.map((t) => [t.id, t]));
  const vmTypes = new Map(spec.vmTypes.map((t) => [t.id, t]));
  const hosts = spec.racks.flatMap((rack, r) => rack.hosts.map((h) => ({ host: h, rack: r, type: hostTypes.get(h.type)! })));
  const nodeCount = hosts.reduce((n, h) => n + Math.max(1, h.host.vms.length), 0);
  const t: Topology = {
    nodeCount,
    hostCount: hosts.length,
    rackCount: spec.racks.length,
    nodeName: [],
    nodeHost: new Int32Array(nodeCount),
    nodeRack: new Int32Array(nodeCount),
    nodeCores: new Float64Array(nodeCount),
    nodeMemoryMb: new Float64Array(nodeCount),
    nodeIsVm: new Uint8Array(nodeCount),
    nodeKind: new Uint8Array(nodeCount),
    nodeMrCluster: new Int32Array(nodeCount).fill(-1),
    mrClusterNames: [],
    hostName: [],
    hostRack: new Int32Array(hosts.length),
    hostCores: new Float64Array(hosts.length),
    hostSpeed: new Float64Array(hosts.length),
    hostDisks: new Int32Array(hosts.length),
    hostDiskMBps: new Float64Array(hosts.length),
    hostNicMBps: new Float64Array(hosts.length),
    hostHasVms: new Uint8Array(hosts.length),
    hostNodeStart: new Int32Array(hosts.length + 1),
    hostNodeList: new Int32Array(nodeCount),
    rackName: spec.racks.map((r) => r.name),
    rackUplinkMBps: new Float64Array(spec.racks.length),
    rackHostStart: new Int32Array(spec.racks.length + 1),
    rackHostList: new Int32Array(hosts.length),
    rackNodeStart: new Int32Array(spec.racks.length + 1),
    blockSizeMb: spec.hdfs.blockSizeMb,
    replication: spec.hdfs.replication,
    totalCores: 0,
    totalMemoryMb: 0,
  };
  const rackNic = new Float64Array(spec.racks.length);
  let node = 0;
  hosts.forEach(({ host, rack, type }, h) => {
    t.hostName.push(host.name);
    t.hostRack[h] = rack;
    t.hostCores[h] = type.cores;
    t.hostSpeed[h] = type.coreSpeed;
    t.hostDisks[h] = type.disks.length;
    t.hostDiskMBps[h] = type.disks.reduce((s, d) => s + (d.readMBps + d.writeMBps) / 2, 0);
    t.hostNicMBps[h] = type.nicMBps;
    t.hostHasVms[h] = host.vms.length > 0 ? 1 : 0;
    t.hostNodeStart[h] = node;
    rackNic[rack] += type.nicMBps;
    t.totalCores += type.cores;
    const members =
      host.vms.length > 0
        ? host.vms.map((vm) => ({
            name: vm.name,
            cores: vmTypes.get(vm.type)!.vcpus,
            mem: vmTypes.get(vm.type)!.memoryGb,
            vm: 1,
            kind: vm.kind ?? host.kind,
            mr: vm.mrCluster ?? host.mrCluster,
          }))
        : [{ name: host.name, cores: type.cores, mem: type.memoryGb, vm: 0, kind: host.kind, mr: host.mrCluster }];
    for (const m of members) {
      t.nodeKind[node] = m.kind === 'transient' ? NODE_TRANSIENT : m.kind === 'transient-core' ? NODE_TRANSIENT_CORE : NODE_CORE;
      if (m.mr !== undefined) {
        let c = t.mrClusterNames.indexOf(m.mr);
        if (c < 0) c = t.mrClusterNames.push(m.mr) - 1;
        t.nodeMrCluster[node] = c;
      }
      t.nodeName.push(m.name);
      t.nodeHost[node] = h;
      t.nodeRack[node] = rack;
      t.nodeCores[node] = m.cores;
      t.nodeMemoryMb[node] = m.mem * 1024;
      t.nodeIsVm[node] = m.vm;
      t.hostNodeList[node] = node;
      t.totalMemoryMb += m.mem * 1024;
      node++;
    }
  });
  t.hostNodeStart[hosts.length] = node;
  let hostIndex = 0;
  for (let r = 0; r < spec.racks.length; r++) {
    t.rackHostStart[r] = hostIndex;
    for (let h = 0; h < hosts.length; h++) if (t.hostRack[h] === r) t.rackHostList[hostIndex++] = h;
    t.rackUplinkMBps[r] = Math.min(spec.network.rackUplinkMBps, rackNic[r] / spec.network.oversubscription);
  }
  t.rackHostStart[spec.racks.length] = hostIndex;
  for (let n = 0, r = 0; r <= spec.racks.length; r++) {
    while (n < nodeCount && t.nodeRack[n] < r) n++;
    t.rackNodeStart[r] = n;
  }
  return t;
}

/** How close a task's input is to a node (model.md: node, server, rack, off-rack). */
export const enum Locality {
  Node = 0,
  Server = 1,
  Rack = 2,
  OffRack = 3,
  /** Tasks without input (reduces, TeraGen, Pi). */
  None = 4,
}

export const LOCALITY_NAMES = ['node', 'server', 'rack', 'offRack', 'none'] as const;
