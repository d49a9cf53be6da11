import { W_NET_IN as NET_IN_OFFSET, W_NET_OUT, W_SIZE as SIZE, W_UP_IN as UP_IN_OFFSET, W_UP_OUT as UP_OUT_OFFSET } from '../jobs/attempts';
import { RemoteReads } from './diskModel';
import { K_HOST, PRIORITY } from '../core/events';
import { HostSharing, type HostUsage } from './sharing';
import type { EngineState } from '../core/state';
import { Locality, NODE_CORE } from './topology';

// Module-local copies of the work-vector offsets (read in hot loops).
const W_SIZE = SIZE;
const W_UP_IN = UP_IN_OFFSET;
const W_UP_OUT = UP_OUT_OFFSET;
const W_NET_IN = NET_IN_OFFSET;
const P_HOST = PRIORITY[K_HOST];
/** Progress this close to a phase's end is its end (sharing.ts gives such attempts rate 0). */
const REACHED_EPS = 1e-12;
/** Relative clock precision: a phase this close to its end has ended. */
const EPS_T = 1e-9;

/**
 * The fluid-rate solver (model.md "Resource sharing"), kept apart from the kernel as SimGrid keeps
 * its solver apart from its engine. Every attempt on a host progresses at a rate the host's sharing
 * gives it; the solver brings a host's progress up to date before anything on it changes (touch),
 * re-rates the hosts marked dirty once per event (flush), and keeps one versioned "next completion"
 * event per host in the heap. Cross-rack flows are counted per rack, so a change of a rack's
 * uplink share re-rates only the hosts it can affect.
 */
export class RateSolver {
  /** Attempts attached to each host (running a phase or paused before one). */
  readonly hostList: number[][];
  readonly hostVersion: Int32Array;
  /** Each host's queued phase-end event (a heap slot and its generation; −1: none): moved, not re-pushed. */
  private readonly hostEvent: Int32Array;
  private readonly hostEventGen: Int32Array;
  /** When each host's progress was last brought up to date. */
  readonly hostLast: Float64Array;
  /**
   * Hosts to re-rate at the next flush: the first `dirtyCount` entries. A typed array, so clearing
   * it is a count set to 0; it grows when a flush marks again hosts it has already re-rated.
   */
  private dirtyHosts: Int32Array;
  private dirtyCount = 0;
  /**
   * A host whose completion event came early and found nothing at its end (a shuffle still
   * fetching whose limit moved on): its rates are what they were, so the next flush only plans its
   * next completion. Any other change to the host (markDirty) cancels this.
   */
  private replanOnly = -1;
  readonly changedRacks: number[] = [];
  readonly remote: RemoteReads;
  private readonly hostDirty: Uint8Array;
  /** Cross-rack flows of each host's attempts. */
  private readonly hostUp: Int32Array;
  /** What each host uses now: cpu, disk, in, out (4 per host), for the utilisation shares. */
  private readonly hostUse: Float64Array;
  private readonly rackUpIn: Int32Array;
  private readonly rackUpOut: Int32Array;
  private readonly rackChanged: Uint8Array;
  /** Per host: the largest uplink use of one of its flows (in, out), and whether a flow is held by the share. */
  private readonly hostUpUse: Float64Array;
  private readonly hostUpCapped: Uint8Array;
  private readonly sharing: HostSharing;
  private readonly finishedScratch: number[] = [];
  private readonly usageScratch: HostUsage = { cpuCores: 0, diskMBps: 0, diskStreams: 0, netInMBps: 0, netOutMBps: 0 };
  private readonly totalDisk: number;
  private readonly totalNet: number;

