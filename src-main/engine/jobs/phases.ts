import { W_CPU, W_DISK, W_NET_IN, W_NET_OUT, W_UP_IN, W_UP_OUT } from '../state/attempts';
import { PhaseKind, type EngineJob } from '../core/model';
import { Locality, NODE_TRANSIENT, type Topology } from '../core/topology';

/**
 * The work of each phase (model.md "Workload"): what a phase must do, never how long it takes.
 *
 * Map: `map` reads its split from HDFS (from the local disk when node- or server-local, over the
 * network otherwise, across the uplink when off-rack) and computes; `merge` spills and merges the
 * map output on the local disk. A map-only job writes its output to HDFS in the map phase instead.
 * Reduce: `shuffle` fetches its partition of every map's output (over the network except the part
 * on its own host) and spills it; `sort` merges it on disk; `reduce` computes and writes the output
 * to HDFS, sending one copy down the replication pipeline (across racks, as HDFS places replica 2).
 *
 * FAWKES node kinds (sec. 3.2): transient and transient-core nodes hold no input, so their maps read
 * remotely by locality like any non-local map; a transient node also writes HDFS output over the
 * network to a core node instead of its own disk. Spills, merges and shuffles stay on the node's
 * local (scratch) disk, as a TaskTracker's mapred.local.dir does whatever HDFS holds.
 *
 * A remote read's source disk is charged by the simulator (diskModel.ts), not here: it depends on
 * which replica serves the read and how busy its disk is. Approximations, stated: the sending NIC of
 * remote reads and the source side of shuffle fetches (disk and NIC) are not charged; map outputs
 * are assumed spread over the cluster like the nodes are.
 */
export interface PhaseWorkContext {
  topo: Topology;
  dom0CpuPerMb: number;
  /** SimulationOptions.taskDiskMBps; Infinity when absent. */
  taskDiskMBps: number;
  /** Each node's FAWKES role right now (EngineState.nodeRole); absent: every node is a core node. */
  nodeRole?: Uint8Array;
}

/** Total map output of a job, MB: what its reduces shuffle between them. */
export function jobShuffleMb(job: EngineJob): number {
  if (job.reduces === 0) return 0;
  if (job.shuffleMb !== undefined) return job.shuffleMb;
  return job.inputMb * job.template.mapSelectivity + job.maps * job.template.mapWriteMbPerTask;
}

function hdfsWrite(ctx: PhaseWorkContext, node: number, mb: number, out: Float64Array, o: number): void {
  // FAWKES sec. 3.2: a transient node has no DataNode; its first replica goes over the network to a
  // core node, whose disk the rate solver charges (RateSolver.attachSink) and which forwards the rest.
  if (ctx.nodeRole !== undefined && ctx.nodeRole[node] === NODE_TRANSIENT) {
    out[o + W_NET_OUT] += mb;
    return;
  }
  out[o + W_DISK] += mb;
  if (ctx.topo.replication >= 2 && ctx.topo.nodeCount > 1) {
    out[o + W_NET_OUT] += mb;
    if (ctx.topo.rackCount > 1) out[o + W_UP_OUT] += mb;
  }
}

function addDom0(ctx: PhaseWorkContext, host: number, out: Float64Array, o: number): void {
  if (ctx.dom0CpuPerMb > 0 && ctx.topo.hostHasVms[host]) {
    out[o + W_CPU] += ctx.dom0CpuPerMb * (out[o + W_DISK] + out[o + W_NET_IN] + out[o + W_NET_OUT]);
  }
}

/**
 * What a phase does, wherever it runs: CPU-seconds at a reference core and the MB it reads and
 * writes, split as Hadoop's counters split them (local FileSystem vs HDFS, plus shuffle fetches).
 * These are also the counters a finished task reports (Liu eq. 3.4 uses them).
 */
export interface PhaseIo {
  cpuS: number;
  hdfsReadMb: number;
  hdfsWriteMb: number;
  fsReadMb: number;
  fsWriteMb: number;
  fetchMb: number;
}

