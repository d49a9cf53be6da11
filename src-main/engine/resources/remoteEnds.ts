import { W_NET_IN, W_NET_OUT, W_SIZE } from '../state/attempts';
import type { RemoteReads } from './diskModel';
import type { EngineState } from '../state/state';
import { Locality, NODE_CORE } from '../core/topology';

/**
 * Which server's disk an attempt's remote stream is charged to (model.md "Resource sharing"): a
 * map's read of a split stored elsewhere, or a transient node's HDFS write. The rate solver
 * attaches the stream there; this only chooses.
 */
export class RemoteEnds {
  private coreHostCache?: number[][];

  constructor(
    private readonly s: EngineState,
    private readonly remote: RemoteReads,
  ) {}

  /**
   * A map reading its split from another server reads it from that server's disk: the replica
   * host (in its rack when rack-local) whose disk is least loaded, as HDFS spreads reads. −1: the
   * map reads nothing remotely (local, no input, or no contention modelled).
   */
  readSource(a: number): number {
    const { at, options, topology: topo, tasks, alive } = this.s;
    const locality = at.locality[a];
    if (options.contention === 'none' || (locality !== Locality.Rack && locality !== Locality.OffRack) || at.work[a * W_SIZE + W_NET_IN] <= 0) return -1;
    const r = tasks.replication;
    const task = at.task[a];
    const readerRack = topo.hostRack[at.host[a]];
    const candidates: number[] = [];
    for (let k = 0; k < r; k++) {
      const node = tasks.replicas[task * r + k];
      if (node < 0 || !alive[node]) continue;
      const h = topo.nodeHost[node];
      if (locality === Locality.Rack && topo.hostRack[h] !== readerRack) continue;
      if (!candidates.includes(h)) candidates.push(h);
    }
    return this.remote.choose(candidates);
  }

  /**
   * FAWKES sec. 3.2: a transient node writes HDFS output to a core node of the MR-cluster it serves
   * (of the shared pool when it serves none): the one whose disk is least loaded takes the stream.
   * −1: none (nothing written, a stream already charged, or the node's own host).
   */
  writeSink(a: number): number {
    const { at, options, nodeOwner } = this.s;
    if (options.contention === 'none' || at.work[a * W_SIZE + W_NET_OUT] <= 0 || this.remote.sourceOf(a) >= 0) return -1;
    const sink = this.remote.choose(this.coreHosts()[nodeOwner[at.node[a]] + 1]);
    return sink === at.host[a] ? -1 : sink;
  }

  /** Hosts of core nodes by MR-cluster (index 0: the shared pool; an MR-cluster without core nodes falls back to it). */
  private coreHosts(): number[][] {
    if (this.coreHostCache) return this.coreHostCache;
    const topo = this.s.topology;
    const lists: number[][] = Array.from({ length: topo.mrClusterNames.length + 1 }, () => []);
    const any: number[] = [];
    for (let n = 0; n < topo.nodeCount; n++) {
      if (topo.nodeKind[n] !== NODE_CORE) continue;
      const h = topo.nodeHost[n];
      const list = lists[topo.nodeMrCluster[n] + 1];
      if (!list.includes(h)) list.push(h);
      if (!any.includes(h)) any.push(h);
    }
    if (lists[0].length === 0) lists[0] = any;
    for (let c = 1; c < lists.length; c++) if (lists[c].length === 0) lists[c] = lists[0];
    return (this.coreHostCache = lists);
  }
}
