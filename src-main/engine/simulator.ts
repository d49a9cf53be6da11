import type { SimulationOptions } from '@shared/simulation';
import { AttemptStore, W_NET_IN as NET_IN_OFFSET, W_SIZE as SIZE, W_UP_IN as UP_IN_OFFSET, W_UP_OUT as UP_OUT_OFFSET } from './attempts';
import { EventHeap } from './eventHeap';
import { JobMapIndex } from './localityIndex';
import { PhaseKind, TaskState, type EngineJob } from './model';
import { isolatedSeconds, phaseIo, phaseWork, type PhaseIo, type PhaseWorkContext } from './phases';
import { ProfileAccumulator, type TaskCounters } from './profiles';
import { Random } from './random';
import { HeartbeatRounds } from './heartbeatRounds';
import { AttemptRecords } from './records';
import type { ClusterView, NodeUsage, Scheduler } from './schedulerApi';
import { RemoteReads } from './remoteReads';
import { diskBandwidthMBps, HostSharing, type HostUsage } from './sharing';
import { buildTaskTable, type TaskTable } from './tasks';
import { Locality, type Topology } from './topology';
import { SeriesRecorder, type EngineRunResult, type JobOutcome, type SeriesSample } from './result';

export interface SimulationInput {
  topology: Topology;
  jobs: EngineJob[];
  options: SimulationOptions;
  seed: number;
  scheduler: Scheduler;
  /** Wall clock for measuring scheduler time per decision; results stay deterministic without it. */
  clock?: () => number;
  /** Called every ~`progressEvery` events; return true to stop (cancel). */
  onProgress?: (p: { simTime: number; events: number; jobsDone: number; jobsTotal: number }) => boolean | void;
  progressEvery?: number;
  /** Called after every event with the simulation itself; for invariant tests, not for production. */
  afterEvent?: (sim: Simulation) => void;
  /** Stop the run as soon as this returns true (checked after each event; e.g. a probe task finished). */
  until?: () => boolean;
}

// Event kinds in the heap, and their priority at equal times (lower first).
const K_HOST = 0; // a host's next phase completion (versioned)
const K_FAIL = 1; // a node dies
const K_DETECT = 2; // the master declares a silent node lost
const K_REPLENISH = 3; // a replacement node joins
const K_RELEASE = 4; // a dependent job is submitted
const K_BEAT = 5; // out-of-band heartbeat
const PRIORITY = [0, 1, 1, 1, 2, 3];

// Module-local copies of the work-vector offsets (read in hot loops).
const W_SIZE = SIZE;
const W_UP_IN = UP_IN_OFFSET;
const W_UP_OUT = UP_OUT_OFFSET;
const W_NET_IN = NET_IN_OFFSET;

const J_WAITING = 0;
const J_ACTIVE = 1;
const J_DONE = 2;

const EPS_T = 1e-9;

/**
 * The discrete-event engine (architecture.md: `simulate(cluster, workload, scheduler, options)`).
 * Pending events stay proportional to hosts, not tasks: each host has one "next completion" event,
 * re-computed when its load changes (stale ones are dropped by version); regular heartbeats and
 * arrivals are walked by cursors instead of being queued.
 */
export class Simulation implements ClusterView {
  now = 0;
  readonly topology: Topology;
  readonly random: Random;
  private readonly jobs: EngineJob[];
  private readonly options: SimulationOptions;
  private readonly scheduler: Scheduler;
  private readonly tasks: TaskTable;
  private readonly at = new AttemptStore(256);
  private readonly heap = new EventHeap(1024);
  private readonly sharing: HostSharing;
  private readonly work: PhaseWorkContext;
  private readonly records = new AttemptRecords();
  private readonly reasons: string[] = [];
  private readonly reasonIndex = new Map<string, number>();
  private readonly series: SeriesRecorder;
  private readonly clock?: () => number;

  // Jobs.
  private readonly jobState: Uint8Array;
  private readonly jobSubmit: Float64Array;
  private readonly jobStart: Float64Array;
  private readonly jobMapEnd: Float64Array;
  private readonly jobFinish: Float64Array;
  private readonly jobFailed: Uint8Array;
  private readonly jobMapsDone: Int32Array;
  private readonly jobReducesDone: Int32Array;
  private readonly jobRunMaps: Int32Array;
  private readonly jobRunReduces: Int32Array;
  private readonly jobPendMaps: Int32Array;
  private readonly jobPendReduces: Int32Array;
  private readonly jobDepsLeft: Int32Array;
  private readonly jobAmNode: Int32Array;
  private readonly jobAmMemory: Float64Array;
  private readonly jobAmVcores: Float64Array;
  private readonly jobAttempts: Set<number>[];
  private readonly jobIndex: (JobMapIndex | undefined)[];
  private readonly jobReduceQueue: number[][];
  private readonly dependents: number[][];
  private active: number[] = [];
  private activeDirty = false;
  private readonly arrivalOrder: number[];
  private arrivalCursor = 0;
  private jobsDone = 0;
  private pendingTotal = 0;
  private version = 0;

  // Nodes and hosts.
  private readonly alive: Uint8Array;
  private readonly nodeLost: Uint8Array;
  private readonly nodeRunMaps: Int32Array;
  private readonly nodeRunReduces: Int32Array;
  private readonly nodeMemory: Float64Array;
  private readonly nodeVcores: Float64Array;
  /** Attempts cut off by a node's death, ended when the master notices (per node, rarely used). */
  private readonly lostAttempts = new Map<number, number[]>();
  private readonly hostList: number[][];
  private readonly hostVersion: Int32Array;
  private readonly hostLast: Float64Array;
  private readonly hostDirty: Uint8Array;
  private readonly hostUp: Int32Array;
  private readonly hostUse: Float64Array; // 4 per host: cpu, disk, in, out
  private readonly dirtyHosts: number[] = [];
  private readonly finishedScratch: number[] = [];
  /** Why a paused phase was allowed to start (PRISM's decisions after the launch). */
  private readonly resumeReasons: { record: number; phase: number; time: number; reason: number }[] = [];
  private readonly profiles = new ProfileAccumulator();
  private readonly ioScratch: PhaseIo = { cpuS: 0, hdfsReadMb: 0, hdfsWriteMb: 0, fsReadMb: 0, fsWriteMb: 0, fetchMb: 0 };
  private readonly rackUpIn: Int32Array;
  private readonly rackUpOut: Int32Array;
  private readonly rackChanged: Uint8Array;
  private readonly changedRacks: number[] = [];
  /** Per host: the largest uplink use of one of its flows (in, out), and whether a flow is held by the share. */
  private readonly hostUpUse: Float64Array;
  private readonly hostUpCapped: Uint8Array;

  private readonly beats: HeartbeatRounds;