  constructor(private readonly s: EngineState) {
    const topology = s.topology;
    const H = topology.hostCount;
    this.hostList = Array.from({ length: H }, () => []);
    this.hostVersion = new Int32Array(H);
    this.hostEvent = new Int32Array(H).fill(-1);
    this.hostEventGen = new Int32Array(H);
    this.hostLast = new Float64Array(H);
    this.hostDirty = new Uint8Array(H);
    this.dirtyHosts = new Int32Array(Math.max(16, H));
    this.hostUp = new Int32Array(H);
    this.hostUse = new Float64Array(H * 4);
    this.rackUpIn = new Int32Array(topology.rackCount);
    this.rackUpOut = new Int32Array(topology.rackCount);
    this.rackChanged = new Uint8Array(topology.rackCount);
    this.hostUpUse = new Float64Array(H * 2);
    this.hostUpCapped = new Uint8Array(H);
    this.remote = new RemoteReads(H, topology.hostDiskMBps, topology.hostDisks, s.options.diskThrashing);
    this.sharing = new HostSharing(topology, s.at, s.options.contention, s.options.diskThrashing);
    let disk = 0;
    let net = 0;
    for (let h = 0; h < H; h++) disk += topology.hostDiskMBps[h];
    for (let h = 0; h < H; h++) net += 2 * topology.hostNicMBps[h];
    this.totalDisk = disk;
    this.totalNet = net;
  }

  /** Bring a host's attempts' progress up to now before anything about the host changes. */
  touchHost(h: number): void {
    const now = this.s.now;
    const dt = now - this.hostLast[h];
    if (dt > 0) {
      const list = this.hostList[h];
      const at = this.s.at;
      for (let i = 0; i < list.length; i++) {
        const a = list[i];
        const p = at.prog[a] + at.rate[a] * dt;
        at.prog[a] = p > at.lim[a] ? at.lim[a] : p;
      }
    }
    this.hostLast[h] = now;
    this.markDirty(h);
  }

  markDirty(h: number): void {
    if (this.hostLast[h] !== this.s.now) this.touchHost(h);
    if (h === this.replanOnly) this.replanOnly = -1;
    if (!this.hostDirty[h]) {
      this.hostDirty[h] = 1;
      if (this.dirtyCount === this.dirtyHosts.length) {
        const grown = new Int32Array(2 * this.dirtyHosts.length);
        grown.set(this.dirtyHosts);
        this.dirtyHosts = grown;
      }
      this.dirtyHosts[this.dirtyCount++] = h;
    }
  }

  /** Put the attempt in its host's list (once) so the host's sharing rates it. */
  attachToHost(a: number): void {
    const at = this.s.at;
    const list = this.hostList[at.host[a]];
    if (at.hostSlot[a] < 0 || list[at.hostSlot[a]] !== a) {
      at.hostSlot[a] = list.length;
      list.push(a);
    }
  }

  removeFromHost(a: number): void {
    this.detachSource(a);
    const at = this.s.at;
    const list = this.hostList[at.host[a]];
    const slot = at.hostSlot[a];
    if (list[slot] !== a) return;
    const last = list.pop()!;
    if (last !== a) {
      list[slot] = last;
      at.hostSlot[last] = slot;
    }
    at.hostSlot[a] = -1;
  }

  /** Count the attempt in (or out of) its rack's cross-rack flows; the rack's hosts are re-rated. */
  setUplinkWork(a: number, add: boolean): void {
    const at = this.s.at;
    // Only attempts attached to a host count (one on a dead node was already taken out). Without
    // contention a flow has the uplink to itself, so the rack's flows need no counting.
    if (at.alive[a] !== 1 || at.hostSlot[a] < 0 || this.s.options.contention === 'none') return;
    const w = a * W_SIZE;
    const upIn = at.work[w + W_UP_IN] > 0;
    const upOut = at.work[w + W_UP_OUT] > 0;
    if (!upIn && !upOut) return;
    const host = at.host[a];
    const rack = this.s.topology.hostRack[host];
    const d = add ? 1 : -1;
    if (upIn) this.rackUpIn[rack] += d;
    if (upOut) this.rackUpOut[rack] += d;
    this.hostUp[host] += d;
    this.markDirty(host);
    if (!this.rackChanged[rack]) {
      this.rackChanged[rack] = 1;
      this.changedRacks.push(rack);
    }
  }

  /**
   * A map reading its split from another server reads it from that server's disk: the replica
   * host (in its rack when rack-local) whose disk is least loaded, as HDFS spreads reads.
   */
  attachSource(a: number): void {
    const { at, options, topology: topo, tasks, alive } = this.s;
    const locality = at.locality[a];
    if (options.contention === 'none' || (locality !== Locality.Rack && locality !== Locality.OffRack) || at.work[a * W_SIZE + W_NET_IN] <= 0) return;
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
    const source = this.remote.choose(candidates);
    if (source < 0) return;
    this.remote.attach(a, source);
    this.sourceChanged(source);
  }

