import { AttemptStore, W_CPU as CPU_OFFSET, W_DISK as DISK_OFFSET, W_NET_IN as IN_OFFSET, W_NET_OUT as OUT_OFFSET, W_SIZE as SIZE, W_UP_IN as UP_IN_OFFSET, W_UP_OUT as UP_OUT_OFFSET } from '../state/attempts';
import { diskBandwidthMBps, type RemoteReads } from './diskModel';
import type { Topology } from '../core/topology';

/** What a host's attempts use right now, for the utilisation integrals. */
export interface HostUsage {
  cpuCores: number;
  /** MB/s the host's attempts move from disks: their own, and the remote disks they read from. */
  diskMBps: number;
  /** Streams on the host's own disks from its own attempts. */
  diskStreams: number;
  netInMBps: number;
  netOutMBps: number;
}

// Module-local copies: hot loops read these millions of times, and imported bindings can cost a
// property lookup each under some module loaders.
const W_CPU = CPU_OFFSET;
const W_DISK = DISK_OFFSET;
const W_NET_IN = IN_OFFSET;
const W_NET_OUT = OUT_OFFSET;
const W_SIZE = SIZE;
const W_UP_IN = UP_IN_OFFSET;
const W_UP_OUT = UP_OUT_OFFSET;
const R_CPU = 0;
const R_DISK = 1;
const R_IN = 2;
const R_OUT = 3;
const R_VM0 = 4;
const EPS = 1e-12;

/**
 * Rates of the attempts on one host (model.md "Resource sharing").
 *
 * `full` contention: the host's cores, its disks (whose total bandwidth falls as concurrent streams
 * thrash), its NIC in each direction, and — for VMs — each VM's vCPUs are shared by progressive
 * filling: every attempt's progress rises in proportion to its dominant share until a resource
 * saturates or the attempt reaches a cap of its own (a task is one thread, so at most one core;
 * its fair share of the rack uplink; a remote read its share of the disk it reads from; a shuffle
 * cannot pass the map output that exists). The result
 * is max-min fair in dominant share, which is processor sharing when one resource is contended.
 *
 * `none`: each attempt runs as if alone on the host (the slot-simulator view).
 */
export class HostSharing {
  private d = new Float64Array(64);
  private cap = new Float64Array(64);
  private active = new Uint8Array(64);
  private capacity = new Float64Array(16);
  private used = new Float64Array(16);
  private sum = new Float64Array(16);

  constructor(
    private readonly topo: Topology,
    private readonly at: AttemptStore,
    private readonly contention: 'full' | 'none',
    private readonly diskThrashing: number,
    /** One attempt's most MB/s on a disk, its own or one it reads remotely (SimulationOptions.taskDiskMBps). */
    private readonly taskDiskMBps: number = Infinity,
  ) {}

