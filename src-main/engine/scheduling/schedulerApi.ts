import type { PhaseKind } from '../core/model';
import type { OwnFigure } from '@shared/results/ownFigures';
import type { MrClusterReport } from '@shared/cluster/mrClusters';
import type { WhyNotReason, WhyNotScores } from '@shared/results/whyNot';
import type { LaunchReason } from '@shared/results/launchReason';
import type { Random } from '../core/random';
import type { TaskCounters } from '../measure/profiles';
import type { Locality, Topology } from '../core/topology';
import type { WorkCounters } from '../state/workCounters';

/**
 * What a policy weighs at one heartbeat (Scheduler.scores), as the why-not answer's table
 * (WhyNotScores) has it, except that a candidate that is one task may say which by the engine's
 * task index; the replay names it as the Gantt does (runner/whyNotReplay.ts).
 */
export interface PolicyScores {
  criteria: string[];
  rows: (Omit<WhyNotScores['rows'][number], 'task'> & { task?: number })[];
}

/** Numbers a scheduler may read but not change (the topology's typed arrays, as it sees them). */
export interface ReadonlyNumbers {
  readonly [i: number]: number;
  readonly length: number;
}

/** The cluster as a scheduler sees it: every array read-only, so a policy cannot change the machine it schedules on. */
export type SchedulerTopology = {
  readonly [K in keyof Topology]: Topology[K] extends Float64Array | Int32Array | Uint8Array
    ? ReadonlyNumbers
    : Topology[K] extends (infer E)[]
      ? readonly E[]
      : Topology[K];
};

/**
 * A job as a scheduler sees it: what a JobTracker or ResourceManager is told at submission (its
 * name, queue, size, deadline, the containers its tasks ask for), never the template's cost
 * coefficients, which are the simulation's hidden truth about how long its work takes.
 */
export interface SchedulerJob {
  readonly id: string;
  readonly queue: string;
  readonly submit: number;
  readonly inputMb: number;
  readonly maps: number;
  readonly reduces: number;
  readonly deadline?: number;
  readonly mrCluster?: string;
  readonly template: { readonly name: string; readonly kind: 'cpu' | 'io'; readonly mapMemoryMb: number; readonly reduceMemoryMb: number };
}

/**
 * The jobs a scheduler serves and what waits among them: the part of its view that depends on which
 * jobs it is given. FAWKES gives each MR-cluster's scheduler its own (schedulers/fawkes/
 * mrClusterView.ts) and the rest of the cluster's view unchanged.
 */
export interface JobSet {
  /** Jobs submitted and not finished, in submission order. */
  readonly activeJobs: readonly number[];
  /** Pending tasks over all active jobs: 0 means a heartbeat has nothing to place (except speculation). */
  pendingTasks(): number;
  /** Pending reduces over all active jobs: 0 means no job has a reduce to place. */
  pendingReduceTasks(): number;
  /**
   * Jobs with a pending reduce that may start, in activeJobs' order: what a free reduce slot can
   * take, without asking every queued job. Live: it changes as reduces launch. With `mrCluster`
   * (an index into topology.mrClusterNames), that MR-cluster's only.
   */
  reduceReadyJobs(mrCluster?: number): readonly number[];
  /**
   * Jobs with a pending map, in activeJobs' order: what a free map slot can take, without asking
   * the jobs whose maps are all placed. Live: it changes as maps launch. With `mrCluster`, that
   * MR-cluster's only.
   */
  mapPendingJobs(mrCluster?: number): readonly number[];
  /** Active jobs whose application master is not placed: whether a heartbeat has an AM to place, without asking every job. */
  appMastersAwaited(): number;
  /**
   * The jobs whose version moved since stateVersion() was `version`, one entry per change, oldest
   * first; undefined when that is too long ago to tell (then recompute whatever was cached).
   */
  jobsChangedSince(version: number): ArrayLike<number> | undefined;
}

/**
 * What every scheduler may see and do (model.md "Scheduling"): queues, jobs' progress, node
 * occupancy, where input blocks are — what a JobTracker or ResourceManager knows — and never a
 * task's hidden true work. Every launch carries the reason, which the "why" views show. The
 * capabilities below it are what particular policies need besides.
 */
