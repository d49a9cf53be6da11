import { W_SIZE, W_NET_IN } from '../state/attempts';
import { diskBandwidthMBps } from '../resources/diskModel';
import { PhaseKind } from '../core/model';
import { phaseIo, type PhaseIo } from '../jobs/phases';
import { cpuFactorOf } from '../state/tasks';
import type { RateSolver } from '../resources/rateSolver';
import type { NodeUsage } from './schedulerApi';
import type { EngineState } from '../state/state';
import { Locality } from '../core/topology';

/**
 * What a node's monitors read now (ClusterView.nodeUsage, ILA's interference inputs): the CPU and
 * disk its own tasks use, what its co-hosted VMs' tasks and remote readers add, dom0's share, and
 * the disks' busy time as iostat reports it. `scratch` is reused for each task's phase I/O.
 */
export function nodeUsage(s: EngineState, rates: RateSolver, n: number, scratch: PhaseIo): NodeUsage {
  const topo = s.topology;
  const { at, tasks, jobs, options } = s;
  const host = topo.nodeHost[n];
  const u: NodeUsage = { cu: 0, ca: 0, c0: 0, ru: 0, wu: 0, ra: 0, wa: 0, iou: 0 };
  const speed = topo.hostSpeed[host];
  let disk = 0;
  let streams = 0;
  for (const a of rates.hostList[host]) {
    const r = at.rate[a];
    if (r <= 0 || r >= 1e9) continue;
    const task = at.task[a];
    const io = phaseIo(jobs[tasks.job[task]], at.phase[a] as PhaseKind, tasks.size[task], tasks.factor[task], cpuFactorOf(tasks, task), scratch);
    const w = a * W_SIZE;
    const cores = (r * at.work[w]) / speed;
    const diskRate = r * at.work[w + 1];
    if (diskRate > 0) streams++;
    // Split the disk traffic into reads and writes as the phase's counters do.
    const local = at.locality[a] === Locality.Node || at.locality[a] === Locality.Server ? io.hdfsReadMb : 0;
    const reads = io.fsReadMb + local;
    const writes = io.fsWriteMb + io.hdfsWriteMb;
    const readRate = reads + writes > 0 ? (diskRate * reads) / (reads + writes) : 0;
    const writeRate = diskRate - readRate;
    disk += diskRate;
    if (at.node[a] === n) {
      u.cu += cores;
      u.ru += readRate;
      u.wu += writeRate;
    } else {
      u.ca += cores;
      u.ra += readRate;
      u.wa += writeRate;
    }
  }
  // Blocks this server's disk sends to maps elsewhere: reads its monitors see, by none of its tasks.
  // (and what transient nodes write to it: FAWKES sec. 3.2).
  for (const a of rates.remote.readers(host)) {
    const field = rates.remote.streamField(a);
    const rate = at.rate[a] * at.work[a * W_SIZE + field];
    if (rate <= 0 || at.rate[a] >= 1e9) continue;
    streams++;
    disk += rate;
    if (field === W_NET_IN) u.ra += rate;
    else u.wa += rate;
  }
  if (topo.hostHasVms[host]) u.c0 = (options.dom0CpuPerMb * disk) / speed;
  // I/O utilisation as iostat reports it: the share of time the disks are busy, i.e. throughput
  // over what they deliver at this many streams — a seek-bound disk is fully busy at a few MB/s.
  const full = topo.hostDiskMBps[host];
  const deliverable = options.contention === 'full' ? diskBandwidthMBps(full, streams, topo.hostDisks[host], options.diskThrashing) : full;
  u.iou = Math.min(1, disk / deliverable);
  return u;
}