  /**
   * FAWKES sec. 3.2: a transient node writes HDFS output to a core node of the MR-cluster it serves
   * (of the shared pool when it serves none): the one whose disk is least loaded takes the stream.
   */
  attachSink(a: number): void {
    const { at, options, nodeOwner } = this.s;
    if (options.contention === 'none' || at.work[a * W_SIZE + W_NET_OUT] <= 0 || this.remote.sourceOf(a) >= 0) return;
    const sinks = this.coreHosts()[nodeOwner[at.node[a]] + 1];
    const sink = this.remote.choose(sinks);
    if (sink < 0 || sink === at.host[a]) return;
    this.remote.attach(a, sink, W_NET_OUT);
    this.sourceChanged(sink);
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
  private coreHostCache?: number[][];

  detachSource(a: number): void {
    const source = this.remote.detach(a);
    if (source >= 0) this.sourceChanged(source);
  }

  /**
   * A disk's remote readers changed: it and every host reading from it are re-rated. A source
   * host running nothing has nothing to re-rate (its disk's readers are rated on their hosts):
   * most sources on a lightly loaded cluster, whose re-rates were a sixth of all.
   */
  private sourceChanged(source: number): void {
    if (this.hostList[source].length > 0) this.markDirty(source);
    for (const reader of this.remote.readers(source)) this.markDirty(this.s.at.host[reader]);
  }

  /**
   * A rack's uplink share per flow changed: re-rate only the hosts it can affect — those whose
   * flows were held by the old share (they may speed up) and those using more than the new one.
   */
  private rerateRacks(): void {
    const topo = this.s.topology;
    for (const rack of this.changedRacks) {
      this.rackChanged[rack] = 0;
      const shareIn = topo.rackUplinkMBps[rack] / Math.max(1, this.rackUpIn[rack]);
      const shareOut = topo.rackUplinkMBps[rack] / Math.max(1, this.rackUpOut[rack]);
      for (let i = topo.rackHostStart[rack]; i < topo.rackHostStart[rack + 1]; i++) {
        const h = topo.rackHostList[i];
        if (this.hostUp[h] === 0 && this.hostUpUse[h * 2] === 0 && this.hostUpUse[h * 2 + 1] === 0) continue;
        if (this.hostUpCapped[h] || this.hostUpUse[h * 2] > shareIn * (1 - 1e-9) || this.hostUpUse[h * 2 + 1] > shareOut * (1 - 1e-9)) this.markDirty(h);
      }
    }
    this.changedRacks.length = 0;
  }

  /**
   * The host's completion event came: bring it up to now and return the attempts whose phase has
   * ended (a scratch list, valid until the next call). Collected first, since ending a phase
   * changes the host's list.
   */
  phasesEndedOn(h: number): readonly number[] {
    this.touchHost(h);
    const list = this.hostList[h];
    const at = this.s.at;
    const finished = this.finishedScratch;
    finished.length = 0;
    const eps = EPS_T * Math.max(1, this.s.now);
    let unchanged = true;
    for (let i = 0; i < list.length; i++) {
      const a = list[i];
      // A phase can also reach its end while its host is re-rated for another reason at that very
      // instant (a remote source changed): the sharing then gives it rate 0, and it is done all the same.
      const reached = at.lim[a] >= 1 && at.prog[a] >= at.lim[a] - REACHED_EPS;
      if (!reached && (at.rate[a] <= 0 || (at.lim[a] - at.prog[a]) / at.rate[a] > eps)) {
        // Still short of its target as the sharing sees it: the host's rates stay what they are.
        if (at.rate[a] > 0 && at.prog[a] >= at.lim[a] - REACHED_EPS) unchanged = false;
        continue;
      }
      // Reached its target within clock precision: snap, so a phase never creeps in vanishing steps.
      at.prog[a] = at.lim[a];
      unchanged = false;
      if (at.lim[a] >= 1) finished.push(a);
    }
    if (unchanged) this.replanOnly = h;
    return finished;
  }

  /** Re-rate every dirty host, update the utilisation shares, and push each host's next completion. */
  flush(): void {
    const s = this.s;
    const topo = s.topology;
    if (this.changedRacks.length) this.rerateRacks();
    // Re-rating a host can mark more (the readers of a disk whose streams changed): they join the loop.
    for (let i = 0; i < this.dirtyCount; i++) {
      const h = this.dirtyHosts[i];
      this.hostDirty[h] = 0;
      const list = this.hostList[h];
      const rack = topo.hostRack[h];
      const shareIn = topo.rackUplinkMBps[rack] / Math.max(1, this.rackUpIn[rack]);
      const shareOut = topo.rackUplinkMBps[rack] / Math.max(1, this.rackUpOut[rack]);
      if (h !== this.replanOnly) this.rerate(h, list, shareIn, shareOut);
      let next = Infinity;
      const at = s.at;
      let upIn = 0;
      let upOut = 0;
      let capped = 0;
      for (let k = 0; k < list.length; k++) {
        const a = list[k];
        const r = at.rate[a];
        if (this.hostUp[h] > 0) {
          const ui = r * at.work[a * W_SIZE + W_UP_IN];
          const uo = r * at.work[a * W_SIZE + W_UP_OUT];
          if (ui > upIn) upIn = ui;
          if (uo > upOut) upOut = uo;
          if ((ui > 0 && ui >= shareIn * (1 - 1e-9)) || (uo > 0 && uo >= shareOut * (1 - 1e-9))) capped = 1;
        }
        if (r <= 0) {
          // Finished while being re-rated (see phasesEndedOn): its end is due now.
          if (at.lim[a] >= 1 && at.prog[a] >= at.lim[a] - REACHED_EPS) next = 0;
          continue;
        }
        const t = (at.lim[a] - at.prog[a]) / r;
        if (t < next) next = t;
      }
      this.hostUpUse[h * 2] = upIn;
      this.hostUpUse[h * 2 + 1] = upOut;
      this.hostUpCapped[h] = capped;
      this.hostVersion[h]++;
      const heap = s.heap;
      const queued = heap.holds(this.hostEvent[h], this.hostEventGen[h]);
      if (next < Infinity) {
        if (queued) heap.update(this.hostEvent[h], s.now + Math.max(0, next), P_HOST, this.hostVersion[h]);
        else {
          this.hostEvent[h] = heap.push(s.now + Math.max(0, next), P_HOST, K_HOST, h, this.hostVersion[h]);
          this.hostEventGen[h] = heap.generation(this.hostEvent[h]);
        }
      } else if (queued) {
        heap.remove(this.hostEvent[h]);
        this.hostEvent[h] = -1;
      }
    }
    this.dirtyCount = 0;
    this.replanOnly = -1;
  }

  /** Rate the host's attempts and carry its usage into the utilisation shares. */
  private rerate(h: number, list: readonly number[], shareIn: number, shareOut: number): void {
    const s = this.s;
    const topo = s.topology;
    const use = s.use;
    const u = this.usageScratch;
    s.work.hostsRerated++;
    this.sharing.rate(h, list, shareIn, shareOut, u, this.remote);
    if (this.remote.onStreams(h, u.diskStreams)) for (const reader of this.remote.readers(h)) this.markDirty(s.at.host[reader]);
    const o = h * 4;
    use.cpu += (u.cpuCores - this.hostUse[o]) / topo.totalCores;
    use.disk += (u.diskMBps - this.hostUse[o + 1]) / this.totalDisk;
    use.net += (u.netInMBps + u.netOutMBps - this.hostUse[o + 2] - this.hostUse[o + 3]) / this.totalNet;
    this.hostUse[o] = u.cpuCores;
    this.hostUse[o + 1] = u.diskMBps;
    this.hostUse[o + 2] = u.netInMBps;
    this.hostUse[o + 3] = u.netOutMBps;
  }

  /** Whether anything waits for a flush: a host to re-rate or a rack whose uplink share changed. */
  get pending(): boolean {
    return this.dirtyCount > 0 || this.changedRacks.length > 0;
  }
}
