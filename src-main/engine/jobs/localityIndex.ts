import { Locality, type Topology } from '../resources/topology';
import { TaskState } from '../core/model';
import type { TaskTable } from './tasks';

interface Cursor {
  list: number[];
  pos: number;
}

/**
 * A job's not-yet-running maps, indexed by where their input replicas are (like Hadoop's
 * nonRunningMapCache): by node, by host (server locality under VMs), by rack, and in job order.
 * Taken tasks are skipped lazily by advancing a cursor; a task that becomes pending again (its
 * attempt failed, its output was lost) is appended anew.
 */
export class JobMapIndex {
  private byNode = new Map<number, Cursor>();
  private byHost = new Map<number, Cursor>();
  private byRack = new Map<number, Cursor>();
  private any: Cursor = { list: [], pos: 0 };
  /** Maps without input (TeraGen, Pi): local everywhere, so never worth waiting for. */
  private noInput: Cursor = { list: [], pos: 0 };

  constructor(
    private readonly tasks: TaskTable,
    private readonly topo: Topology,
    firstMap: number,
    mapCount: number,
  ) {
    for (let t = firstMap; t < firstMap + mapCount; t++) this.add(t);
  }

  add(task: number): void {
    this.any.list.push(task);
    const r = this.tasks.replication;
    if (this.tasks.replicas[task * r] < 0) this.noInput.list.push(task);
    for (let k = 0; k < r; k++) {
      const node = this.tasks.replicas[task * r + k];
      if (node < 0) continue;
      push(this.byNode, node, task);
      const host = this.topo.nodeHost[node];
      if (this.topo.hostHasVms[host]) push(this.byHost, host, task);
      push(this.byRack, this.topo.nodeRack[node], task);
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
    let t = this.first(this.byNode.get(node));
    if (t >= 0) {
      found.level = Locality.Node;
      return t;
    }
    if (serverLocality && maxLevel >= Locality.Server && this.topo.hostHasVms[host]) {
      t = this.first(this.byHost.get(host));
      if (t >= 0) {
        found.level = Locality.Server;
        return t;
      }
    }
    if (maxLevel >= Locality.Rack) {
      t = this.first(this.byRack.get(this.topo.nodeRack[node]));
      if (t >= 0) {
        found.level = serverLocality ? Locality.Rack : this.localityOf(t, node);
        return t;
      }
    }
    if (maxLevel >= Locality.OffRack) {
      t = this.first(this.any);
      if (t >= 0) {
        found.level = this.localityOf(t, node);
        return t;
      }
    } else {
      // Tasks without input run anywhere at no locality cost.
      t = this.first(this.noInput);
      if (t >= 0) {
        found.level = Locality.None;
        return t;
      }
    }
    return -1;
  }

  /** Whether any map is still pending. */
  hasPending(): boolean {
    return this.first(this.any) >= 0;
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

  private first(c: Cursor | undefined): number {
    if (!c) return -1;
    const state = this.tasks.state;
    while (c.pos < c.list.length) {
      const t = c.list[c.pos];
      if (state[t] === TaskState.Pending) return t;
      c.pos++;
    }
    return -1;
  }
}

function push(map: Map<number, Cursor>, key: number, task: number): void {
  const c = map.get(key);
  if (c) c.list.push(task);
  else map.set(key, { list: [task], pos: 0 });
}
