import type { ClusterSpecInput } from './cluster';

/**
 * What a cluster offers under each scheduler model, with the studio's defaults (schedulers.ts):
 * Hadoop 1 slots (2 map + 2 reduce per worker node: FIFO, Fair, LATE), YARN containers (vcores =
 * the node's cores, memory = the node's less 1 GB: Capacity, DRF, PRISM) and the Finer-Grained
 * CPU pool ((cores − 1 reserved) · 100 per node, Liu eq. 3.1).
 */
export interface ClusterCapacity {
  nodes: number;
  mapSlots: number;
  reduceSlots: number;
  vcores: number;
  containerMemoryGb: number;
  /** 1 GB containers the memory allows (YARN's default map/reduce container). */
  containers1Gb: number;
  cpuPool: number;
}

const DEFAULT_SLOTS = 2;
const NM_RESERVED_GB = 1;
const MAX_VCORES = 128;

export function clusterCapacity(spec: ClusterSpecInput): ClusterCapacity {
  const hostTypes = new Map(spec.hostTypes.map((t) => [t.id, t]));
  const vmTypes = new Map((spec.vmTypes ?? []).map((t) => [t.id, t]));
  const out: ClusterCapacity = { nodes: 0, mapSlots: 0, reduceSlots: 0, vcores: 0, containerMemoryGb: 0, containers1Gb: 0, cpuPool: 0 };
  const addNode = (cores: number, memoryGb: number) => {
    const memory = Math.max(0, memoryGb - NM_RESERVED_GB);
    out.nodes++;
    out.mapSlots += DEFAULT_SLOTS;
    out.reduceSlots += DEFAULT_SLOTS;
    out.vcores += Math.min(cores, MAX_VCORES);
    out.containerMemoryGb += memory;
    out.containers1Gb += Math.floor(memory);
    out.cpuPool += Math.max(0, cores - 1) * 100;
  };
  for (const rack of spec.racks) {
    for (const host of rack.hosts) {
      const vms = host.vms ?? [];
      if (vms.length === 0) {
        const t = hostTypes.get(host.type);
        if (t) addNode(t.cores, t.memoryGb);
        continue;
      }
      for (const vm of vms) {
        const t = vmTypes.get(vm.type);
        if (t) addNode(t.vcpus, t.memoryGb);
      }
    }
  }
  return out;
}
