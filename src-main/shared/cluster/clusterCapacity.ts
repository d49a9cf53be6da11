import type { ClusterSpecInput } from './cluster';
import { nodeManagerOffer, nodeShapes, slotsForNode } from '../schedulers/concurrency';

/**
 * What a cluster offers under each scheduler model with the studio's defaults (schedulers/
 * concurrency.ts): Hadoop 1 slots sized per server type (FIFO, Fair, LATE, ILA), YARN containers
 * (vcores = the node's cores, memory = the node's less 1 GB: Capacity, DRF, PRISM) and the
 * Finer-Grained CPU pool ((cores − 1 reserved) · 100 per node, Liu eq. 3.1).
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

/** Hadoop 1's JVM heap per slot (-Xmx200m), the slot schedulers' default slotMemoryMb. */
const DEFAULT_SLOT_MEMORY_MB = 200;
const MAX_VCORES = 128;

export function clusterCapacity(spec: ClusterSpecInput): ClusterCapacity {
  const out: ClusterCapacity = { nodes: 0, mapSlots: 0, reduceSlots: 0, vcores: 0, containerMemoryGb: 0, containers1Gb: 0, cpuPool: 0 };
  for (const node of nodeShapes(spec)) {
    const slots = slotsForNode(node, { slotMemoryMb: DEFAULT_SLOT_MEMORY_MB });
    const memoryGb = Math.max(0, node.memoryMb / 1024 - 1);
    out.nodes++;
    out.mapSlots += slots.map;
    out.reduceSlots += slots.reduce;
    out.vcores += Math.min(nodeManagerOffer(node, {}).vcores, MAX_VCORES);
    out.containerMemoryGb += memoryGb;
    out.containers1Gb += Math.floor(memoryGb);
    out.cpuPool += Math.max(0, node.cores - 1) * 100;
  }
  return out;
}