  // Integrals for mean utilisation.
  private lastT = 0;
  private use = { cpu: 0, disk: 0, net: 0, memory: 0 };
  private integral = { cpu: 0, disk: 0, net: 0, memory: 0 };
  private events = 0;
  private schedulerCalls = 0;
  private schedulerSeconds = 0;
  private failedAttempts = 0;
  private killedAttempts = 0;
  private readonly localityCounts = [0, 0, 0, 0, 0];
  /** Per job, map attempts (speculative copies aside) by locality level: node, server, rack, off-rack, no input. */
  private readonly jobLocality: Int32Array;
  private readonly usageScratch: HostUsage = { cpuCores: 0, diskMBps: 0, diskStreams: 0, netInMBps: 0, netOutMBps: 0 };
  private readonly remote: RemoteReads;
  private readonly found = { level: Locality.Node as Locality };
  private readonly attemptRandom: Random;
  private readonly onProgress?: SimulationInput['onProgress'];
  private readonly afterEvent?: SimulationInput['afterEvent'];
  private readonly until?: SimulationInput['until'];
  private readonly progressEvery: number;
  private cancelled = false;
  /** Set when nothing runs, nothing is queued and heartbeats keep placing nothing: the run cannot go on. */
  private stalled = false;
  private launches = 0;
  /** Last time a phase ended, a task launched or a phase was allowed to start. */
  private lastProgress = 0;

  constructor(input: SimulationInput) {
    const { topology, jobs, options, seed } = input;
    this.topology = topology;
    this.jobs = jobs;
    this.options = options;
    this.scheduler = input.scheduler;
    this.clock = input.clock;
    this.onProgress = input.onProgress;
    this.afterEvent = input.afterEvent;
    this.until = input.until;
    this.progressEvery = input.progressEvery ?? 200_000;
    this.random = new Random(seed, 'scheduler');
    this.attemptRandom = new Random(seed, 'attempts');
    this.tasks = buildTaskTable(jobs, topology, {
      variation: new Random(seed, 'variation'),
      skew: new Random(seed, 'skew'),
      placement: new Random(seed, 'placement'),
    });
    this.sharing = new HostSharing(topology, this.at, options.contention, options.diskThrashing);
    this.work = { topo: topology, dom0CpuPerMb: options.dom0CpuPerMb };

    const J = jobs.length;
    this.jobState = new Uint8Array(J);
    this.jobSubmit = new Float64Array(J).fill(NaN);
    this.jobStart = new Float64Array(J).fill(NaN);
    this.jobMapEnd = new Float64Array(J).fill(NaN);
    this.jobLocality = new Int32Array(J * 5);
    this.jobFinish = new Float64Array(J).fill(NaN);
    this.jobFailed = new Uint8Array(J);
    this.jobMapsDone = new Int32Array(J);
    this.jobReducesDone = new Int32Array(J);
    this.jobRunMaps = new Int32Array(J);
    this.jobRunReduces = new Int32Array(J);
    this.jobPendMaps = new Int32Array(J);
    this.jobPendReduces = new Int32Array(J);
    this.jobDepsLeft = new Int32Array(J);
    this.jobAmNode = new Int32Array(J).fill(-1);
    this.jobAmMemory = new Float64Array(J);
    this.jobAmVcores = new Float64Array(J);
    this.jobAttempts = jobs.map(() => new Set<number>());
    this.jobIndex = new Array(J).fill(undefined);
    this.jobReduceQueue = jobs.map(() => []);
    this.dependents = jobs.map(() => []);
    jobs.forEach((j, i) => {
      this.jobDepsLeft[i] = j.dependsOn.length;
      for (const d of j.dependsOn) this.dependents[d].push(i);
    });
    this.arrivalOrder = jobs
      .map((_, i) => i)
      .filter((i) => jobs[i].dependsOn.length === 0)
      .sort((a, b) => jobs[a].submit - jobs[b].submit || a - b);

    const N = topology.nodeCount;
    const H = topology.hostCount;
    this.alive = new Uint8Array(N).fill(1);
    this.nodeLost = new Uint8Array(N);
    this.nodeRunMaps = new Int32Array(N);
    this.nodeRunReduces = new Int32Array(N);
    this.nodeMemory = new Float64Array(N);
    this.nodeVcores = new Float64Array(N);
    this.hostList = Array.from({ length: H }, () => []);
    this.hostVersion = new Int32Array(H);
    this.hostLast = new Float64Array(H);
    this.hostDirty = new Uint8Array(H);
    this.hostUp = new Int32Array(H);
    this.hostUse = new Float64Array(H * 4);
    this.rackUpIn = new Int32Array(topology.rackCount);
    this.rackUpOut = new Int32Array(topology.rackCount);
    this.rackChanged = new Uint8Array(topology.rackCount);
    this.hostUpUse = new Float64Array(H * 2);
    this.hostUpCapped = new Uint8Array(H);
    this.remote = new RemoteReads(H, topology.hostDiskMBps, topology.hostDisks, options.diskThrashing);

    const expected = Math.max(60, ...jobs.map((j) => j.submit)) * 2;
    this.series = new SeriesRecorder(options.sampleIntervalS ?? Math.max(1, expected / 400));
    this.beats = new HeartbeatRounds(N, this.heartbeatInterval, options.heartbeatOrder, seed);
    this.scheduleFailures(seed);
  }

  // ---------------------------------------------------------------- main loop

  /** The regular heartbeat interval in force (model.md "Scheduling"; Hadoop 1's scaling rule). */
  get heartbeatInterval(): number {
    const perSecond = this.options.maxHeartbeatsPerSecond;
    return perSecond > 0 ? Math.max(this.options.heartbeatS, this.topology.nodeCount / perSecond) : this.options.heartbeatS;
  }

  run(): EngineRunResult {
    const H = this.heartbeatInterval;
    const horizon = this.options.horizonS ?? Infinity;
    const total = this.jobs.length;
    while (this.jobsDone < total && !this.cancelled) {
      const tHeap = this.heap.peekTime();
      const tArrival = this.arrivalCursor < this.arrivalOrder.length ? this.jobs[this.arrivalOrder[this.arrivalCursor]].submit : Infinity;
      // Nothing runs and nothing is queued: skip idle heartbeats up to the next happening.
      if (this.at.liveCount === 0 && !this.anyPending()) {
        const next = Math.min(tHeap, tArrival);
        if (!Number.isFinite(next)) break; // nothing can ever happen again (e.g. a dependency failed)
        if (this.beats.nextTime < next) this.beats.skipTo(next);
      }
      // The earliest of: a queued event, the next arrival, the next regular heartbeat. At equal
      // times the lower priority goes first (completions, failures, arrivals, heartbeats).
      const tBeat = this.beats.nextTime;
      const pHeap = this.heap.peekPriority();
      let t = tHeap;
      let p = pHeap;
      let which: 0 | 1 | 2 = 0;
      if (tArrival < t || (tArrival === t && PRIORITY[K_RELEASE] < p)) {
        t = tArrival;
        p = PRIORITY[K_RELEASE];
        which = 1;
      }
      if (tBeat < t || (tBeat === t && PRIORITY[K_BEAT] < p)) {
        t = tBeat;
        which = 2;
      }
      if (t > horizon) break;
      // A day of simulated time with running attempts but no phase ending, nothing launched and no
      // phase allowed to start: the scheduler has wedged itself (e.g. paused phases that never fit).
      if (t - this.lastProgress > Math.max(86_400, 1000 * H) && this.at.liveCount > 0) {
        this.stalled = true;
        break;
      }
      // Nothing running, nothing queued, no job to come, and nothing placed for ten minutes of
      // simulated time (longer than any locality wait): the scheduler cannot place the remaining
      // work (e.g. a container larger than any node).
      if (which === 2 && this.at.liveCount === 0 && this.heap.size === 0 && this.arrivalCursor >= this.arrivalOrder.length && t - this.lastProgress > Math.max(600, 20 * H)) {
        this.stalled = true;
        break;
      }
      this.advanceClock(t);
      this.events++;
      if (which === 0) {
        this.heap.pop();
        this.handleEvent(this.heap.topKind, this.heap.topSubject, this.heap.topVersion);
      } else if (which === 1) {
        const j = this.arrivalOrder[this.arrivalCursor++];
        this.submitJob(j);
      } else {
        const node = this.beats.take();
        if (this.alive[node]) this.heartbeat(node);
      }
      if (this.dirtyHosts.length || this.changedRacks.length) this.flushDirtyHosts();
      if (this.afterEvent) this.afterEvent(this);
      if (this.until && this.until()) break;
      if (this.onProgress && this.events % this.progressEvery === 0) {
        if (this.onProgress({ simTime: this.now, events: this.events, jobsDone: this.jobsDone, jobsTotal: total })) this.cancelled = true;
      }
    }
    return this.finish();
  }

