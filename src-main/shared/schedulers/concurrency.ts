import type { ClusterSpecInput } from '../cluster/cluster';

/**
 * What a scheduler can run at once on a cluster, so a comparison can show it measures policies and
 * not settings (docs/model.md "Capacity parity"). Shared by the engine's slot schedulers, the
 * designer's capacity line and the cluster summary, so all three count the same way.
 */

/** One worker node's shape: a VM's vCPUs and memory, or a bare host's. */
export interface NodeShape {
  cores: number;
  memoryMb: number;
}

/** Memory a node keeps for the OS and the Hadoop daemons (TaskTracker or NodeManager, DataNode). */
export const DAEMON_RESERVE_MB = 1024;
/** YARN's default map container (mapreduce.map.memory.mb), used where the task size is not yet known. */
export const DEFAULT_CONTAINER_MB = 1024;
/** The designer warns when two schedulers' map tasks at once differ by more than this factor. */
export const PARITY_FACTOR = 2;

export interface SlotSettings {
  mapSlots?: number;
  reduceSlots?: number;
  slotMemoryMb: number;
}

/**
 * Hadoop 1 slots of one node, as operators size them when the experiment leaves them unset: a map
 * slot per core and a reduce slot per two cores (one on nodes of two cores or fewer) — MapR's
 * mapred-site.xml guidance for mapred.tasktracker.{map,reduce}.tasks.maximum — then cut down, maps
 * and reduces alike, until every slot's task JVM fits in the node's memory less the daemons'. A
 * 2-vCPU VM gets 2 + 1, ILA sec. 5.1's setting. Explicit settings are used as given.
 */
export function slotsForNode(node: NodeShape, s: SlotSettings): { map: number; reduce: number } {
  const cores = Math.max(1, Math.round(node.cores));
  let map = s.mapSlots ?? cores;
  let reduce = s.reduceSlots ?? (cores > 2 ? Math.floor(cores / 2) : 1);
  const fit = Math.max(2, Math.floor((node.memoryMb - DAEMON_RESERVE_MB) / s.slotMemoryMb));
  if (s.mapSlots === undefined && s.reduceSlots === undefined && map + reduce > fit) {
    const scale = fit / (map + reduce);
    map = Math.max(1, Math.floor(map * scale));
    reduce = Math.max(1, fit - map);
  }
  return { map, reduce };
}

/** Every worker node of a cluster design: each VM, and each host without VMs. Unknown types are skipped (validation names them). */
export function nodeShapes(spec: ClusterSpecInput): NodeShape[] {
  const hostTypes = new Map(spec.hostTypes.map((t) => [t.id, t]));
  const vmTypes = new Map((spec.vmTypes ?? []).map((t) => [t.id, t]));
  const out: NodeShape[] = [];
  for (const rack of spec.racks) {
    for (const host of rack.hosts) {
      const vms = host.vms ?? [];
      if (vms.length === 0) {
        const t = hostTypes.get(host.type);
        if (t) out.push({ cores: t.cores, memoryMb: t.memoryGb * 1024 });
        continue;
      }
      for (const vm of vms) {
        const t = vmTypes.get(vm.type);
        if (t) out.push({ cores: t.vcpus, memoryMb: t.memoryGb * 1024 });
      }
    }
  }
  return out;
}

/**
 * A cluster's Hadoop map and reduce slots as FIFO sizes them per server when the experiment leaves
 * them unset (what ARIA's planner reads as "the cluster's slots").
 */
export function clusterSlots(spec: ClusterSpecInput): { maps: number; reduces: number } {
  let maps = 0;
  let reduces = 0;
  for (const node of nodeShapes(spec)) {
    const s = slotsForNode(node, { slotMemoryMb: 200 });
    maps += s.map;
    reduces += s.reduce;
  }
  return { maps, reduces };
}