export interface CoreView extends JobSet {
  readonly now: number;
  readonly topology: SchedulerTopology;
  /** Jobs of the run, submitted or not (ids are 0 .. jobCount − 1). */
  readonly jobCount: number;
  job(j: number): SchedulerJob;
  jobSubmitTime(j: number): number;
  /** The job's absolute deadline (seconds from the start of the run), Infinity when it has none. */
  jobDeadline(j: number): number;
  pendingMaps(j: number): number;
  pendingReduces(j: number): number;
  runningMaps(j: number): number;
  runningReduces(j: number): number;
  mapsDone(j: number): number;
  reducesDone(j: number): number;
  /** Reduces may start once the slow-start fraction of maps is done. */
  reducesMayStart(j: number): boolean;
  /** The job a task belongs to. */
  jobOfTask(task: number): number;
  /** Whether job j finished successfully (false while running or when it failed). */
  jobSucceeded(j: number): boolean;
  /** When job j finished (NaN before). */
  jobFinishTime(j: number): number;
  /** Changes whenever a job is submitted or finishes or an attempt starts or ends: schedulers may cache orderings until it moves. */
  stateVersion(): number;
  /** Moves with stateVersion whenever the change concerns job j: per-job caches keep until it moves. */
  jobVersion(j: number): number;

  nodeAlive(n: number): boolean;
  nodeRunningMaps(n: number): number;
  nodeRunningReduces(n: number): number;
  nodeMemoryUsedMb(n: number): number;
  nodeVcoresUsed(n: number): number;

  /**
   * A pending map of job j for node n no further than maxLevel; `out.level` gets its locality.
   * `serverLocality` false sees the topology as stock Hadoop does, nodes and racks only: a replica on
   * a co-hosted VM is then no better than any other in the rack (see JobMapIndex.find).
   */
  findMap(j: number, n: number, maxLevel: Locality, out: { level: Locality }, serverLocality: boolean): number;
  /** The next pending reduce of job j, or -1. */
  nextReduce(j: number): number;
  /**
   * Start an attempt of `task` on node `n`. Returns false when the task is not pending (or, for a
   * speculative copy, not running) or the node is down. Memory beyond the node's is allowed — the
   * attempt then fails, as an over-committed task does. The reason (a kind and its fields,
   * shared/results/launchReason.ts) may be given as a function: it is then built only when attempts
   * are recorded.
   */
  launch(
    task: number,
    n: number,
    reason: LaunchReason | (() => LaunchReason),
    options?: { memoryMb?: number; vcores?: number; speculative?: boolean },
  ): boolean;
  /** YARN: the application master's container for job j, on node n, for the job's lifetime. */
  placeAppMaster(j: number, n: number, memoryMb: number, vcores: number): void;
  appMasterNode(j: number): number;
  /** Memory (MB) and vcores the placed application masters hold, all jobs together. */
  appMastersMemoryMb(): number;
  appMastersVcores(): number;
  /** Running attempts of a task (1 normally, 2 under speculation). */
  taskRunningCount(task: number): number;
  readonly random: Random;
  /** The run's work counters: a scheduler counts its own sorts here (jobOrder.ts sortJobs); the view counts the rest. */
  readonly work: WorkCounters;
}

/** Attempt inspection: the running attempts, one by one (LATE's progress rates, PRISM's paused phases, why-not's holders). */
export interface AttemptInspection {
  /**
   * Live attempts of job j (running a phase or paused before one), in launch order, without
   * building an object per attempt: per-heartbeat scans over every running attempt read them
   * through the attempt* accessors below.
   */
  jobAttempts(j: number): Iterable<number>;
  /**
   * The jobs with a live attempt, in activeJobs' order: a scan of every running attempt walks these,
   * so its work follows what runs, not how many jobs are queued. Only for a policy that says
   * `tracksJobsWithAttempts`.
   */
  jobsWithAttempts(): readonly number[];
  /**
   * The attempts that started (their id, a ≥ 0) or ended (−a − 1) since stateVersion() was
   * `version`, oldest first; undefined when that is too long ago to tell (then read them afresh).
   * An ended attempt's id may be given to a later attempt.
   */
  attemptsChangedSince(version: number): ArrayLike<number> | undefined;
  /** How many of job j's live attempts are in `phase`, paused before it or running it. */
  jobAttemptCount(j: number, phase: PhaseKind, paused: boolean): number;
  attemptTask(attempt: number): number;
  attemptNode(attempt: number): number;
  attemptStart(attempt: number): number;
  attemptSpeculative(attempt: number): boolean;
  attemptIsReduce(attempt: number): boolean;
  /** Hadoop's progress score of the attempt's task (0..1), as runningAttempts reports it. */
  attemptProgress(attempt: number): number;
  attemptPhase(attempt: number): PhaseKind;
  attemptPaused(attempt: number): boolean;
  /** A shuffle that has fetched all map output there is so far (attemptsOnNode's `waiting`). */
  attemptWaiting(attempt: number): boolean;
  /** When the attempt paused before its next phase (phase-level scheduling). */
  attemptPausedSince(attempt: number): number;
  /** Where the attempt's task read its input from (a map's placement; reduces read from every node). */
  attemptLocality(attempt: number): Locality;
  /**
   * The ids of the attempts attemptsOnNode(n) lists, in the same order, without building an object
   * per attempt: a list the engine reuses, to be read before the next call (per-heartbeat scans
   * read the attempts through the attempt* accessors).
   */
  attemptIdsOnNode(n: number): readonly number[];
  /** Running attempts of job j: their task, node, start, and reported progress of the task (0..1). */
  runningAttempts(j: number): { attempt: number; task: number; node: number; start: number; progress: number; speculative: boolean; isReduce: boolean }[];
  /**
   * Attempts on node n: running a phase, paused before one (phase-level scheduling), or — for a
   * shuffle that has fetched all map output there is so far — waiting for data (the node manager
   * sees it idle).
   */
  attemptsOnNode(n: number): {
    attempt: number;
    task: number;
    job: number;
    phase: PhaseKind;
    paused: boolean;
    waiting: boolean;
    pausedSince: number;
    isReduce: boolean;
    locality: Locality;
  }[];
}