  /**
   * Set `rate` of every attempt in `list` (all on host h) and return the host's usage.
   * `upShareIn/Out` are this rack's uplink bandwidth per cross-rack flow. `out` receives the rates
   * by attempt id (the attempts' own rates unless a probe asks for them elsewhere).
   */
  rate(
    h: number,
    list: readonly number[],
    upShareIn: number,
    upShareOut: number,
    usage: HostUsage,
    remote?: RemoteReads,
    out: Float64Array = this.at.rate,
  ): void {
    const at = this.at;
    const topo = this.topo;
    const k = list.length;
    usage.cpuCores = usage.diskMBps = usage.netInMBps = usage.netOutMBps = usage.diskStreams = 0;
    if (k === 0) return;
    if (k > this.d.length) {
      this.d = new Float64Array(k * 2);
      this.cap = new Float64Array(k * 2);
      this.active = new Uint8Array(k * 2);
    }
    const speed = topo.hostSpeed[h];
    const firstNode = topo.hostNodeStart[h];
    const vmCount = topo.hostHasVms[h] ? topo.hostNodeStart[h + 1] - firstNode : 0;
    const resources = R_VM0 + vmCount;
    if (resources > this.capacity.length) {
      this.capacity = new Float64Array(resources * 2);
      this.used = new Float64Array(resources * 2);
      this.sum = new Float64Array(resources * 2);
    }
    const C = this.capacity;
    // Locals: the loops below read these per attempt, and the calls between them (the remote
    // reads') would otherwise make the engine reload each array from `at` every time.
    const work = at.work;
    const prog = at.prog;
    const lim = at.lim;
    const rates = out;
    const nodeOf = at.node;
    const pace = this.taskDiskMBps;
    const remoteActive = remote !== undefined && remote.active;

    // Disk streams: attempts that read or write locally and are not waiting.
    let streams = 0;
    for (let i = 0; i < k; i++) {
      const a = list[i];
      if (work[a * W_SIZE + W_DISK] > 0 && prog[a] < lim[a] - EPS) streams++;
    }
    usage.diskStreams = streams;
    const disks = topo.hostDisks[h];
    const diskFull = topo.hostDiskMBps[h];
    // Remote readers served by this disk thrash it too and each take a stream's share of it (when
    // no own attempt uses the disk, it keeps its capacity: nobody here can take it).
    const served = remote ? remote.readers(h).length : 0;
    C[R_CPU] = topo.hostCores[h] * speed;
    if (this.contention === 'none') C[R_DISK] = diskFull / disks;
    else if (served === 0 || streams === 0) C[R_DISK] = diskBandwidthMBps(diskFull, streams, disks, this.diskThrashing);
    else C[R_DISK] = (diskBandwidthMBps(diskFull, streams + served, disks, this.diskThrashing) * streams) / (streams + served);
    C[R_IN] = topo.hostNicMBps[h];
    C[R_OUT] = topo.hostNicMBps[h];
    for (let v = 0; v < vmCount; v++) C[R_VM0 + v] = topo.nodeCores[firstNode + v] * speed;

    const d = this.d;
    const cap = this.cap;
    const active = this.active;
    let remaining = 0;
    for (let i = 0; i < k; i++) {
      const a = list[i];
      const w = a * W_SIZE;
      active[i] = 0;
      if (prog[a] >= lim[a] - EPS) {
        rates[a] = 0; // a shuffle that has fetched all existing map output waits
        continue;
      }
      const cpu = work[w + W_CPU];
      // Caps of the attempt itself: one thread → one core, and its pipeline's pace on a disk; its
      // share of the rack uplink.
      let c = cpu > 0 ? speed / cpu : Infinity;
      if (work[w + W_DISK] > 0) c = Math.min(c, pace / work[w + W_DISK]);
      if (work[w + W_UP_IN] > 0) c = Math.min(c, upShareIn / work[w + W_UP_IN]);
      if (work[w + W_UP_OUT] > 0) c = Math.min(c, upShareOut / work[w + W_UP_OUT]);
      // A remote read (or a transient node's remote write) takes at most its share of that disk.
      if (remoteActive) {
        const f = remote.streamField(a);
        if (work[w + f] > 0) c = Math.min(c, Math.min(pace, remote.shareForRating(a)) / work[w + f]);
      }
      if (this.contention === 'none') {
        // Alone on the host: each resource at full capacity, disk at one disk's bandwidth.
        let t = 0;
        t = Math.max(t, work[w + W_DISK] / C[R_DISK]);
        t = Math.max(t, work[w + W_NET_IN] / C[R_IN]);
        t = Math.max(t, work[w + W_NET_OUT] / C[R_OUT]);
        const r = Math.min(c, t > 0 ? 1 / t : Infinity);
        rates[a] = Number.isFinite(r) ? r : 1e9;
        continue;
      }
      const vm = vmCount > 0 ? R_VM0 + (nodeOf[a] - firstNode) : -1;
      let dom = Math.max(cpu / C[R_CPU], work[w + W_DISK] / C[R_DISK], work[w + W_NET_IN] / C[R_IN], work[w + W_NET_OUT] / C[R_OUT]);
      if (vm >= 0) dom = Math.max(dom, cpu / C[vm]);
      if (dom <= 0) {
        // No shared resource at all (only an uplink, or nothing): limited by its own caps.
        rates[a] = Number.isFinite(c) ? c : 1e9;
        continue;
      }
      d[i] = dom;
      cap[i] = c;
      active[i] = 1;
      remaining++;
    }

    if (this.contention === 'full' && remaining > 0) {
      const used = this.used;
      const sum = this.sum;
      for (let j = 0; j < resources; j++) used[j] = 0;
      while (remaining > 0) {
        for (let j = 0; j < resources; j++) sum[j] = 0;
        for (let i = 0; i < k; i++) {
          if (!active[i]) continue;
          const a = list[i];
          const w = a * W_SIZE;
          const inv = 1 / d[i];
          sum[R_CPU] += work[w + W_CPU] * inv;
          sum[R_DISK] += work[w + W_DISK] * inv;
          sum[R_IN] += work[w + W_NET_IN] * inv;
          sum[R_OUT] += work[w + W_NET_OUT] * inv;
          if (vmCount > 0) sum[R_VM0 + (nodeOf[a] - firstNode)] += work[w + W_CPU] * inv;
        }
        let level = Infinity;
        let bottleneck = -1;
        let cappedAttempt = -1;
        for (let j = 0; j < resources; j++) {
          if (sum[j] <= 0) continue;
          const t = Math.max(0, C[j] - used[j]) / sum[j];
          if (t < level) {
            level = t;
            bottleneck = j;
          }
        }
        for (let i = 0; i < k; i++) {
          if (!active[i]) continue;
          const t = cap[i] * d[i];
          if (t < level) {
            level = t;
            cappedAttempt = i;
            bottleneck = -1;
          }
        }
        for (let i = 0; i < k; i++) {
          if (!active[i]) continue;
          const a = list[i];
          const w = a * W_SIZE;
          let freeze = i === cappedAttempt;
          if (bottleneck >= 0) {
            if (bottleneck >= R_VM0) freeze = nodeOf[a] - firstNode === bottleneck - R_VM0 && work[w + W_CPU] > 0;
            else freeze = work[w + (bottleneck === R_CPU ? W_CPU : bottleneck === R_DISK ? W_DISK : bottleneck === R_IN ? W_NET_IN : W_NET_OUT)] > 0;
          }
          if (!freeze) continue;
          const r = level / d[i];
          rates[a] = r;
          active[i] = 0;
          remaining--;
          used[R_CPU] += r * work[w + W_CPU];
          used[R_DISK] += r * work[w + W_DISK];
          used[R_IN] += r * work[w + W_NET_IN];
          used[R_OUT] += r * work[w + W_NET_OUT];
          if (vmCount > 0) used[R_VM0 + (nodeOf[a] - firstNode)] += r * work[w + W_CPU];
        }
      }
    }

    // Summed in locals, in the same order as into `usage` (the same bits), then stored once.
    let cpuCores = 0;
    let diskMBps = 0;
    let netInMBps = 0;
    let netOutMBps = 0;
    for (let i = 0; i < k; i++) {
      const a = list[i];
      const w = a * W_SIZE;
      const r = rates[a];
      if (r >= 1e9) continue; // instantaneous phases use nothing measurable
      cpuCores += (r * work[w + W_CPU]) / speed;
      diskMBps += r * work[w + W_DISK];
      if (remoteActive && remote.sourceOf(a) >= 0) diskMBps += r * work[w + remote.streamField(a)];
      netInMBps += r * work[w + W_NET_IN];
      netOutMBps += r * work[w + W_NET_OUT];
    }
    usage.cpuCores = cpuCores;
    usage.diskMBps = diskMBps;
    usage.netInMBps = netInMBps;
    usage.netOutMBps = netOutMBps;
  }
}
