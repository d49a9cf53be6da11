import type { EngineJob } from '../core/model';
import { TaskState } from '../core/model';
import type { Random } from '../core/random';
import { NODE_CORE, type Topology } from '../core/topology';

/**
 * Every task of every job in flat typed arrays (one row per task), with its input's block replicas.
 * Maps come first within a job, then reduces; a job's tasks are contiguous.
 */
export interface TaskTable {
  count: number;
  job: Int32Array;
  isReduce: Uint8Array;
  /** Map: input MB. Reduce: fraction of the job's map output it receives (partition weight). */
  size: Float64Array;
  /** Per-task work multiplier (mean 1): stragglers and natural variation. */
  factor: Float64Array;
  /**
   * The multiplier of a task's CPU per task where it is not `factor`: its own time from a trace
   * over the mean of its job's (EngineJob.mapSeconds). Only made when some job gives times.
   */
  cpuFactor?: Float64Array;
  state: Uint8Array;
  attempts: Uint8Array;
  /** Running attempts of the task (more than one under speculation). */
  running: Uint8Array;
  /** Node holding a finished map's output (lost if that node dies), -1 otherwise. */
  outputNode: Int32Array;
  /** replication slots per task; -1 where the task has no input replica. */
  replicas: Int32Array;
  replication: number;
  jobFirstTask: Int32Array;
  jobMapCount: Int32Array;
  jobReduceCount: Int32Array;
}

/** Reduce partition weights ∝ 1/rank^skew, shuffled so the heavy partition is not always first. */
function partitionWeights(n: number, skew: number, rng: Random): Float64Array {
  const w = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    w[i] = 1 / Math.pow(i + 1, skew);
    sum += w[i];
  }
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const t = w[i];
    w[i] = w[j];
    w[j] = t;
  }
  for (let i = 0; i < n; i++) w[i] /= sum;
  return w;
}

/**
 * The nodes a job's input may live on, numbered rack by rack: `list[rackStart[r]..rackStart[r+1])`
 * are the data nodes of rack r. The whole cluster unless FAWKES node kinds say otherwise (dataNodes).
 */
interface DataNodes {
  list: Int32Array;
  rackStart: Int32Array;
}

function dataNodesOf(topo: Topology, keep: (n: number) => boolean): DataNodes {
  const list: number[] = [];
  const rackStart = new Int32Array(topo.rackCount + 1);
  for (let r = 0; r < topo.rackCount; r++) {
    rackStart[r] = list.length;
    for (let n = topo.rackNodeStart[r]; n < topo.rackNodeStart[r + 1]; n++) if (keep(n)) list.push(n);
  }
  rackStart[topo.rackCount] = list.length;
  return { list: Int32Array.from(list), rackStart };
}

/**
 * Where each job's input lives (FAWKES sec. 3.2). Without node kinds: every node. With them, an
 * MR-cluster's data set lies on its own core nodes, and input of jobs outside any MR-cluster on the
 * core nodes of the shared pool; transient and transient-core nodes never hold input.
 */
export function dataNodesFor(topo: Topology, jobs: readonly EngineJob[]): (j: number) => DataNodes {
  const all: DataNodes = { list: Int32Array.from({ length: topo.nodeCount }, (_, n) => n), rackStart: topo.rackNodeStart };
  let marked = topo.mrClusterNames.length > 0;
  for (let n = 0; n < topo.nodeCount && !marked; n++) marked = topo.nodeKind[n] !== NODE_CORE;
  if (!marked) return () => all;
  const pool = dataNodesOf(topo, (n) => topo.nodeKind[n] === NODE_CORE && topo.nodeMrCluster[n] < 0);
  const byCluster = topo.mrClusterNames.map((_, c) => dataNodesOf(topo, (n) => topo.nodeKind[n] === NODE_CORE && topo.nodeMrCluster[n] === c));
  const fallback = pool.list.length > 0 ? pool : dataNodesOf(topo, (n) => topo.nodeKind[n] === NODE_CORE);
  const orAll = (d: DataNodes) => (d.list.length > 0 ? d : all);
  return (j) => {
    const c = jobs[j].mrCluster === undefined ? -1 : topo.mrClusterNames.indexOf(jobs[j].mrCluster!);
    return orAll(c >= 0 ? byCluster[c] : fallback);
  };
}

/**
 * HDFS default block placement (rack-aware) over the job's data nodes: first replica on a random
 * node, second on a node of another rack, third on another node of that second rack; further ones
 * anywhere distinct.
 */
function placeReplicas(topo: Topology, nodes: DataNodes, replication: number, rng: Random, out: Int32Array, offset: number): void {
  const { list, rackStart } = nodes;
  const n = list.length;
  const want = Math.min(replication, n);
  let placed = 0;
  const first = pickIn(list, 0, n, rng, out, offset, placed);
  out[offset + placed++] = first;
  if (placed < want) {
    const r0 = topo.nodeRack[first];
    let second = -1;
    if (topo.rackCount > 1) {
      // A random other rack, then a node in it.
      for (let tries = 0; tries < 8 && second < 0; tries++) {
        const r = Math.floor(rng.next() * topo.rackCount);
        if (r !== r0) second = pickIn(list, rackStart[r], rackStart[r + 1], rng, out, offset, placed);
      }
    }
    if (second < 0) second = pickIn(list, 0, n, rng, out, offset, placed);
    out[offset + placed++] = second;
    if (placed < want) {
      const r1 = topo.nodeRack[second];
      let third = pickIn(list, rackStart[r1], rackStart[r1 + 1], rng, out, offset, placed);
      if (third < 0) third = pickIn(list, 0, n, rng, out, offset, placed);
      out[offset + placed++] = third;
    }
  }
  while (placed < want) {
    out[offset + placed] = pickIn(list, 0, n, rng, out, offset, placed);
    placed++;
  }
  for (let k = placed; k < replication; k++) out[offset + k] = -1;
}

