import { JobAttemptLists } from './jobAttemptLists';
import type { SimulationOptions } from '@shared/experiment/simulation';
import { AttemptStore } from './attempts';
import { EventHeap } from '../core/eventHeap';
import { OutOfBandBeats } from '../core/outOfBandBeats';
import type { EngineJob } from '../core/model';
import type { TaskTable } from './tasks';
import type { Topology } from '../core/topology';
import { OrderedJobSubset } from './orderedJobSubset';
import type { PendingMapPlaces } from './pendingPlaces';
import { WorkCounters } from './workCounters';

const CHANGE_LOG_SIZE = 1 << 16;
const CHANGE_LOG_MASK = CHANGE_LOG_SIZE - 1;
/** A change that started or ended no attempt (state.changed). */
const NOT_AN_ATTEMPT = -0x7fffffff;

/** A job's place in its life: not yet submitted, submitted and not finished, finished. */
export const J_WAITING = 0;
export const J_ACTIVE = 1;
export const J_DONE = 2;

/** Mean-utilisation shares (0..1) in force right now; the recorder integrates them over time. */
export interface Utilisation {
  cpu: number;
  disk: number;
  net: number;
  memory: number;
}

/**
 * Everything the engine's parts share (docs/architecture.md "Engine"): the run's inputs, the
 * attempt store and event heap, and the typed arrays of jobs and nodes. One object, many readers:
 * the job book, the attempt lifecycle, the rate solver, failures, the scheduler's view and the
 * recorder each hold it and change only the fields their concern owns. The arrays are sized once
 * (jobs and nodes never grow), so parts may keep references to them.
 */
export class EngineState {
  /** Simulated seconds; set by the kernel only. */
  now = 0;
  /** Bumped on any change a scheduler may cache against (ClusterView.stateVersion). */
  version = 0;
  /** Last time a phase ended, a task or application master launched, or a phase was let start. */
  lastProgress = 0;
  /** Pending tasks over all active jobs. */
  pendingTotal = 0;
  /** Pending reduces over all active jobs (part of pendingTotal). */
  pendingReduceTotal = 0;
  /** Active jobs whose YARN application master is not placed (none yet, or lost with its node). */
  appMastersAwaited = 0;
  /** Memory (MB) and vcores the placed application masters hold: what a YARN policy's AM share limits. */
  appMastersMemoryMb = 0;
  appMastersVcores = 0;
  /** Live attempts paused before a phase, waiting for the scheduler's permission (PRISM). */
  pausedTotal = 0;
  /** The same per node: a paused phase can go on only where its attempt is. */
  readonly nodePaused: Int32Array;
  jobsDone = 0;
  /** Jobs submitted and not finished, in submission order (ClusterView.activeJobs). */
  readonly active: number[] = [];
  readonly use: Utilisation = { cpu: 0, disk: 0, net: 0, memory: 0 };

  readonly at = new AttemptStore(256);
  readonly heap = new EventHeap(1024);
  /** Out-of-band heartbeats due now, kept beside the heap (outOfBandBeats.ts). */
  readonly outOfBand = new OutOfBandBeats();
  /** Counts of work by kind (workCounters.ts); only observed, never read by a decision. */
  readonly work = new WorkCounters();