  private anyPending(): boolean {
    return this.pendingTotal > 0;
  }

  stateVersion(): number {
    return this.version;
  }

  pendingTasks(): number {
    return this.pendingTotal;
  }

  private advanceClock(t: number): void {
    const dt = t - this.lastT;
    if (dt > 0) {
      this.integral.cpu += this.use.cpu * dt;
      this.integral.disk += this.use.disk * dt;
      this.integral.net += this.use.net * dt;
      this.integral.memory += this.use.memory * dt;
      if (t >= this.series.next) this.series.advance(t, this);
      this.lastT = t;
    }
    this.now = t;
  }

  private handleEvent(kind: number, subject: number, version: number): void {
    switch (kind) {
      case K_HOST:
        if (version === this.hostVersion[subject]) this.hostCompletion(subject);
        break;
      case K_FAIL:
        this.failNode(subject);
        break;
      case K_DETECT:
        this.detectLostNode(subject);
        break;
      case K_REPLENISH:
        this.replenishNode(subject);
        break;
      case K_RELEASE:
        this.submitJob(subject);
        break;
      case K_BEAT:
        if (this.alive[subject]) this.heartbeat(subject);
        break;
    }
  }

  private heartbeat(node: number): void {
    if (this.active.length === 0) return;
    this.schedulerCalls++;
    if (this.clock) {
      const t0 = this.clock();
      this.scheduler.onHeartbeat(node, this);
      this.schedulerSeconds += (this.clock() - t0) / 1000;
    } else {
      this.scheduler.onHeartbeat(node, this);
    }
  }

  // ---------------------------------------------------------------- jobs

  private submitJob(j: number): void {
    if (this.jobState[j] !== J_WAITING) return;
    this.jobState[j] = J_ACTIVE;
    this.jobSubmit[j] = this.now;
    this.jobPendMaps[j] = this.tasks.jobMapCount[j];
    this.jobPendReduces[j] = this.tasks.jobReduceCount[j];
    this.pendingTotal += this.jobPendMaps[j] + this.jobPendReduces[j];
    const first = this.tasks.jobFirstTask[j];
    this.jobIndex[j] = new JobMapIndex(this.tasks, this.topology, first, this.tasks.jobMapCount[j]);
    const q = this.jobReduceQueue[j];
    for (let r = 0; r < this.tasks.jobReduceCount[j]; r++) q.push(first + this.tasks.jobMapCount[j] + r);
    q.reverse(); // popped from the end, in task order
    this.active.push(j);
    this.version++;
    this.lastProgress = this.now;
    this.scheduler.onJobSubmitted?.(j, this);
    if (this.tasks.jobMapCount[j] + this.tasks.jobReduceCount[j] === 0) this.completeJob(j, false);
  }

  private completeJob(j: number, failed: boolean): void {
    if (this.jobState[j] === J_DONE) return;
    this.jobState[j] = J_DONE;
    this.jobFinish[j] = this.now;
    this.jobFailed[j] = failed ? 1 : 0;
    this.jobsDone++;
    this.version++;
    for (const a of [...this.jobAttempts[j]]) this.endAttempt(a, 2);
    if (failed) {
      for (let t = this.tasks.jobFirstTask[j]; t < this.tasks.jobFirstTask[j + 1]; t++) if (this.tasks.state[t] !== TaskState.Done) this.tasks.state[t] = TaskState.Dead;
    }
    const am = this.jobAmNode[j];
    if (am >= 0) {
      // A dead node's reservations are cleared when it is declared lost.
      if (this.alive[am]) {
        this.nodeMemory[am] -= this.jobAmMemory[j];
        this.nodeVcores[am] -= this.jobAmVcores[j];
      }
      this.use.memory -= this.jobAmMemory[j] / this.topology.totalMemoryMb;
      this.jobAmNode[j] = -1;
    }
    this.pendingTotal -= this.jobPendMaps[j] + this.jobPendReduces[j];
    this.jobPendMaps[j] = 0;
    this.jobPendReduces[j] = 0;
    this.jobIndex[j] = undefined;
    this.jobReduceQueue[j] = [];
    this.active = this.active.filter((x) => x !== j);
    this.scheduler.onJobFinished?.(j, this);
    for (const d of this.dependents[j]) {
      if (failed) {
        // A workflow step whose input never came cannot run: it fails too, at once.
        this.jobState[d] = J_ACTIVE;
        this.jobSubmit[d] = this.now;
        this.active.push(d);
        this.completeJob(d, true);
      } else if (--this.jobDepsLeft[d] === 0) {
        this.heap.push(Math.max(this.now, this.jobs[d].submit), PRIORITY[K_RELEASE], K_RELEASE, d, 0);
      }
    }
  }

  // ---------------------------------------------------------------- attempts