/** Phase gating (PRISM sec. 4): a paused attempt starts its next phase only when the scheduler says so. */
export interface PhaseGating {
  /** Let a paused attempt start its next phase (phase-level schedulers only). */
  resumePhase(attempt: number, reason: LaunchReason | (() => LaunchReason)): boolean;
}

/** The monitors of ILA Table 2. */
export interface NodeMonitors {
  /**
   * What the monitors on node n and its host report right now: CPU in cores of the node and of its
   * co-hosted VMs, Dom0's CPU for guest I/O, read and write MB/s of the node and of the co-hosted
   * VMs, and the host disk's utilisation (0..1).
   */
  nodeUsage(n: number): NodeUsage;
}

/** Timers: a policy that acts on time rather than on heartbeats (FAWKES' interval T, LATE's first copyable attempt). */
export interface Timers {
  /** Call the scheduler's onWake at `time` (not before now): periodic work every interval T, the end of a data copy. */
  wakeAt(time: number): void;
}

/**
 * Where the cluster's pending maps could run locally, over every job: what lets a policy that waits
 * for locality tell at once that a node's beat can place nothing. Kept only for a policy that says
 * `tracksPendingPlaces` (engine/state/pendingPlaces.ts).
 */
export interface PendingPlaces {
  /** Pending maps with an input replica on node n. */
  pendingMapsOnNode(n: number): number;
  /** Pending maps with an input replica in node n's rack. */
  pendingMapsInRackOf(n: number): number;
  /** Pending maps without input (local everywhere). */
  pendingMapsWithoutInput(): number;
}

/** Pre-emption: taking a running task back (MinEDF's lend-kill, FAWKES' instant shrink). */
export interface Preemption {
  /** Kill a live attempt; its task is pending again and runs anew (instant pre-emption). False if it had ended. */
  killAttempt(attempt: number): boolean;
}

/** Cluster-level control (FAWKES sec. 3-4): several MR-clusters on one pool of nodes. */
export interface ClusterControl {
  /** The pending tasks and reduces of the active jobs of one MR-cluster (index into topology.mrClusterNames), kept as tasks come and go. */
  mrClusterPendingTasks(mrCluster: number): number;
  mrClusterPendingReduceTasks(mrCluster: number): number;
  /** Its active jobs with any task pending, and their input (MB), kept the same way. */
  mrClusterWaitingJobs(mrCluster: number): number;
  mrClusterWaitingInputMb(mrCluster: number): number;
  /**
   * Move node n to MR-cluster `mrCluster` (-1: none) in `role` (NODE_CORE, NODE_TRANSIENT,
   * NODE_TRANSIENT_CORE): attempts launched from then on read and write as that kind of node does.
   */
  assignNode(n: number, mrCluster: number, role: number): void;
  /** The MR-cluster node n serves (-1: none) and its role, as last assigned (initially as the design marks it). */
  nodeMrCluster(n: number): number;
  nodeRole(n: number): number;
  /** HDFS output written to node n's own disk and still there (MB). */
  nodeStoredMb(n: number): number;
  /** Copy node n's stored output off it (delayed pre-emption): returns the MB moved, and the node then holds none. */
  takeStoredData(n: number): number;
  /** Job j alone on `cores` one-task slots (jobAlone.ts): FAWKES' static reference MR-cluster. */
  jobAloneSeconds(j: number, cores: number): number;
}

/** The whole view the engine gives (engine/scheduling/clusterView.ts): the core and every capability. */
export type ClusterView = CoreView & AttemptInspection & PhaseGating & NodeMonitors & Timers & Preemption & ClusterControl & PendingPlaces;