/** `cpuFactor` multiplies the CPU per task alone: `factor` where no trace gave the task's time (tasks.ts cpuFactorOf). */
export function phaseIo(job: EngineJob, phase: PhaseKind, taskSize: number, factor: number, cpuFactor: number, out: PhaseIo): PhaseIo {
  const tpl = job.template;
  out.cpuS = out.hdfsReadMb = out.hdfsWriteMb = out.fsReadMb = out.fsWriteMb = out.fetchMb = 0;
  switch (phase) {
    case PhaseKind.Map: {
      const input = taskSize * factor;
      // What the map generates without input (TeraGen's rows); a map-only job's stated output overrides it.
      let generated = tpl.mapWriteMbPerTask * factor;
      out.hdfsReadMb = input;
      // A map-only job writes its output to HDFS from the map itself.
      if (job.reduces === 0) {
        out.hdfsWriteMb = job.outputMb !== undefined ? (job.outputMb / Math.max(1, job.maps)) * factor : input * tpl.mapSelectivity + generated;
        generated = Math.max(0, out.hdfsWriteMb - input * tpl.mapSelectivity);
      }
      out.cpuS = tpl.mapCpuSPerMb * input + tpl.mapCpuSPerTask * cpuFactor + tpl.mapCpuSPerWriteMb * generated;
      break;
    }
    case PhaseKind.Merge: {
      const output = taskSize * factor * tpl.mapSelectivity + tpl.mapWriteMbPerTask * factor;
      out.fsWriteMb = output;
      out.fsReadMb = output;
      out.cpuS = tpl.sortCpuSPerMb * output;
      break;
    }
    case PhaseKind.Shuffle: {
      const mb = jobShuffleMb(job) * taskSize * factor;
      out.fetchMb = mb;
      out.fsWriteMb = mb;
      break;
    }
    case PhaseKind.Sort: {
      const mb = jobShuffleMb(job) * taskSize * factor;
      out.fsReadMb = mb;
      out.fsWriteMb = mb;
      out.cpuS = tpl.sortCpuSPerMb * mb;
      break;
    }
    case PhaseKind.Reduce: {
      const mb = jobShuffleMb(job) * taskSize * factor;
      out.cpuS = tpl.reduceCpuSPerMb * mb + tpl.reduceCpuSPerTask * cpuFactor;
      out.fsReadMb = mb;
      out.hdfsWriteMb = job.outputMb !== undefined ? job.outputMb * taskSize * factor : mb * tpl.reduceSelectivity;
      break;
    }
  }
  return out;
}

const scratchIo: PhaseIo = { cpuS: 0, hdfsReadMb: 0, hdfsWriteMb: 0, fsReadMb: 0, fsWriteMb: 0, fetchMb: 0 };

/** Fill `out[o..o+6)` with the work of `phase` for a task of `job` on `node`: its I/O put on devices. */
export function phaseWork(
  ctx: PhaseWorkContext,
  job: EngineJob,
  phase: PhaseKind,
  taskSize: number,
  factor: number,
  cpuFactor: number,
  locality: Locality,
  node: number,
  out: Float64Array,
  o: number,
): void {
  for (let k = 0; k < 6; k++) out[o + k] = 0;
  const io = phaseIo(job, phase, taskSize, factor, cpuFactor, scratchIo);
  const topo = ctx.topo;
  out[o + W_CPU] = io.cpuS;
  out[o + W_DISK] = io.fsReadMb + io.fsWriteMb;
  // HDFS input: from the local disk when a replica is on this host, else over the network.
  if (locality === Locality.Node || locality === Locality.Server) out[o + W_DISK] += io.hdfsReadMb;
  else if (locality === Locality.Rack) out[o + W_NET_IN] += io.hdfsReadMb;
  else if (locality === Locality.OffRack) {
    out[o + W_NET_IN] += io.hdfsReadMb;
    out[o + W_UP_IN] += io.hdfsReadMb;
  }
  if (io.hdfsWriteMb > 0) hdfsWrite(ctx, node, io.hdfsWriteMb, out, o);
  if (io.fetchMb > 0) {
    // Map outputs on this host are read from its disk (already counted); the rest crosses the NIC.
    const host = topo.nodeHost[node];
    const rack = topo.nodeRack[node];
    const onHost = topo.hostNodeStart[host + 1] - topo.hostNodeStart[host];
    const inRack = topo.rackNodeStart[rack + 1] - topo.rackNodeStart[rack];
    out[o + W_NET_IN] += io.fetchMb * (1 - onHost / topo.nodeCount);
    out[o + W_UP_IN] += io.fetchMb * (1 - inRack / topo.nodeCount);
  }
  addDom0(ctx, topo.nodeHost[node], out, o);
}

/** Seconds the phase would take alone on an idle host of the node (the "ideal" for ANP and slowdown). */
export function isolatedSeconds(topo: Topology, node: number, work: Float64Array, o: number, taskDiskMBps: number): number {
  const h = topo.nodeHost[node];
  const speed = topo.hostSpeed[h];
  const diskOne = Math.min(taskDiskMBps, topo.hostDiskMBps[h] / topo.hostDisks[h]);
  return Math.max(
    work[o + W_CPU] / speed,
    work[o + W_DISK] / diskOne,
    work[o + W_NET_IN] / topo.hostNicMBps[h],
    work[o + W_NET_OUT] / topo.hostNicMBps[h],
    work[o + W_UP_IN] / topo.rackUplinkMBps[topo.nodeRack[node]],
    work[o + W_UP_OUT] / topo.rackUplinkMBps[topo.nodeRack[node]],
  );
}