  launch(task: number, node: number, reason: string | (() => string), options?: { memoryMb?: number; vcores?: number; speculative?: boolean }): boolean {
    const tasks = this.tasks;
    const speculative = options?.speculative ?? false;
    if (!this.alive[node]) return false;
    const j = tasks.job[task];
    if (this.jobState[j] !== J_ACTIVE) return false;
    if (speculative ? tasks.state[task] !== TaskState.Running : tasks.state[task] !== TaskState.Pending) return false;
    const isReduce = tasks.isReduce[task] === 1;
    if (isReduce && !speculative) {
      const q = this.jobReduceQueue[j];
      const at = q.lastIndexOf(task);
      if (at >= 0) q.splice(at, 1);
    }
    const job = this.jobs[j];
    const memory = options?.memoryMb ?? (isReduce ? job.template.reduceMemoryMb : job.template.mapMemoryMb);
    const vcores = options?.vcores ?? 1;
    const a = this.at.create();
    this.launches++;
    this.lastProgress = this.now;
    this.version++;
    const host = this.topology.nodeHost[node];
    this.touchHost(host);
    this.at.task[a] = task;
    this.at.node[a] = node;
    this.at.host[a] = host;
    this.at.start[a] = this.now;
    this.at.phaseStart[a] = this.now;
    this.at.memoryMb[a] = memory;
    this.at.vcores[a] = vcores;
    this.at.speculative[a] = speculative ? 1 : 0;
    const locality = isReduce ? Locality.None : (this.jobIndex[j]?.localityOf(task, node) ?? Locality.None);
    this.at.locality[a] = locality;
    if (!speculative && !isReduce) {
      this.localityCounts[locality]++;
      this.jobLocality[j * 5 + locality]++;
    }
    this.nodeMemory[node] += memory;
    this.nodeVcores[node] += vcores;
    this.use.memory += memory / this.topology.totalMemoryMb;
    // A node asked to hold more than it has: the attempt dies, as an over-committed task does.
    if (this.nodeMemory[node] > this.topology.nodeMemoryMb[node] + 1e-6) this.at.doomed[a] = 1;
    if (this.options.taskFailureProbability > 0 && this.attemptRandom.next() < this.options.taskFailureProbability) this.at.doomed[a] = 1;
    if (!speculative) {
      tasks.state[task] = TaskState.Running;
      tasks.attempts[task]++;
      if (isReduce) this.jobPendReduces[j]--;
      else this.jobPendMaps[j]--;
      this.pendingTotal--;
    }
    tasks.running[task]++;
    if (isReduce) {
      this.jobRunReduces[j]++;
      this.nodeRunReduces[node]++;
    } else {
      this.jobRunMaps[j]++;
      this.nodeRunMaps[node]++;
    }
    if (Number.isNaN(this.jobStart[j])) this.jobStart[j] = this.now;
    this.jobAttempts[j].add(a);
    if (this.options.recordAttempts) this.at.record[a] = this.records.add(task, node, this.now, locality, speculative, this.internReason(typeof reason === 'string' ? reason : reason()));
    this.startPhase(a, isReduce ? PhaseKind.Shuffle : PhaseKind.Map);
    return true;
  }

  private internReason(reason: string): number {
    let i = this.reasonIndex.get(reason);
    if (i === undefined) {
      i = this.reasons.length;
      this.reasons.push(reason);
      this.reasonIndex.set(reason, i);
    }
    return i;
  }

  private startPhase(a: number, phase: PhaseKind): void {
    const at = this.at;
    const task = at.task[a];
    const j = this.tasks.job[task];
    const host = at.host[a];
    this.setUplinkWork(a, false);
    this.detachSource(a);
    at.phase[a] = phase;
    at.prog[a] = 0;
    at.phaseStart[a] = this.now;
    phaseWork(this.work, this.jobs[j], phase, this.tasks.size[task], this.tasks.factor[task], at.locality[a], at.node[a], at.work, a * W_SIZE);
    if (phase === PhaseKind.Map) this.attachSource(a);
    at.lim[a] = phase === PhaseKind.Shuffle ? this.shuffleLimit(j) : 1;
    if (at.hostSlot[a] < 0 || this.hostList[host][at.hostSlot[a]] !== a) {
      at.hostSlot[a] = this.hostList[host].length;
      this.hostList[host].push(a);
    }
    this.setUplinkWork(a, true);
    this.markDirty(host);
  }

  /** Fraction of a shuffle that can have been fetched: the share of the job's maps that are done. */
  private shuffleLimit(j: number): number {
    const maps = this.tasks.jobMapCount[j];
    if (maps === 0 || this.jobMapsDone[j] >= maps) return 1;
    // Never 1 while a map is missing: a shuffle cannot end before the last map does.
    return Math.min(this.jobMapsDone[j] / maps, 1 - 1e-6);
  }