  // Jobs (job book owns them; the lifecycle counts running and pending tasks).
  readonly jobState: Uint8Array;
  readonly jobSubmit: Float64Array;
  /**
   * Absolute deadline of each job (Infinity without one). A deadline stated as a factor of the
   * job's time alone is fixed when the job is submitted: `jobDeadlineAfter` holds the seconds.
   */
  readonly jobDeadline: Float64Array;
  readonly jobDeadlineAfter: Float64Array;
  readonly jobStart: Float64Array;
  readonly jobMapEnd: Float64Array;
  readonly jobFinish: Float64Array;
  readonly jobFailed: Uint8Array;
  readonly jobMapsDone: Int32Array;
  readonly jobReducesDone: Int32Array;
  readonly jobRunMaps: Int32Array;
  readonly jobRunReduces: Int32Array;
  readonly jobPendMaps: Int32Array;
  readonly jobPendReduces: Int32Array;
  readonly jobAmNode: Int32Array;
  readonly jobAmMemory: Float64Array;
  readonly jobAmVcores: Float64Array;
  /** Per job, bumped with `version` whenever a change concerns that job (ClusterView.jobVersion). */
  readonly jobVersion: Int32Array;
  /** Live attempts of each job by phase and pause: 10 per job, at phase · 2 + paused. */
  readonly jobPhaseCount: Int32Array;
  /** Live attempts of each job (their ids in the attempt store). */
  readonly jobAttempts: JobAttemptLists;
  /** The reduce attempts among them, in the same order (what a map's end may let fetch further). */
  readonly jobReduceAttempts: JobAttemptLists;
  /** Each job's place in the order jobs became active (activeJobs' order); `activate` sets it. */
  readonly jobActiveSeq: Float64Array;
  private activeSeq = 0;
  /** Jobs with a pending reduce that may start, in activeJobs' order (orderedJobSubset.ts). */
  readonly reduceReady: OrderedJobSubset;
  /** Jobs with a pending map, in activeJobs' order (orderedJobSubset.ts). */
  readonly mapPending: OrderedJobSubset;
  /**
   * Jobs with a live attempt, in activeJobs' order (orderedJobSubset.ts): what a scan of running
   * attempts walks. Kept only when the policy asks (Scheduler.tracksJobsWithAttempts): every first
   * launch and last end of a job pays for it.
   */
  attemptsLive?: OrderedJobSubset;
  /** Where pending maps could run locally, when the policy asks (Scheduler.tracksPendingPlaces). */
  pendingPlaces?: PendingMapPlaces;

  // Nodes (failures own `alive` and `nodeLost`; the lifecycle and job book reserve memory and cores).
  readonly alive: Uint8Array;
  readonly nodeLost: Uint8Array;
  readonly nodeRunMaps: Int32Array;
  readonly nodeRunReduces: Int32Array;
  readonly nodeMemory: Float64Array;
  readonly nodeVcores: Float64Array;
  /**
   * FAWKES sec. 3.2: what each node is right now — core, transient or transient-core (phases.ts
   * reads it for where HDFS writes go) — and the MR-cluster it serves (-1: none). They start as the
   * design marks them; a cluster-level policy moves nodes through ClusterView.assignNode.
   */
  readonly nodeRole: Uint8Array;
  readonly nodeOwner: Int32Array;
  /** HDFS output written to each node's own disk (MB): what must be copied off before it leaves (delayed pre-emption). */
  readonly nodeStoredMb: Float64Array;
  /** Wake-ups the scheduler asked for that are still in the heap (ClusterView.wakeAt). */
  wakeups = 0;
  /** Each job's MR-cluster (index into topology.mrClusterNames; -1: none), and the pending tasks and reduces of each MR-cluster's active jobs. */
  readonly jobMrCluster: Int32Array;
  readonly mrPending: Int32Array;
  readonly mrPendingReduces: Int32Array;
  /**
   * Each job's pending tasks as counted into the totals (kept here, apart from jobPendMaps and
   * jobPendReduces, whose callers update them before or after counting), and per MR-cluster the
   * jobs with any pending task and their input (MB): FAWKES' JD and DD without a walk of its queue.
   */
  private readonly jobPendCounted: Int32Array;
  readonly mrWaitingJobs: Int32Array;
  readonly mrWaitingInputMb: Float64Array;

