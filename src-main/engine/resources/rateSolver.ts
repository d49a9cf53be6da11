import { W_NET_OUT, W_SIZE as SIZE, W_UP_IN as UP_IN_OFFSET, W_UP_OUT as UP_OUT_OFFSET } from '../state/attempts';
import { RemoteReads } from './diskModel';
import { K_HOST, PRIORITY } from '../core/events';
import { HostSharing, type HostUsage } from './sharing';
import { RemoteEnds } from './remoteEnds';
import type { EngineState } from '../state/state';
import { PhaseEndWatch } from './phaseEndWatch';

// Module-local copies of the work-vector offsets (read in hot loops).
const W_SIZE = SIZE;
const W_UP_IN = UP_IN_OFFSET;
const W_UP_OUT = UP_OUT_OFFSET;
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
   * Per dirty host: whether the flush must rate it again (1) or only plan its next completion, its
   * rates being what its sharing would give again (0): a completion event that found nothing at its
   * end (a shuffle still fetching whose limit moved on), or remote readers whose source's share
   * neither held them nor holds them now. Any change to the host itself (markDirty) asks for the rating.
   */
  private readonly hostNeedsRate: Uint8Array;
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
  private readonly ends: RemoteEnds;
  private readonly finishedScratch: number[] = [];
  private readonly usageScratch: HostUsage = { cpuCores: 0, diskMBps: 0, diskStreams: 0, netInMBps: 0, netOutMBps: 0 };
  private readonly totalDisk: number;
  private readonly totalNet: number;
  readonly phaseEnds: PhaseEndWatch;

  constructor(private readonly s: EngineState) {
    const topology = s.topology;
    const H = topology.hostCount;
    this.hostList = Array.from({ length: H }, () => []);
    this.hostVersion = new Int32Array(H);
    this.hostEvent = new Int32Array(H).fill(-1);
    this.hostEventGen = new Int32Array(H);
    this.phaseEnds = new PhaseEndWatch(s.heap, this.hostEvent, this.hostEventGen);
    this.hostLast = new Float64Array(H);
    this.hostDirty = new Uint8Array(H);
    this.hostNeedsRate = new Uint8Array(H);
    this.dirtyHosts = new Int32Array(Math.max(16, H));
    this.hostUp = new Int32Array(H);
    this.hostUse = new Float64Array(H * 4);
    this.rackUpIn = new Int32Array(topology.rackCount);
    this.rackUpOut = new Int32Array(topology.rackCount);
    this.rackChanged = new Uint8Array(topology.rackCount);
    this.hostUpUse = new Float64Array(H * 2);
    this.hostUpCapped = new Uint8Array(H);
    this.remote = new RemoteReads(H, topology.hostDiskMBps, topology.hostDisks, s.options.diskThrashing);
    this.ends = new RemoteEnds(s, this.remote);
    this.sharing = new HostSharing(topology, s.at, s.options.contention, s.options.diskThrashing, s.options.taskDiskMBps ?? Infinity);
    this.totalDisk = topology.hostDiskMBps.reduce((sum, x) => sum + x, 0);
    this.totalNet = 2 * topology.hostNicMBps.reduce((sum, x) => sum + x, 0);
  }

  /** Bring a host's attempts' progress up to now before anything about the host changes. */
  touchHost(h: number): void {
    this.advance(h);
    this.markDirty(h);
  }

  markDirty(h: number): void {
    if (this.hostLast[h] !== this.s.now) this.advance(h);
    this.hostNeedsRate[h] = 1;
    this.enqueue(h);
  }

  /** Queue a host whose rates stay, for the flush to plan its next completion from now (hostNeedsRate). */
  private markReplan(h: number): void {
    if (this.hostLast[h] !== this.s.now) this.advance(h);
    this.enqueue(h);
  }

  private advance(h: number): void {
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
  }

  private enqueue(h: number): void {
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

  /** Charge a map's remote read to the disk it comes from (RemoteEnds.readSource). */
  attachSource(a: number): void {
    const source = this.ends.readSource(a);
    if (source < 0) return;
    this.remote.attach(a, source);
    this.sourceChanged(source);
  }

  /** Charge a transient node's HDFS write to the core node's disk that takes it (RemoteEnds.writeSink). */
  attachSink(a: number): void {
    const sink = this.ends.writeSink(a);
    if (sink < 0) return;
    this.remote.attach(a, sink, W_NET_OUT);
    this.sourceChanged(sink);
  }

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
    this.markReaders(source);
  }

  /**
   * The share of source's disk per stream changed: its readers' hosts are re-rated, or only
   * re-planned where the share holds the reader neither before nor now (RemoteReads.rateStays).
   */
  private markReaders(source: number): void {
    const at = this.s.at;
    for (const reader of this.remote.readers(source)) {
      if (this.remote.rateStays(reader, at.rate[reader], at.work)) this.markReplan(at.host[reader]);
      else this.markDirty(at.host[reader]);
    }
  }

  /**
   * A rack's uplink share per flow changed: re-rate only the hosts it can affect — those whose
   * flows were held by the old share (they may speed up) and those using more than the new one.
   */
  private rerateRacks(): void {
    const topo = this.s.topology;
    for (const rack of this.changedRacks) {
      this.rackChanged[rack] = 0;
      const shareIn = this.shareIn(rack);
      const shareOut = this.shareOut(rack);
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
    if (unchanged) this.hostNeedsRate[h] = 0;
    return finished;
  }

  /** Re-rate every dirty host, update the utilisation shares, and push each host's next completion. */
  flush(): void {
    this.phaseEnds.moved();
    const s = this.s;
    const topo = s.topology;
    if (this.changedRacks.length) this.rerateRacks();
    // Re-rating a host can mark more (the readers of a disk whose streams changed): they join the loop.
    for (let i = 0; i < this.dirtyCount; i++) {
      const h = this.dirtyHosts[i];
      this.hostDirty[h] = 0;
      const list = this.hostList[h];
      const rack = topo.hostRack[h];
      const shareIn = this.shareIn(rack);
      const shareOut = this.shareOut(rack);
      if (this.hostNeedsRate[h] || this.reachedEnd(list)) this.rerate(h, list, shareIn, shareOut);
      this.hostNeedsRate[h] = 0;
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
  }

  /**
   * Whether an attempt of a host only re-planned has reached its phase's end as its progress was
   * brought up to now: its sharing would then stop it (rate 0) and its stream, so it is rated after all.
   */
  private reachedEnd(list: readonly number[]): boolean {
    const at = this.s.at;
    for (let i = 0; i < list.length; i++) {
      const a = list[i];
      if (at.rate[a] > 0 && at.prog[a] >= at.lim[a] - REACHED_EPS) return true;
    }
    return false;
  }

  /** Rate the host's attempts and carry its usage into the utilisation shares. */
  private rerate(h: number, list: readonly number[], shareIn: number, shareOut: number): void {
    const s = this.s;
    const topo = s.topology;
    const use = s.use;
    const u = this.usageScratch;
    s.work.hostsRerated++;
    this.sharing.rate(h, list, shareIn, shareOut, u, this.remote);
    if (this.remote.onStreams(h, u.diskStreams)) this.markReaders(h);
    const o = h * 4;
    use.cpu += (u.cpuCores - this.hostUse[o]) / topo.totalCores;
    use.disk += (u.diskMBps - this.hostUse[o + 1]) / this.totalDisk;
    use.net += (u.netInMBps + u.netOutMBps - this.hostUse[o + 2] - this.hostUse[o + 3]) / this.totalNet;
    this.hostUse[o] = u.cpuCores;
    this.hostUse[o + 1] = u.diskMBps;
    this.hostUse[o + 2] = u.netInMBps;
    this.hostUse[o + 3] = u.netOutMBps;
  }

  /**
   * The rates host h's sharing would give its attempts now, written into `out` by attempt id,
   * changing nothing (the invariant check: the rates in force are these, bit for bit, however few
   * hosts the last events re-rated).
   */
  probeRates(h: number, out: Float64Array): void {
    const rack = this.s.topology.hostRack[h];
    this.remote.recording = false;
    try {
      this.sharing.rate(h, this.hostList[h], this.shareIn(rack), this.shareOut(rack), { ...this.usageScratch }, this.remote, out);
    } finally {
      this.remote.recording = true;
    }
  }

  /** A rack's uplink bandwidth per cross-rack flow into it, and out of it. */
  private shareIn(rack: number): number {
    return this.s.topology.rackUplinkMBps[rack] / Math.max(1, this.rackUpIn[rack]);
  }
  private shareOut(rack: number): number {
    return this.s.topology.rackUplinkMBps[rack] / Math.max(1, this.rackUpOut[rack]);
  }

  /** Whether anything waits for a flush: a host to re-rate or a rack whose uplink share changed. */
  get pending(): boolean {
    return this.dirtyCount > 0 || this.changedRacks.length > 0;
  }
}