/**
 * A random data node of list[lo, hi) not yet among the `placed` replicas at out[offset…], or −1
 * when all are. Plain functions, not closures made per task: a million tasks made four million.
 */
function pickIn(list: Int32Array, lo: number, hi: number, rng: Random, out: Int32Array, offset: number, placed: number): number {
  const size = hi - lo;
  if (size <= 0) return -1;
  for (let tries = 0; tries < 8; tries++) {
    const c = list[lo + Math.floor(rng.next() * size)];
    if (!taken(out, offset, placed, c)) return c;
  }
  const start = Math.floor(rng.next() * size);
  for (let i = 0; i < size; i++) {
    const c = list[lo + ((start + i) % size)];
    if (!taken(out, offset, placed, c)) return c;
  }
  return -1;
}

function taken(out: Int32Array, offset: number, placed: number, node: number): boolean {
  for (let k = 0; k < placed; k++) if (out[offset + k] === node) return true;
  return false;
}

/** The multiplier of task `task`'s CPU per task (TaskTable.cpuFactor): its trace time's share, else its work's. */
export function cpuFactorOf(t: TaskTable, task: number): number {
  return t.cpuFactor === undefined ? t.factor[task] : t.cpuFactor[task];
}

/**
 * Each task's share of its kind's CPU per task from the times a trace gives (EngineJob.mapSeconds):
 * its time, the list repeating over the tasks, over the list's mean; 1 when the times are all 0.
 */
function timeShares(times: readonly number[]): (k: number) => number {
  let sum = 0;
  for (const t of times) sum += t;
  const mean = sum / times.length;
  return (k) => (mean > 0 ? times[k % times.length] / mean : 1);
}

export function buildTaskTable(jobs: EngineJob[], topo: Topology, streams: { variation: Random; skew: Random; placement: Random }): TaskTable {
  const replication = Math.max(1, topo.replication);
  let count = 0;
  for (const j of jobs) count += j.maps + j.reduces;
  const t: TaskTable = {
    count,
    job: new Int32Array(count),
    isReduce: new Uint8Array(count),
    size: new Float64Array(count),
    factor: new Float64Array(count),
    ...(jobs.some((j) => j.mapSeconds !== undefined || j.reduceSeconds !== undefined) ? { cpuFactor: new Float64Array(count) } : {}),
    state: new Uint8Array(count),
    attempts: new Uint8Array(count),
    running: new Uint8Array(count),
    outputNode: new Int32Array(count).fill(-1),
    replicas: new Int32Array(count * replication).fill(-1),
    replication,
    jobFirstTask: new Int32Array(jobs.length + 1),
    jobMapCount: new Int32Array(jobs.length),
    jobReduceCount: new Int32Array(jobs.length),
  };
  let task = 0;
  const dataNodes = dataNodesFor(topo, jobs);
  jobs.forEach((j, index) => {
    const nodes = dataNodes(index);
    t.jobFirstTask[index] = task;
    t.jobMapCount[index] = j.maps;
    t.jobReduceCount[index] = j.reduces;
    const perMap = j.maps > 0 ? j.inputMb / j.maps : 0;
    const cpu = t.cpuFactor;
    // A kind whose tasks' times a trace gives takes them as its variation (the draws are still
    // made, so the other jobs' tasks vary as they would without).
    const mapShare = j.mapSeconds?.length ? timeShares(j.mapSeconds) : undefined;
    const reduceShare = j.reduceSeconds?.length ? timeShares(j.reduceSeconds) : undefined;
    for (let m = 0; m < j.maps; m++, task++) {
      t.job[task] = index;
      t.size[task] = perMap;
      const drawn = streams.variation.unitLogNormal(j.template.taskCv);
      t.factor[task] = mapShare ? 1 : drawn;
      if (cpu) cpu[task] = mapShare ? mapShare(m) : drawn;
      t.state[task] = TaskState.Pending;
      if (perMap > 0) placeReplicas(topo, nodes, replication, streams.placement, t.replicas, task * replication);
    }
    const weights = partitionWeights(j.reduces, j.template.skew, streams.skew);
    for (let r = 0; r < j.reduces; r++, task++) {
      t.job[task] = index;
      t.isReduce[task] = 1;
      t.size[task] = weights[r];
      const drawn = streams.variation.unitLogNormal(j.template.taskCv);
      t.factor[task] = reduceShare ? 1 : drawn;
      if (cpu) cpu[task] = reduceShare ? reduceShare(r) : drawn;
      t.state[task] = TaskState.Pending;
    }
  });
  t.jobFirstTask[jobs.length] = task;
  return t;
}