  /**
   * Node n's reserved memory changes by `mb` (a container or slot's task taken or given back), and
   * the cluster's memory in use with it, as far as the node has the memory: an over-committed node
   * (explicit slots asking more than it has; the attempts beyond it fail) holds all its memory, not
   * more, so utilisation never reads above 100 %. Without over-commit the use moves by exactly
   * `mb`, as it always did.
   */
  reserveMemory(n: number, mb: number): void {
    const cap = this.topology.nodeMemoryMb[n];
    const before = this.nodeMemory[n];
    const after = (this.nodeMemory[n] = before + mb);
    const held = before <= cap && after <= cap ? mb : Math.min(after, cap) - Math.min(before, cap);
    this.use.memory += held / this.topology.totalMemoryMb;
  }

  /** Count pending tasks (and of them reduces) of job j in or out of the totals, the run's and its MR-cluster's. */
  addPending(j: number, tasks: number, reduces: number): void {
    this.pendingTotal += tasks;
    this.pendingReduceTotal += reduces;
    const c = this.jobMrCluster[j];
    if (c >= 0) {
      this.mrPending[c] += tasks;
      this.mrPendingReduces[c] += reduces;
      const before = this.jobPendCounted[j];
      const after = (this.jobPendCounted[j] = before + tasks);
      if (before > 0 !== after > 0) {
        const sign = after > 0 ? 1 : -1;
        this.mrWaitingJobs[c] += sign;
        // Exactly 0 with no job waiting: rounding left over must not read as demand (eq. 4's all-zero case).
        this.mrWaitingInputMb[c] = this.mrWaitingJobs[c] === 0 ? 0 : this.mrWaitingInputMb[c] + sign * this.jobs[j].inputMb;
      }
    }
  }

  /** Keep the jobs with a live attempt from now on (before the first launch). */
  trackJobsWithAttempts(): void {
    this.attemptsLive = new OrderedJobSubset(this.jobs.length, this.jobActiveSeq, (j) => this.jobAttempts.size(j) > 0);
  }

  /** Job j joins the active jobs, at the end of their order. */
  activate(j: number): void {
    this.jobActiveSeq[j] = this.activeSeq++;
    this.active.push(j);
    this.appMastersAwaited++;
  }

  /** Hadoop's slow-start: a job's reduces may start once this share of its maps is done. */
  reducesMayStart(j: number): boolean {
    const maps = this.tasks.jobMapCount[j];
    return maps === 0 || this.jobMapsDone[j] >= Math.ceil(this.options.slowstart * maps);
  }

  /**
   * Something about job j changed that a scheduler may have cached (an attempt or its AM came, went,
   * paused or resumed; the job started or ended). `attempt`: the attempt that started (its id) or
   * ended (−id − 1) with this change, if one did (attemptsChangedSince).
   */
  changed(j: number, attempt = NOT_AN_ATTEMPT): void {
    this.changeLog[this.version & CHANGE_LOG_MASK] = j;
    this.attemptLog[this.version & CHANGE_LOG_MASK] = attempt;
    this.version++;
    this.jobVersion[j]++;
  }

  /**
   * The attempts that started (their id) or ended (−id − 1) since `version`, oldest first, or
   * undefined when the log no longer reaches back that far.
   */
  attemptsChangedSince(version: number): Int32Array | undefined {
    const n = this.version - version;
    if (n < 0 || n > CHANGE_LOG_SIZE) return undefined;
    let count = 0;
    for (let i = 0; i < n; i++) if (this.attemptLog[(version + i) & CHANGE_LOG_MASK] !== NOT_AN_ATTEMPT) count++;
    const out = new Int32Array(count);
    count = 0;
    for (let i = 0; i < n; i++) {
      const code = this.attemptLog[(version + i) & CHANGE_LOG_MASK];
      if (code !== NOT_AN_ATTEMPT) out[count++] = code;
    }
    return out;
  }
  /** Per change in the ring: the attempt it started or ended (see `changed`). */
  private readonly attemptLog = new Int32Array(CHANGE_LOG_SIZE);

