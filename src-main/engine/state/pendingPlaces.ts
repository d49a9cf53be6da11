import type { Topology } from '../core/topology';
import type { TaskTable } from './tasks';

/**
 * Where the cluster's pending maps could run locally, counted over every job: per node, the maps
 * with a replica there; per rack, the maps with a replica in it (once per map); and the maps without
 * input. A policy that waits for locality (delay scheduling) reads these to tell that a node's
 * heartbeat can place nothing (Scheduler.nodePlacesNothing) without asking each job; kept only when
 * a policy asks for it (`Scheduler.tracksPendingPlaces`), since every launch pays for it.
 */
export class PendingMapPlaces {
  readonly onNode: Int32Array;
  readonly inRack: Int32Array;
  withoutInput = 0;

  constructor(
    private readonly tasks: TaskTable,
    private readonly topo: Topology,
  ) {
    this.onNode = new Int32Array(topo.nodeCount);
    this.inRack = new Int32Array(topo.rackCount);
  }

  /** Map `task` became pending (d = 1) or stopped being pending (d = −1). */
  count(task: number, d: 1 | -1): void {
    const r = this.tasks.replication;
    const replicas = this.tasks.replicas;
    const first = task * r;
    if (replicas[first] < 0) {
      this.withoutInput += d;
      return;
    }
    for (let k = 0; k < r; k++) {
      const node = replicas[first + k];
      if (node < 0) continue;
      this.onNode[node] += d;
      const rack = this.topo.nodeRack[node];
      let seen = false;
      for (let e = 0; e < k && !seen; e++) seen = replicas[first + e] >= 0 && this.topo.nodeRack[replicas[first + e]] === rack;
      if (!seen) this.inRack[rack] += d;
    }
  }
}