/** The capabilities by the names a plug-in asks for them with (schedulers/plugin.ts `capabilities`). */
export interface Capabilities {
  attempts: AttemptInspection;
  phases: PhaseGating;
  monitors: NodeMonitors;
  timers: Timers;
  preemption: Preemption;
  cluster: ClusterControl;
  pendingPlaces: PendingPlaces;
}
export type Capability = keyof Capabilities;

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The core view and the named capabilities: what a policy that asked for `C` may use, and nothing else. */
export type ViewWith<C extends Capability = never> = CoreView & ([C] extends [never] ? unknown : Intersection<Capabilities[C]>);

/** What a node's monitors report (ILA Table 2): cores in use and disk MB/s, now. */
export interface NodeUsage {
  /** Cores used on this node, and by its co-hosted VMs together. */
  cu: number;
  ca: number;
  /** Cores Dom0 spends handling the guests' I/O. */
  c0: number;
  /** Disk read and write MB/s on this node, and of its co-hosted VMs together. */
  ru: number;
  wu: number;
  ra: number;
  wa: number;
  /** Share of time the physical server's disks are busy (0-1), as iostat's %util. */
  iou: number;
}

/**
 * A policy as the engine calls it. `V` is the view it asked for (`ViewWith<its capabilities>`); the
 * engine hands every policy the whole `ClusterView`, which has them all.
 */
export interface Scheduler<V extends CoreView = ClusterView> {
  readonly name: string;
  /** A node reports in (regular or out-of-band heartbeat): assign work to it through `view.launch`. */
  onHeartbeat(node: number, view: V): void;
  onJobSubmitted?(job: number, view: V): void;
  onJobFinished?(job: number, view: V): void;
  /** A task succeeded; `counters` are what its attempt reported (CPU time, bytes by kind). */
  onTaskFinished?(task: number, counters: TaskCounters, view: V): void;
  /**
   * Phase-level scheduling (PRISM sec. 4): when true, an attempt that finishes a phase pauses and
   * asks permission for the next one, which `resumePhase` grants.
   */
  readonly gatesPhases?: boolean;
  /**
   * Whether a heartbeat could still make the policy act now although no task waits (LATE: a
   * speculative copy of a running task). A heartbeat that finds nothing to place (no pending map,
   * no reduce allowed to start, no application master to place under a YARN policy, no paused
   * phase) and that this does not claim is not simulated (docs/model.md "Scheduling"). It must
   * say true whenever such a beat could act; when that will become so by time alone, the policy
   * asks for a wake-up then (ClusterView.wakeAt), since no other event may come.
   */
  wantsIdleBeats?(view: V): boolean;
  /**
   * True when node n's heartbeat now would change nothing at all because nothing can go into the
   * node's free room: every slot of a kind taken, or nothing of that kind waiting anywhere (FIFO and
   * Fair: map slots full and no reduce allowed to start; LATE: every slot taken). The engine then
   * does not simulate that node's regular heartbeat (docs/model.md "Scheduling"); it must never say
   * true of a beat that could act, and it must read only state that only events change (the node's
   * slots, the cluster's pending work) and the beat's own time `at` (a locality wait ending then),
   * never the engine's clock, which stands at the last event.
   */
  nodePlacesNothing?(n: number, view: V, at: number): boolean;
  /** The engine keeps where pending maps could run locally (the `pendingPlaces` capability). */
  readonly tracksPendingPlaces?: boolean;
  /** The engine keeps the jobs with a live attempt in order (AttemptInspection.jobsWithAttempts). */
  readonly tracksJobsWithAttempts?: boolean;
  /** The policy places each job's application master in a container (YARN) before its tasks. */
  readonly placesAppMasters?: boolean;
  /** A wake-up asked for with ClusterView.wakeAt is due. */
  onWake?(view: V): void;
  /** Per-MR-cluster outcome of a cluster-level policy (FAWKES), added to the run's result. */
  report?(view: V): MrClusterReport[] | undefined;
  /** A scheduler file's own figures over the run (its `report`, runner/pluginFigures.ts), added to the run's summary. */
  ownFigures?(view: V): OwnFigure[] | undefined;
  /**
   * What the policy would weigh at a heartbeat of node n now, criterion by criterion, without
   * deciding anything (the why panel's scores table; whyNotReplay.ts calls it before the beat).
   * Read-only: it must change nothing a later decision reads.
   */
  scores?(n: number, view: V): PolicyScores | undefined;
  /**
   * Why job j got nothing on node n just now, in the scheduler's own terms (its slots, its order,
   * its waits, its shares). Asked only by the why-not probe (runner/whyNotReplay.ts), after the
   * heartbeat, never in an ordinary run.
   */
  explain?(job: number, node: number, view: V): WhyNotReason[];
}
