import type { Launched, LaunchReason, MapPlacement } from '@shared/results/launchReason';
import { slotsForNode, type SlotSettings } from '@shared/schedulers/concurrency';
import type { CoreView, SchedulerTopology } from '../engine/scheduling/schedulerApi';
import { Locality, LOCALITY_NAMES } from '../engine/core/topology';

/** Shared pieces of the Hadoop 1 slot schedulers (FIFO, Fair, LATE). */

export const LEVEL_WORDS = ['node-local', 'server-local', 'rack-local', 'off-rack', 'no input'] as const satisfies readonly MapPlacement[];
export { LOCALITY_NAMES };

/** A map launched at a locality level, as a launch reason names it. */
export const mapAt = (level: Locality): Launched => ({ task: 'map', placement: LEVEL_WORDS[level] });
export const REDUCE: Launched = { task: 'reduce' };

/**
 * Launch one reduce of job j on node n if the job may start reduces; true on success.
 * The reason is built only for a launch: heartbeats try many jobs for every one they place.
 */
export function launchReduce(view: CoreView, j: number, n: number, why: (launched: Launched) => LaunchReason, memoryMb: number): boolean {
  if (view.pendingReduces(j) === 0 || !view.reducesMayStart(j)) return false;
  const task = view.nextReduce(j);
  return task >= 0 && view.launch(task, n, () => why(REDUCE), { memoryMb });
}

/** Launch the best-placed pending map of job j on node n, no worse than maxLevel. */
export function launchMap(
  view: CoreView,
  j: number,
  n: number,
  maxLevel: Locality,
  serverLocality: boolean,
  why: (launched: Launched) => LaunchReason,
  found: { level: Locality },
  memoryMb: number,
): boolean {
  const task = view.findMap(j, n, maxLevel, found, serverLocality);
  const level = found.level;
  return task >= 0 && view.launch(task, n, () => why(mapAt(level)), { memoryMb });
}

/**
 * Map and reduce slots of every node, sized once per node from its cores and memory unless the
 * experiment sets them (slotsForNode). Nodes added during a run are sized when first asked about.
 */
export class SlotTable {
  private map = new Int32Array(0);
  private reduce = new Int32Array(0);
  /** Sum of every sized node's map and reduce slots (LATE's SpeculativeCap is a share of it). */
  total = 0;
  /** The same, map and reduce slots apart (MinEDF sizes jobs against them). */
  totalMaps = 0;
  totalReduces = 0;

  constructor(private readonly settings: SlotSettings) {}

  /** Every map and reduce slot of node n taken: a heartbeat there can place nothing, not even a speculative copy (LATE's Scheduler.nodePlacesNothing). */
  isFull(n: number, view: CoreView): boolean {
    return this.maps(view.topology, n) <= view.nodeRunningMaps(n) && this.reduces(view.topology, n) <= view.nodeRunningReduces(n);
  }

  /**
   * Node n's heartbeat can place no task (FIFO's and Fair's Scheduler.nodePlacesNothing): for each
   * kind, its slots are taken or no task of the kind waits anywhere (no job with a pending map; no
   * job whose reduces slow-start lets start). Both change only with events.
   */
  placesNothing(n: number, view: CoreView): boolean {
    const topo = view.topology;
    const mapsBlocked = this.maps(topo, n) <= view.nodeRunningMaps(n) || view.mapPendingJobs().length === 0;
    return mapsBlocked && (this.reduces(topo, n) <= view.nodeRunningReduces(n) || view.reduceReadyJobs().length === 0);
  }

  maps(topo: SchedulerTopology, n: number): number {
    if (n >= this.map.length) this.size(topo);
    return this.map[n];
  }

  reduces(topo: SchedulerTopology, n: number): number {
    if (n >= this.reduce.length) this.size(topo);
    return this.reduce[n];
  }

  totalSlots(topo: SchedulerTopology): number {
    if (topo.nodeCount > this.map.length) this.size(topo);
    return this.total;
  }

  /** The cluster's map and reduce slots, apart. */
  totals(topo: SchedulerTopology): { maps: number; reduces: number } {
    if (topo.nodeCount > this.map.length) this.size(topo);
    return { maps: this.totalMaps, reduces: this.totalReduces };
  }

  private size(topo: SchedulerTopology): void {
    const from = this.map.length;
    const map = new Int32Array(topo.nodeCount);
    const reduce = new Int32Array(topo.nodeCount);
    map.set(this.map);
    reduce.set(this.reduce);
    for (let n = from; n < topo.nodeCount; n++) {
      const slots = slotsForNode({ cores: topo.nodeCores[n], memoryMb: topo.nodeMemoryMb[n] }, this.settings);
      map[n] = slots.map;
      reduce[n] = slots.reduce;
      this.total += slots.map + slots.reduce;
      this.totalMaps += slots.map;
      this.totalReduces += slots.reduce;
    }
    this.map = map;
    this.reduce = reduce;
  }
}
