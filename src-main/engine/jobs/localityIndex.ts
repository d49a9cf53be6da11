import { Locality, type Topology } from '../core/topology';
import { TaskState } from '../core/model';
import type { TaskTable } from '../state/tasks';
import { firstPending, TaskGroups, type Cursor } from './taskGroups';

/** Scratch for the (group, task) pairs of the job being indexed: one job at a time, grown as needed. */
const pairs = { size: 0, keys: [] as Int32Array[], tasks: [] as Int32Array[] };
function scratch(size: number): { keys: Int32Array[]; tasks: Int32Array[] } {
  if (size > pairs.size) {
    pairs.size = Math.max(size, 2 * pairs.size);
    pairs.keys = [0, 1, 2].map(() => new Int32Array(pairs.size));
    pairs.tasks = [0, 1, 2].map(() => new Int32Array(pairs.size));
  }
  return pairs;
}

/**
 * A job's not-yet-running maps, indexed by where their input replicas are (like Hadoop's
 * nonRunningMapCache): by node, by host (server locality under VMs), by rack, and in job order.
 * Taken tasks are skipped lazily by advancing a cursor; a task that becomes pending again (its
 * attempt failed, its output was lost) is appended anew.
 */
export class JobMapIndex {
  private readonly byNode: TaskGroups;
  private readonly byHost: TaskGroups;
  private readonly byRack: TaskGroups;
  /** Every map in job order: the job's own range, then the maps pending again, as they came back. */
  private anyNext: number;
  private readonly anyEnd: number;
  private readonly anyAdded: Cursor = { list: [], pos: 0 };
  /** Maps without input (TeraGen, Pi): local everywhere, so never worth waiting for. */
  private readonly noInput: Cursor = { list: [], pos: 0 };

  constructor(
    private readonly tasks: TaskTable,
    private readonly topo: Topology,
    firstMap: number,
    mapCount: number,
  ) {
    this.anyNext = firstMap;
    this.anyEnd = firstMap + mapCount;
    const r = tasks.replication;
    const { keys, tasks: of } = scratch(mapCount * r);
    const counts = [0, 0, 0];
    const pair = (level: number, key: number, task: number) => {
      keys[level][counts[level]] = key;
      of[level][counts[level]++] = task;
    };
    for (let t = firstMap; t < firstMap + mapCount; t++) {
      if (tasks.replicas[t * r] < 0) this.noInput.list.push(t);
      for (let k = 0; k < r; k++) {
        const node = tasks.replicas[t * r + k];
        if (node < 0) continue;
        pair(0, node, t);
        const host = topo.nodeHost[node];
        if (topo.hostHasVms[host]) pair(1, host, t);
        pair(2, topo.nodeRack[node], t);
      }
    }
    this.byNode = new TaskGroups(keys[0], of[0], counts[0], topo.nodeCount);
    this.byHost = new TaskGroups(keys[1], of[1], counts[1], topo.hostCount);
    this.byRack = new TaskGroups(keys[2], of[2], counts[2], topo.rackCount);
  }

  /**
   * A bit per node, clear where the job has no pending map with a replica there, as long as that
   * alone answers a node-local search (no map without input, none pending again): JobBook.findMap
   * reads it before this object, since most asks are for a node the job has no data on.
   */
  nodeLiveBits(): Uint32Array | undefined {
    return this.noInput.list.length === 0 ? this.byNode.liveBits() : undefined;
  }

  add(task: number): void {
    this.anyAdded.list.push(task);
    const r = this.tasks.replication;
    if (this.tasks.replicas[task * r] < 0) this.noInput.list.push(task);
    for (let k = 0; k < r; k++) {
      const node = this.tasks.replicas[task * r + k];
      if (node < 0) continue;
      this.byNode.add(node, task);
      const host = this.topo.nodeHost[node];
      if (this.topo.hostHasVms[host]) this.byHost.add(host, task);
      this.byRack.add(this.topo.nodeRack[node], task);
    }
  }

  /**
   * The pending map with the best locality for `node`, no worse than `maxLevel`; -1 if none.
   * `found` receives the locality level of the answer.
   *
   * `serverLocality` false searches as stock Hadoop does, whose topology has nodes and racks only
   * (ILA sec. 1: schedulers for physical clusters cannot see co-hosted VMs). A replica on another VM
   * of the same server is then just rack-local: the rack's first pending map is taken, which is
   * server-local only by chance, and a `maxLevel` of Server admits node-local maps only. `found`
   * still receives the true level, so the run's locality counts stay exact.
   */
  find(node: number, maxLevel: Locality, found: { level: Locality }, serverLocality: boolean): number {
    const host = this.topo.nodeHost[node];
    const state = this.tasks.state;
    let t = this.byNode.first(node, state);
    if (t >= 0) {
      found.level = Locality.Node;
      return t;
    }
    if (serverLocality && maxLevel >= Locality.Server && this.topo.hostHasVms[host]) {
      t = this.byHost.first(host, state);
      if (t >= 0) {
        found.level = Locality.Server;
        return t;
      }
    }
    if (maxLevel >= Locality.Rack) {
      t = this.byRack.first(this.topo.nodeRack[node], state);
      if (t >= 0) {
        found.level = serverLocality ? Locality.Rack : this.localityOf(t, node);
        return t;
      }
    }
    if (maxLevel >= Locality.OffRack) {
      t = this.firstOfAll(state);
      if (t >= 0) {
        found.level = this.localityOf(t, node);
        return t;
      }
    } else {
      // Tasks without input run anywhere at no locality cost.
      t = firstPending(this.noInput, state);
      if (t >= 0) {
        found.level = Locality.None;
        return t;
      }
    }
    return -1;
  }

  /** Whether any map is still pending. */
  hasPending(): boolean {
    return this.firstOfAll(this.tasks.state) >= 0;
  }

  /** The first pending map in job order (those pending again after the job's own range). */
  private firstOfAll(state: Uint8Array): number {
    while (this.anyNext < this.anyEnd) {
      if (state[this.anyNext] === TaskState.Pending) return this.anyNext;
      this.anyNext++;
    }
    return firstPending(this.anyAdded, state);
  }

  localityOf(task: number, node: number): Locality {
    const r = this.tasks.replication;
    if (this.tasks.replicas[task * r] < 0) return Locality.None;
    let best: Locality = Locality.OffRack;
    const host = this.topo.nodeHost[node];
    const rack = this.topo.nodeRack[node];
    for (let k = 0; k < r; k++) {
      const rep = this.tasks.replicas[task * r + k];
      if (rep < 0) continue;
      if (rep === node) return Locality.Node;
      if (this.topo.nodeHost[rep] === host) best = Locality.Server;
      else if (best > Locality.Rack && this.topo.nodeRack[rep] === rack) best = Locality.Rack;
    }
    return best;
  }
}