  /** The jobs changed since `version` (once per change, oldest first), or undefined when the log no longer reaches back that far. */
  changedSince(version: number): number[] | undefined {
    const n = this.version - version;
    if (n < 0 || n > CHANGE_LOG_SIZE) return undefined;
    // A plain array: policies ask at almost every event for a handful of changes, and a typed
    // array's allocation cost (b) 3 % of its time.
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(this.changeLog[(version + i) & CHANGE_LOG_MASK]);
    return out;
  }
  /** The job of each of the last CHANGE_LOG_SIZE changes (a ring indexed by version): memory stays flat however long the run. */
  private readonly changeLog = new Int32Array(CHANGE_LOG_SIZE);

  constructor(
    readonly topology: Topology,
    readonly jobs: readonly EngineJob[],
    readonly tasks: TaskTable,
    readonly options: SimulationOptions,
  ) {
    const J = jobs.length;
    this.jobState = new Uint8Array(J);
    this.jobSubmit = new Float64Array(J).fill(NaN);
    this.jobDeadline = Float64Array.from(jobs, (j) => j.deadline ?? Infinity);
    this.jobDeadlineAfter = new Float64Array(J).fill(NaN);
    this.jobStart = new Float64Array(J).fill(NaN);
    this.jobMapEnd = new Float64Array(J).fill(NaN);
    this.jobFinish = new Float64Array(J).fill(NaN);
    this.jobFailed = new Uint8Array(J);
    this.jobMapsDone = new Int32Array(J);
    this.jobReducesDone = new Int32Array(J);
    this.jobRunMaps = new Int32Array(J);
    this.jobRunReduces = new Int32Array(J);
    this.jobPendMaps = new Int32Array(J);
    this.jobPendReduces = new Int32Array(J);
    this.jobAmNode = new Int32Array(J).fill(-1);
    this.jobAmMemory = new Float64Array(J);
    this.jobAmVcores = new Float64Array(J);
    this.jobVersion = new Int32Array(J);
    this.jobPhaseCount = new Int32Array(J * 10);
    this.jobAttempts = new JobAttemptLists(J);
    this.jobReduceAttempts = new JobAttemptLists(J);
    this.jobActiveSeq = new Float64Array(J);

    const N = topology.nodeCount;
    this.alive = new Uint8Array(N).fill(1);
    this.nodeLost = new Uint8Array(N);
    this.nodeRunMaps = new Int32Array(N);
    this.nodeRunReduces = new Int32Array(N);
    this.nodeMemory = new Float64Array(N);
    this.nodePaused = new Int32Array(N);
    this.nodeVcores = new Float64Array(N);
    this.nodeRole = Uint8Array.from(topology.nodeKind);
    this.nodeOwner = Int32Array.from(topology.nodeMrCluster);
    this.nodeStoredMb = new Float64Array(N);
    const names = topology.mrClusterNames;
    this.jobMrCluster = Int32Array.from(jobs, (job) => (job.mrCluster === undefined ? -1 : names.indexOf(job.mrCluster)));
    this.mrPending = new Int32Array(names.length);
    this.mrPendingReduces = new Int32Array(names.length);
    this.jobPendCounted = new Int32Array(J);
    this.mrWaitingJobs = new Int32Array(names.length);
    this.mrWaitingInputMb = new Float64Array(names.length);
    // Kept per MR-cluster too: the scheduler inside one walks its own jobs only.
    this.reduceReady = new OrderedJobSubset(
      J,
      this.jobActiveSeq,
      (j) => this.jobState[j] === J_ACTIVE && this.jobPendReduces[j] > 0 && this.reducesMayStart(j),
      this.jobMrCluster,
      names.length,
    );
    this.mapPending = new OrderedJobSubset(
      J,
      this.jobActiveSeq,
      (j) => this.jobState[j] === J_ACTIVE && this.jobPendMaps[j] > 0,
      this.jobMrCluster,
      names.length,
    );
  }
}