  /** Count the attempt in (or out of) its rack's cross-rack flows; the rack's hosts are re-rated. */
  private setUplinkWork(a: number, add: boolean): void {
    // Only attempts attached to a host count (one on a dead node was already taken out). Without
    // contention a flow has the uplink to itself, so the rack's flows need no counting.
    if (this.at.alive[a] !== 1 || this.at.hostSlot[a] < 0 || this.options.contention === 'none') return;
    const w = a * W_SIZE;
    const upIn = this.at.work[w + W_UP_IN] > 0;
    const upOut = this.at.work[w + W_UP_OUT] > 0;
    if (!upIn && !upOut) return;
    const host = this.at.host[a];
    const rack = this.topology.hostRack[host];
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
   * A rack's uplink share per flow changed: re-rate only the hosts it can affect — those whose
   * flows were held by the old share (they may speed up) and those using more than the new one.
   */
  private rerateRacks(): void {
    const topo = this.topology;
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

  /** End an attempt: 0 succeeded, 1 failed, 2 killed. */
  private endAttempt(a: number, outcome: 0 | 1 | 2): void {
    const at = this.at;
    if (!at.alive[a]) return;
    const task = at.task[a];
    const node = at.node[a];
    const host = at.host[a];
    const j = this.tasks.job[task];
    this.touchHost(host);
    this.setUplinkWork(a, false);
    this.removeFromHost(a);
    const r = at.record[a];
    if (r >= 0) {
      this.records.end[r] = this.now;
      this.records.outcome[r] = outcome;
    }
    this.nodeMemory[node] -= at.memoryMb[a];
    this.nodeVcores[node] -= at.vcores[a];
    this.use.memory -= at.memoryMb[a] / this.topology.totalMemoryMb;
    this.tasks.running[task]--;
    if (this.tasks.isReduce[task]) {
      this.jobRunReduces[j]--;
      this.nodeRunReduces[node]--;
    } else {
      this.jobRunMaps[j]--;
      this.nodeRunMaps[node]--;
    }
    this.jobAttempts[j].delete(a);
    this.version++;
    if (outcome === 1) this.failedAttempts++;
    if (outcome === 2) this.killedAttempts++;
    at.release(a);
    // The last attempt of a running task went away without finishing it: the task is pending again.
    if (outcome !== 0 && this.tasks.state[task] === TaskState.Running && this.tasks.running[task] === 0 && this.jobState[j] === J_ACTIVE) {
      if (outcome === 1 && this.tasks.attempts[task] >= this.options.maxAttempts) {
        this.completeJob(j, true);
        return;
      }
      this.requeueTask(task);
    }
  }

  private requeueTask(task: number): void {
    const j = this.tasks.job[task];
    this.tasks.state[task] = TaskState.Pending;
    this.pendingTotal++;
    if (this.tasks.isReduce[task]) {
      this.jobPendReduces[j]++;
      this.jobReduceQueue[j].push(task);
    } else {
      this.jobPendMaps[j]++;
      this.jobIndex[j]?.add(task);
    }
  }

  /**
   * A map reading its split from another server reads it from that server's disk: the replica
   * host (in its rack when rack-local) whose disk is least loaded, as HDFS spreads reads.
   */
  private attachSource(a: number): void {
    const at = this.at;
    const locality = at.locality[a];
    if (this.options.contention === 'none' || (locality !== Locality.Rack && locality !== Locality.OffRack) || at.work[a * W_SIZE + W_NET_IN] <= 0) return;
    const topo = this.topology;
    const r = this.tasks.replication;
    const task = at.task[a];
    const readerRack = topo.hostRack[at.host[a]];
    const candidates: number[] = [];
    for (let k = 0; k < r; k++) {
      const node = this.tasks.replicas[task * r + k];
      if (node < 0 || !this.alive[node]) continue;
      const h = topo.nodeHost[node];
      if (locality === Locality.Rack && topo.hostRack[h] !== readerRack) continue;
      if (!candidates.includes(h)) candidates.push(h);
    }
    const source = this.remote.choose(candidates);
    if (source < 0) return;
    this.remote.attach(a, source);
    this.sourceChanged(source);
  }

  private detachSource(a: number): void {
    const source = this.remote.detach(a);
    if (source >= 0) this.sourceChanged(source);
  }

  /** A disk's remote readers changed: it and every host reading from it are re-rated. */
  private sourceChanged(source: number): void {
    this.markDirty(source);
    for (const reader of this.remote.readers(source)) this.markDirty(this.at.host[reader]);
  }

  private removeFromHost(a: number): void {
    this.detachSource(a);
    const list = this.hostList[this.at.host[a]];
    const slot = this.at.hostSlot[a];
    if (list[slot] !== a) return;
    const last = list.pop()!;
    if (last !== a) {
      list[slot] = last;
      this.at.hostSlot[last] = slot;
    }
    this.at.hostSlot[a] = -1;
  }

  // ---------------------------------------------------------------- hosts and rates

  /** Bring a host's attempts' progress up to now before anything about the host changes. */
  private touchHost(h: number): void {
    const dt = this.now - this.hostLast[h];
    if (dt > 0) {
      const list = this.hostList[h];
      const at = this.at;
      for (let i = 0; i < list.length; i++) {
        const a = list[i];
        const p = at.prog[a] + at.rate[a] * dt;
        at.prog[a] = p > at.lim[a] ? at.lim[a] : p;
      }
    }
    this.hostLast[h] = this.now;
    this.markDirty(h);
  }

  private markDirty(h: number): void {
    if (this.hostLast[h] !== this.now) this.touchHost(h);
    if (!this.hostDirty[h]) {
      this.hostDirty[h] = 1;
      this.dirtyHosts.push(h);
    }
  }

  private flushDirtyHosts(): void {
    const topo = this.topology;
    if (this.changedRacks.length) this.rerateRacks();
    const dirty = this.dirtyHosts;
    for (let i = 0; i < dirty.length; i++) {
      const h = dirty[i];
      this.hostDirty[h] = 0;
      const list = this.hostList[h];
      const rack = topo.hostRack[h];
      const shareIn = topo.rackUplinkMBps[rack] / Math.max(1, this.rackUpIn[rack]);
      const shareOut = topo.rackUplinkMBps[rack] / Math.max(1, this.rackUpOut[rack]);
      const u = this.usageScratch;
      this.sharing.rate(h, list, shareIn, shareOut, u, this.remote);
      if (this.remote.onStreams(h, u.diskStreams)) for (const reader of this.remote.readers(h)) this.markDirty(this.at.host[reader]);
      const o = h * 4;
      this.use.cpu += (u.cpuCores - this.hostUse[o]) / topo.totalCores;
      this.use.disk += (u.diskMBps - this.hostUse[o + 1]) / this.totalDisk;
      this.use.net += (u.netInMBps + u.netOutMBps - this.hostUse[o + 2] - this.hostUse[o + 3]) / this.totalNet;
      this.hostUse[o] = u.cpuCores;
      this.hostUse[o + 1] = u.diskMBps;
      this.hostUse[o + 2] = u.netInMBps;
      this.hostUse[o + 3] = u.netOutMBps;
      let next = Infinity;
      const at = this.at;
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
        if (r <= 0) continue;
        const t = (at.lim[a] - at.prog[a]) / r;
        if (t < next) next = t;
      }
      this.hostUpUse[h * 2] = upIn;
      this.hostUpUse[h * 2 + 1] = upOut;
      this.hostUpCapped[h] = capped;
      this.hostVersion[h]++;
      if (next < Infinity) this.heap.push(this.now + Math.max(0, next), PRIORITY[K_HOST], K_HOST, h, this.hostVersion[h]);
    }
    dirty.length = 0;
  }

  private get totalDisk(): number {
    if (this._totalDisk === 0) for (let h = 0; h < this.topology.hostCount; h++) this._totalDisk += this.topology.hostDiskMBps[h];
    return this._totalDisk;
  }
  private _totalDisk = 0;
  private get totalNet(): number {
    if (this._totalNet === 0) for (let h = 0; h < this.topology.hostCount; h++) this._totalNet += 2 * this.topology.hostNicMBps[h];
    return this._totalNet;
  }
  private _totalNet = 0;

  private hostCompletion(h: number): void {
    this.touchHost(h);
    const list = this.hostList[h];
    const at = this.at;
    // Collect first: finishing a phase changes the list.
    const finished = this.finishedScratch;
    finished.length = 0;
    const eps = EPS_T * Math.max(1, this.now);
    for (let i = 0; i < list.length; i++) {
      const a = list[i];
      if (at.rate[a] <= 0 || (at.lim[a] - at.prog[a]) / at.rate[a] > eps) continue;
      // Reached its target within clock precision: snap, so a phase never creeps in vanishing steps.
      at.prog[a] = at.lim[a];
      if (at.lim[a] >= 1) finished.push(a);
    }
    for (let i = 0; i < finished.length; i++) if (at.alive[finished[i]]) this.phaseDone(finished[i]);
  }

  private phaseDone(a: number): void {
    const at = this.at;
    this.lastProgress = this.now;
    const task = at.task[a];
    const j = this.tasks.job[task];
    const r = at.record[a];
    if (r >= 0) this.records.phaseEnd[r * 5 + at.phase[a]] = this.now;
    if (at.doomed[a]) {
      this.endAttempt(a, 1);
      this.outOfBandBeat(at.node[a]);
      return;
    }
    const phase = at.phase[a] as PhaseKind;
    const job = this.jobs[j];
    const io = phaseIo(job, phase, this.tasks.size[task], this.tasks.factor[task], this.ioScratch);
    const speed = this.topology.hostSpeed[at.host[a]];
    this.profiles.addPhase(job.template.name, phase, this.now - at.phaseStart[a], io.cpuS / speed, io.fsReadMb + io.fsWriteMb, io.hdfsReadMb + io.hdfsWriteMb, io.fetchMb, at.memoryMb[a]);
    let next: PhaseKind | -1 = -1;
    if (phase === PhaseKind.Map) next = this.tasks.jobReduceCount[j] > 0 ? PhaseKind.Merge : -1;
    else if (phase === PhaseKind.Shuffle) next = PhaseKind.Sort;
    else if (phase === PhaseKind.Sort) next = PhaseKind.Reduce;
    if (next !== -1) {
      if (this.scheduler.gatesPhases) this.pausePhase(a, next);
      else this.startPhase(a, next);
      return;
    }
    this.taskDone(a);
  }

  /**
   * The attempt finished a phase and waits for permission to start `next` (PRISM sec. 4, Fig. 5):
   * it keeps its container (memory) but uses no CPU, disk or network until resumed.
   */
  private pausePhase(a: number, next: PhaseKind): void {
    const at = this.at;
    this.setUplinkWork(a, false);
    this.detachSource(a);
    at.phase[a] = next;
    at.paused[a] = 1;
    at.pausedSince[a] = this.now;
    at.prog[a] = 0;
    at.lim[a] = 0;
    for (let k = 0; k < W_SIZE; k++) at.work[a * W_SIZE + k] = 0;
    this.markDirty(at.host[a]);
    this.version++;
    // The node asks the scheduler at once, as it would for a finished task.
    this.outOfBandBeat(at.node[a]);
  }

  resumePhase(a: number, reason: string | (() => string)): boolean {
    const at = this.at;
    if (!at.alive[a] || !at.paused[a] || !this.alive[at.node[a]]) return false;
    at.paused[a] = 0;
    this.lastProgress = this.now;
    this.touchHost(at.host[a]);
    this.startPhase(a, at.phase[a] as PhaseKind);
    this.version++;
    if (at.record[a] >= 0 && this.options.recordAttempts) this.resumeReasons.push({ record: at.record[a], phase: at.phase[a], time: this.now, reason: this.internReason(typeof reason === 'string' ? reason : reason()) });
    return true;
  }

  nodeUsage(n: number): NodeUsage {
    const topo = this.topology;
    const host = topo.nodeHost[n];
    const at = this.at;
    const u: NodeUsage = { cu: 0, ca: 0, c0: 0, ru: 0, wu: 0, ra: 0, wa: 0, iou: 0 };
    const speed = topo.hostSpeed[host];
    let disk = 0;
    let streams = 0;
    for (const a of this.hostList[host]) {
      const r = at.rate[a];
      if (r <= 0 || r >= 1e9) continue;
      const task = at.task[a];
      const io = phaseIo(this.jobs[this.tasks.job[task]], at.phase[a] as PhaseKind, this.tasks.size[task], this.tasks.factor[task], this.ioScratch);
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
    for (const a of this.remote.readers(host)) {
      const readRate = at.rate[a] * at.work[a * W_SIZE + W_NET_IN];
      if (readRate <= 0 || at.rate[a] >= 1e9) continue;
      streams++;
      disk += readRate;
      u.ra += readRate;
    }
    if (topo.hostHasVms[host]) u.c0 = (this.options.dom0CpuPerMb * disk) / speed;
    // I/O utilisation as iostat reports it: the share of time the disks are busy, i.e. throughput
    // over what they deliver at this many streams — a seek-bound disk is fully busy at a few MB/s.
    const full = topo.hostDiskMBps[host];
    const deliverable = this.options.contention === 'full' ? diskBandwidthMBps(full, streams, topo.hostDisks[host], this.options.diskThrashing) : full;
    u.iou = Math.min(1, disk / deliverable);
    return u;
  }

  attemptPhase(a: number): PhaseKind {
    return this.at.phase[a] as PhaseKind;
  }
  attemptPaused(a: number): boolean {
    return this.at.paused[a] === 1;
  }

  attemptsOnNode(n: number) {
    const out: ReturnType<ClusterView['attemptsOnNode']> = [];
    const at = this.at;
    for (const a of this.hostList[this.topology.nodeHost[n]]) {
      if (at.node[a] !== n) continue;
      const task = at.task[a];
      const waiting = at.paused[a] === 0 && at.phase[a] === PhaseKind.Shuffle && at.lim[a] < 1 && at.prog[a] >= at.lim[a] - 1e-12;
      out.push({ attempt: a, task, job: this.tasks.job[task], phase: at.phase[a] as PhaseKind, paused: at.paused[a] === 1, waiting, pausedSince: at.pausedSince[a], isReduce: this.tasks.isReduce[task] === 1, locality: at.locality[a] as Locality });
    }
    return out;
  }

  private taskDone(a: number): void {
    const at = this.at;
    const task = at.task[a];
    const node = at.node[a];
    const j = this.tasks.job[task];
    const isReduce = this.tasks.isReduce[task] === 1;
    this.tasks.state[task] = TaskState.Done;
    if (!isReduce) this.tasks.outputNode[task] = node;
    const counters = this.taskCounters(a);
    this.profiles.addTask(this.jobs[j].template.name, counters);
    this.scheduler.onTaskFinished?.(task, counters, this);
    this.endAttempt(a, 0);
    // Speculative twins lose the race.
    if (this.tasks.running[task] > 0) for (const other of [...this.jobAttempts[j]]) if (at.task[other] === task) this.endAttempt(other, 2);
    if (isReduce) this.jobReducesDone[j]++;
    else {
      this.jobMapsDone[j]++;
      if (this.jobMapsDone[j] === this.tasks.jobMapCount[j]) this.jobMapEnd[j] = this.now;
      this.updateShuffleLimits(j);
    }
    if (this.jobMapsDone[j] === this.tasks.jobMapCount[j] && this.jobReducesDone[j] === this.tasks.jobReduceCount[j]) this.completeJob(j, false);
    this.outOfBandBeat(node);
  }

  /** The counters a finished attempt reports (Hadoop's CPU time and FileSystem / HDFS bytes). */
  private taskCounters(a: number): TaskCounters {
    const at = this.at;
    const task = at.task[a];
    const job = this.jobs[this.tasks.job[task]];
    const isReduce = this.tasks.isReduce[task] === 1;
    const phases = isReduce ? [PhaseKind.Shuffle, PhaseKind.Sort, PhaseKind.Reduce] : job.reduces > 0 ? [PhaseKind.Map, PhaseKind.Merge] : [PhaseKind.Map];
    const host = at.host[a];
    const c: TaskCounters = { isReduce, wallSeconds: this.now - at.start[a], cpuSeconds: 0, fsReadMb: 0, fsWriteMb: 0, hdfsReadMb: 0, hdfsWriteMb: 0, fetchMb: 0, diskMBps: this.topology.hostDiskMBps[host] / this.topology.hostDisks[host], memoryMb: at.memoryMb[a] };
    for (const p of phases) {
      const io = phaseIo(job, p, this.tasks.size[task], this.tasks.factor[task], this.ioScratch);
      c.cpuSeconds += io.cpuS / this.topology.hostSpeed[host];
      c.fsReadMb += io.fsReadMb;
      c.fsWriteMb += io.fsWriteMb;
      c.hdfsReadMb += io.hdfsReadMb;
      c.hdfsWriteMb += io.hdfsWriteMb;
      c.fetchMb += io.fetchMb;
    }
    return c;
  }

  /** More map output exists: shuffles of the job may fetch further. */
  private updateShuffleLimits(j: number): void {
    if (this.tasks.jobReduceCount[j] === 0) return;
    const lim = this.shuffleLimit(j);
    const at = this.at;
    for (const a of this.jobAttempts[j]) {
      if (at.phase[a] !== PhaseKind.Shuffle || at.hostSlot[a] < 0) continue;
      if (lim >= at.lim[a] && at.rate[a] > 0) {
        // A shuffle still fetching keeps its rate: only the point where it would wait moves on.
        // Its host's pending event may now come early; it then finds nothing done and re-plans.
        at.lim[a] = lim;
        continue;
      }
      this.touchHost(at.host[a]);
      // What was fetched stays fetched, even if the map that made it has to run again.
      at.lim[a] = Math.max(at.prog[a], lim);
    }
  }

  private outOfBandBeat(node: number): void {
    if (this.options.outOfBandHeartbeat && this.alive[node]) this.heap.push(this.now, PRIORITY[K_BEAT], K_BEAT, node, 0);
  }

  // ---------------------------------------------------------------- failures

  private scheduleFailures(seed: number): void {
    const byName = new Map<string, number[]>();
    const topo = this.topology;
    for (let n = 0; n < topo.nodeCount; n++) byName.set(topo.nodeName[n], [n]);
    for (let h = 0; h < topo.hostCount; h++) {
      const nodes: number[] = [];
      for (let i = topo.hostNodeStart[h]; i < topo.hostNodeStart[h + 1]; i++) nodes.push(topo.hostNodeList[i]);
      if (!byName.has(topo.hostName[h])) byName.set(topo.hostName[h], nodes);
    }
    for (const f of this.options.failures) {
      const nodes = byName.get(f.node);
      if (!nodes) throw new Error(`failures: no node or host named "${f.node}"`);
      for (const n of nodes) this.heap.push(f.atS, PRIORITY[K_FAIL], K_FAIL, n, 0);
    }
    if (this.options.mtbfS) {
      const rng = new Random(seed, 'failures');
      for (let n = 0; n < topo.nodeCount; n++) this.heap.push(rng.exponential(this.options.mtbfS), PRIORITY[K_FAIL], K_FAIL, n, 0);
    }
  }

  private failNode(node: number): void {
    if (!this.alive[node]) return;
    this.alive[node] = 0;
    this.nodeLost[node] = 1;
    // Its attempts stop at once, but the master only learns of it after the time-out.
    const host = this.topology.nodeHost[node];
    this.touchHost(host);
    const lost = this.hostList[host].filter((a) => this.at.node[a] === node);
    for (const a of lost) {
      this.setUplinkWork(a, false);
      this.removeFromHost(a);
      this.at.rate[a] = 0;
    }
    this.lostAttempts.set(node, lost);
    this.heap.push(this.now + this.options.nodeTimeoutS, PRIORITY[K_DETECT], K_DETECT, node, 0);
  }

  private detectLostNode(node: number): void {
    // Still alive, still on this node and detached: not ended meanwhile (a recycled id would be attached).
    for (const a of this.lostAttempts.get(node) ?? []) if (this.at.alive[a] && this.at.node[a] === node && this.at.hostSlot[a] < 0) this.endAttempt(a, 2);
    this.lostAttempts.delete(node);
    // Finished maps whose output sat on the node must run again while their job still needs them.
    for (const j of [...this.active]) {
      if (this.tasks.jobReduceCount[j] === 0 || this.jobReducesDone[j] === this.tasks.jobReduceCount[j]) continue;
      const first = this.tasks.jobFirstTask[j];
      for (let t = first; t < first + this.tasks.jobMapCount[j]; t++) {
        if (this.tasks.state[t] === TaskState.Done && this.tasks.outputNode[t] === node) {
          this.tasks.outputNode[t] = -1;
          this.jobMapsDone[j]--;
          this.jobMapEnd[j] = NaN;
          this.requeueTask(t);
        }
      }
      this.updateShuffleLimits(j);
    }
    // Application masters on the node are lost with it; YARN starts a new attempt of each, which
    // the scheduler places like a new one (the job's finished tasks are kept).
    for (const j of this.active) {
      if (this.jobAmNode[j] !== node) continue;
      this.use.memory -= this.jobAmMemory[j] / this.topology.totalMemoryMb;
      this.jobAmNode[j] = -1;
      this.jobAmMemory[j] = 0;
      this.version++;
    }
    this.nodeMemory[node] = 0;
    this.nodeVcores[node] = 0;
    if (this.options.replenishAfterS) this.heap.push(this.now + this.options.replenishAfterS, PRIORITY[K_REPLENISH], K_REPLENISH, node, 0);
  }

  private replenishNode(node: number): void {
    this.alive[node] = 1;
    this.nodeLost[node] = 0;
    if (this.options.mtbfS) this.heap.push(this.now + this.attemptRandom.exponential(this.options.mtbfS), PRIORITY[K_FAIL], K_FAIL, node, 0);
  }

  // ---------------------------------------------------------------- ClusterView

  get activeJobs(): readonly number[] {
    return this.active;
  }
  job(j: number): EngineJob {
    return this.jobs[j];
  }
  jobSubmitTime(j: number): number {
    return this.jobSubmit[j];
  }
  pendingMaps(j: number): number {
    return this.jobPendMaps[j];
  }
  pendingReduces(j: number): number {
    return this.jobPendReduces[j];
  }
  runningMaps(j: number): number {
    return this.jobRunMaps[j];
  }
  runningReduces(j: number): number {
    return this.jobRunReduces[j];
  }
  mapsDone(j: number): number {
    return this.jobMapsDone[j];
  }
  reducesDone(j: number): number {
    return this.jobReducesDone[j];
  }
  reducesMayStart(j: number): boolean {
    const maps = this.tasks.jobMapCount[j];
    return maps === 0 || this.jobMapsDone[j] >= Math.ceil(this.options.slowstart * maps);
  }
  nodeAlive(n: number): boolean {
    return this.alive[n] === 1;
  }
  nodeRunningMaps(n: number): number {
    return this.nodeRunMaps[n];
  }
  nodeRunningReduces(n: number): number {
    return this.nodeRunReduces[n];
  }
  nodeMemoryUsedMb(n: number): number {
    return this.nodeMemory[n];
  }
  nodeVcoresUsed(n: number): number {
    return this.nodeVcores[n];
  }
  findMap(j: number, n: number, maxLevel: Locality, out: { level: Locality }, serverLocality: boolean): number {
    if (this.jobPendMaps[j] === 0) return -1;
    return this.jobIndex[j]?.find(n, maxLevel, out, serverLocality) ?? -1;
  }
  nextReduce(j: number): number {
    const q = this.jobReduceQueue[j];
    while (q.length && this.tasks.state[q[q.length - 1]] !== TaskState.Pending) q.pop();
    return q.length ? q[q.length - 1] : -1;
  }
  placeAppMaster(j: number, n: number, memoryMb: number, vcores: number): void {
    if (this.jobAmNode[j] >= 0) return;
    this.jobAmNode[j] = n;
    this.jobAmMemory[j] = memoryMb;
    this.jobAmVcores[j] = vcores;
    this.launches++;
    this.lastProgress = this.now;
    this.version++;
    this.nodeMemory[n] += memoryMb;
    this.nodeVcores[n] += vcores;
    this.use.memory += memoryMb / this.topology.totalMemoryMb;
  }
  appMasterNode(j: number): number {
    return this.jobAmNode[j];
  }
  runningAttempts(j: number) {
    const out: ReturnType<ClusterView['runningAttempts']> = [];
    for (const a of this.jobAttempts[j]) {
      const task = this.at.task[a];
      out.push({ attempt: a, task, node: this.at.node[a], start: this.at.start[a], progress: this.reportedProgress(a), speculative: this.at.speculative[a] === 1, isReduce: this.tasks.isReduce[task] === 1 });
    }
    return out;
  }
  jobOfTask(task: number): number {
    return this.tasks.job[task];
  }
  jobSucceeded(j: number): boolean {
    return this.jobState[j] === J_DONE && this.jobFailed[j] === 0;
  }
  taskRunningCount(task: number): number {
    return this.tasks.running[task];
  }
  /** Hadoop's progress score: maps by phase fraction; reduces 1/3 per shuffle, sort, reduce. */
  private reportedProgress(a: number): number {
    const dt = this.now - this.hostLast[this.at.host[a]];
    const p = Math.min(this.at.lim[a], this.at.prog[a] + this.at.rate[a] * dt);
    switch (this.at.phase[a]) {
      case PhaseKind.Map:
        return p * 0.9;
      case PhaseKind.Merge:
        return 0.9 + 0.1 * p;
      case PhaseKind.Shuffle:
        return p / 3;
      case PhaseKind.Sort:
        return (1 + p) / 3;
      default:
        return (2 + p) / 3;
    }
  }
  /**
   * Physical limits that must hold at every instant: no host gives out more CPU, disk or NIC than
   * it has, no VM more than its vCPUs, no attempt more than one core; memory may exceed a node's
   * only through attempts already doomed to fail for it. Returns the violations found.
   */
  checkInvariants(): string[] {
    const problems: string[] = [];
    const topo = this.topology;
    const at = this.at;
    const tol = 1e-6;
    for (let h = 0; h < topo.hostCount; h++) {
      const speed = topo.hostSpeed[h];
      let cpu = 0;
      let disk = 0;
      let netIn = 0;
      let netOut = 0;
      const vm = new Map<number, number>();
      for (const a of this.hostList[h]) {
        const r = at.rate[a];
        if (r >= 1e9) continue;
        const w = a * W_SIZE;
        const c = (r * at.work[w]) / speed;
        if (c > 1 + tol) problems.push(`attempt ${a} on host ${h} uses ${c.toFixed(3)} cores (one thread)`);
        cpu += c;
        disk += r * at.work[w + 1];
        netIn += r * at.work[w + 2];
        netOut += r * at.work[w + 3];
        vm.set(at.node[a], (vm.get(at.node[a]) ?? 0) + c);
      }
      if (cpu > topo.hostCores[h] * (1 + tol)) problems.push(`host ${h}: ${cpu.toFixed(3)} cores used of ${topo.hostCores[h]}`);
      if (disk > topo.hostDiskMBps[h] * (1 + tol)) problems.push(`host ${h}: disk ${disk.toFixed(1)} MB/s of ${topo.hostDiskMBps[h]}`);
      if (netIn > topo.hostNicMBps[h] * (1 + tol) || netOut > topo.hostNicMBps[h] * (1 + tol)) problems.push(`host ${h}: NIC over capacity`);
      if (topo.hostHasVms[h]) for (const [n, c] of vm) if (c > topo.nodeCores[n] * (1 + tol)) problems.push(`VM ${n}: ${c.toFixed(3)} cores of ${topo.nodeCores[n]} vCPUs`);
    }
    for (let n = 0; n < topo.nodeCount; n++) {
      if (this.nodeMemory[n] <= topo.nodeMemoryMb[n] + tol) continue;
      let doomed = false;
      for (const a of this.hostList[topo.nodeHost[n]]) if (at.node[a] === n && at.doomed[a]) doomed = true;
      if (!doomed) problems.push(`node ${n}: ${this.nodeMemory[n]} MB reserved of ${topo.nodeMemoryMb[n]} with no attempt failing for it`);
    }
    return problems;
  }

  /** The state at this instant, for the time series. */
  sampleState(): SeriesSample {
    let maps = 0;
    let shuffles = 0;
    let reduces = 0;
    let pending = 0;
    for (const j of this.active) {
      maps += this.jobRunMaps[j];
      pending += this.jobPendMaps[j] + this.jobPendReduces[j];
      for (const a of this.jobAttempts[j]) {
        if (!this.tasks.isReduce[this.at.task[a]]) continue;
        if (this.at.phase[a] === PhaseKind.Shuffle) shuffles++;
        else reduces++;
      }
    }
    return { cpu: this.use.cpu, memory: this.use.memory, disk: this.use.disk, network: this.use.net, runningMaps: maps, runningShuffles: shuffles, runningReduces: reduces, pendingTasks: pending };
  }

  // ---------------------------------------------------------------- results

  private finish(): EngineRunResult {
    this.advanceClock(this.now);
    for (let r = 0; r < this.records.length; r++) if (this.records.outcome[r] === 3) this.records.end[r] = NaN;
    const jobs: JobOutcome[] = this.jobs.map((job, j) => ({
      id: job.id,
      template: job.template.name,
      queue: job.queue,
      submit: this.jobSubmit[j],
      start: this.jobStart[j],
      mapEnd: this.jobMapEnd[j],
      locality: { node: this.jobLocality[j * 5], server: this.jobLocality[j * 5 + 1], rack: this.jobLocality[j * 5 + 2], offRack: this.jobLocality[j * 5 + 3] },
      finish: this.jobFinish[j],
      status: this.jobState[j] !== J_DONE ? 'unfinished' : this.jobFailed[j] ? 'failed' : 'succeeded',
      maps: job.maps,
      reduces: job.reduces,
      idealSeconds: this.idealSeconds(j),
      deadline: job.deadline,
    }));
    const span = this.now;
    return {
      jobs,
      records: this.records,
      reasons: this.reasons,
      series: this.series.result(),
      simulatedSeconds: span,
      events: this.events,
      tasks: this.tasks.count,
      utilization: {
        cpu: span > 0 ? this.integral.cpu / span : 0,
        memory: span > 0 ? this.integral.memory / span : 0,
        disk: span > 0 ? this.integral.disk / span : 0,
        network: span > 0 ? this.integral.net / span : 0,
      },
      locality: { node: this.localityCounts[0], server: this.localityCounts[1], rack: this.localityCounts[2], offRack: this.localityCounts[3], none: this.localityCounts[4] },
      failedAttempts: this.failedAttempts,
      killedAttempts: this.killedAttempts,
      schedulerCalls: this.schedulerCalls,
      schedulerSeconds: this.clock ? this.schedulerSeconds : undefined,
      cancelled: this.cancelled,
      stalled: this.stalled,
      profiles: this.profiles.result(),
      phaseDecisions: this.resumeReasons,
    };
  }

  /**
   * The job's running time with unlimited capacity and no contention (PRISM's "ideal" for ANP):
   * its longest map, then its longest reduce (shuffle, sort, reduce), on node 0's hardware with
   * data-local input.
   */
  private idealSeconds(j: number): number {
    const job = this.jobs[j];
    const tasks = this.tasks;
    const w = new Float64Array(6);
    let longestMap = 0;
    let longestReduce = 0;
    for (let t = tasks.jobFirstTask[j]; t < tasks.jobFirstTask[j + 1]; t++) {
      const phases = tasks.isReduce[t] ? [PhaseKind.Shuffle, PhaseKind.Sort, PhaseKind.Reduce] : job.reduces > 0 ? [PhaseKind.Map, PhaseKind.Merge] : [PhaseKind.Map];
      let s = 0;
      for (const p of phases) {
        phaseWork(this.work, job, p, tasks.size[t], tasks.factor[t], tasks.isReduce[t] ? Locality.None : tasks.replicas[t * tasks.replication] >= 0 ? Locality.Node : Locality.None, 0, w, 0);
        s += isolatedSeconds(this.topology, 0, w, 0);
      }
      if (tasks.isReduce[t]) longestReduce = Math.max(longestReduce, s);
      else longestMap = Math.max(longestMap, s);
    }
    return longestMap + longestReduce;
  }
}

export function simulate(input: SimulationInput): EngineRunResult {
  return new Simulation(input).run();
}