/** What one scheduler can run at once: map tasks (the number the parity check compares) and how the user would say it. */
export interface Concurrency {
  mapTasks: number;
  text: string;
  /**
   * Slots whose task memory, all busy, is more than their node has, on this many of the nodes: the
   * engine fails an attempt launched beyond a node's memory (docs/model.md "Resource sharing"), so
   * the slots past it never run a task through. Absent when every node holds its slots.
   */
  overcommitted?: { nodes: number; of: number };
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');

export function slotConcurrency(s: SlotSettings, nodes: readonly NodeShape[]): Concurrency {
  let map = 0;
  let reduce = 0;
  let over = 0;
  for (const node of nodes) {
    const slots = slotsForNode(node, s);
    map += slots.map;
    reduce += slots.reduce;
    if ((slots.map + slots.reduce) * s.slotMemoryMb > node.memoryMb) over++;
  }
  return { mapTasks: map, text: `${n(map)} map + ${n(reduce)} reduce slots`, ...(over > 0 ? { overcommitted: { nodes: over, of: nodes.length } } : {}) };
}

export interface ContainerSettings {
  nodeMemoryMb?: number;
  vcoresPerNode?: number;
  mapMemoryMb?: number;
}

/** A NodeManager's offer, as src-main/schedulers/containers.ts makes it. */
export function nodeManagerOffer(node: NodeShape, s: ContainerSettings): { vcores: number; memoryMb: number } {
  return { vcores: s.vcoresPerNode ?? Math.round(node.cores), memoryMb: s.nodeMemoryMb ?? Math.max(1024, node.memoryMb - DAEMON_RESERVE_MB) };
}

/** YARN containers: one vcore each, as many as the memory holds at the map container size. */
export function containerConcurrency(s: ContainerSettings, nodes: readonly NodeShape[]): Concurrency {
  let vcores = 0;
  let containers = 0;
  const size = s.mapMemoryMb ?? DEFAULT_CONTAINER_MB;
  for (const node of nodes) {
    const offer = nodeManagerOffer(node, s);
    vcores += offer.vcores;
    containers += Math.min(offer.vcores, Math.floor(offer.memoryMb / size));
  }
  const sizeText = s.mapMemoryMb ? `${n(size)} MB` : '1 GB';
  return { mapTasks: containers, text: `${n(vcores)} vcores · ${n(containers)} containers of ${sizeText}` };
}

export interface CpuPoolSettings extends ContainerSettings {
  reservedCores: number;
  defaultRequirement: number;
}

/** The Finer-Grained CPU scheduler's pool (Liu eq. 3.1): pool / requirement tasks of the default requirement per node, as the memory allows. */
export function cpuPoolConcurrency(s: CpuPoolSettings, nodes: readonly NodeShape[]): Concurrency {
  let pool = 0;
  let tasks = 0;
  for (const node of nodes) {
    const units = Math.max(0, node.cores - s.reservedCores) * 100;
    pool += units;
    tasks += Math.min(Math.floor(units / s.defaultRequirement), Math.floor(nodeManagerOffer(node, s).memoryMb / (s.mapMemoryMb ?? DEFAULT_CONTAINER_MB)));
  }
  return { mapTasks: tasks, text: `CPU pool ${n(Math.round(pool))} · ${n(tasks)} tasks at requirement ${s.defaultRequirement}` };
}

/** What a scheduler runs tasks in, as its card says it: Hadoop 1 slots, YARN containers, or the Finer-Grained CPU pool. */
export type CapacityKind = 'slots' | 'containers' | 'cpuPool';

/** What a card of this capacity can run at once on these nodes with its settings (the designer's capacity line). */
export function capacityLine(capacity: CapacityKind, spec: object, nodes: readonly NodeShape[]): Concurrency {
  if (capacity === 'slots') return slotConcurrency(spec as SlotSettings, nodes);
  if (capacity === 'containers') return containerConcurrency(spec as ContainerSettings, nodes);
  return cpuPoolConcurrency(spec as CpuPoolSettings, nodes);
}

/** Whether every pair of schedulers runs within PARITY_FACTOR of each other's map tasks; else the two furthest apart. */
export function parityGap<T extends { concurrency: Concurrency }>(rows: readonly T[]): { low: T; high: T; factor: number } | undefined {
  if (rows.length < 2) return undefined;
  let low = rows[0];
  let high = rows[0];
  for (const r of rows) {
    if (r.concurrency.mapTasks < low.concurrency.mapTasks) low = r;
    if (r.concurrency.mapTasks > high.concurrency.mapTasks) high = r;
  }
  const factor = high.concurrency.mapTasks / Math.max(1, low.concurrency.mapTasks);
  return factor > PARITY_FACTOR ? { low, high, factor } : undefined;
}
