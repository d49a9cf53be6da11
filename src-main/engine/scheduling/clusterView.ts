import type { PendingMapPlaces } from '../state/pendingPlaces';
import { KILLED, type AttemptLifecycle, type LaunchOptions } from '../lifecycle/attemptLifecycle';
import { K_WAKE, PRIORITY } from '../core/events';
import { aloneSeconds } from '../jobs/jobAlone';
import type { JobBook } from '../jobs/jobBook';
import { PhaseKind } from '../core/model';
import type { PhaseIo, PhaseWorkContext } from '../jobs/phases';
import type { Random } from '../core/random';
import type { WorkCounters } from '../state/workCounters';
import type { RateSolver } from '../resources/rateSolver';
import type { LaunchReason } from '@shared/results/launchReason';
import type { ClusterView, NodeUsage } from './schedulerApi';
import { J_DONE, type EngineState } from '../state/state';
import { nodeUsage } from './nodeUsage';
import { Locality, type Topology } from '../core/topology';

/**
 * The scheduler's side of the boundary (Batsim keeps the same one between simulator and decision
 * process): what a JobTracker or ResourceManager would know, read from the engine's state, and the
 * few actions a scheduler takes, handed to the parts that own them. Nothing here changes the
 * simulation except through `launch`, `resumePhase`, `placeAppMaster`, and the cluster-level
 * actions FAWKES needs (`killAttempt`, `wakeAt`, `assignNode`, `takeStoredData`).
 */
export class SchedulerView implements ClusterView {
  readonly topology: Topology;
  private readonly ioScratch: PhaseIo = { cpuS: 0, hdfsReadMb: 0, hdfsWriteMb: 0, fsReadMb: 0, fsWriteMb: 0, fetchMb: 0 };

  constructor(
    private readonly s: EngineState,
    private readonly rates: RateSolver,
    private readonly book: JobBook,
    private readonly lifecycle: AttemptLifecycle,
    readonly random: Random,
    /** Phase work without node roles: times alone are measured on core nodes. */
    private readonly phaseWork: PhaseWorkContext,
  ) {
    this.topology = s.topology;
  }

  get work(): WorkCounters {
    return this.s.work;
  }
  get now(): number {
    return this.s.now;
  }
  get jobCount(): number {
    return this.s.jobs.length;
  }
  get activeJobs(): readonly number[] {
    return this.s.active;
  }
  stateVersion(): number {
    return this.s.version;
  }
  jobsChangedSince(version: number): ArrayLike<number> | undefined {
    return this.s.changedSince(version);
  }
  jobVersion(j: number): number {
    this.s.work.jobsExamined++;
    return this.s.jobVersion[j];
  }
  pendingReduceTasks(): number {
    return this.s.pendingReduceTotal;
  }
  pendingTasks(): number {
    return this.s.pendingTotal;
  }
  mrClusterPendingTasks(c: number): number {
    return this.s.mrPending[c];
  }
  mrClusterPendingReduceTasks(c: number): number {
    return this.s.mrPendingReduces[c];
  }
  mrClusterWaitingJobs(c: number): number {
    return this.s.mrWaitingJobs[c];
  }
  mrClusterWaitingInputMb(c: number): number {
    return this.s.mrWaitingInputMb[c];
  }

  // ---------------------------------------------------------------- jobs

  job(j: number) {
    return this.s.jobs[j];
  }
  jobSubmitTime(j: number): number {
    return this.s.jobSubmit[j];
  }
  jobDeadline(j: number): number {
    return this.s.jobDeadline[j];
  }
  pendingMaps(j: number): number {
    this.s.work.jobsExamined++;
    return this.s.jobPendMaps[j];
  }
  pendingReduces(j: number): number {
    this.s.work.jobsExamined++;
    return this.s.jobPendReduces[j];
  }
  runningMaps(j: number): number {
    return this.s.jobRunMaps[j];
  }
  runningReduces(j: number): number {
    return this.s.jobRunReduces[j];
  }
  mapsDone(j: number): number {
    return this.s.jobMapsDone[j];
  }
  reducesDone(j: number): number {
    return this.s.jobReducesDone[j];
  }
  reducesMayStart(j: number): boolean {
    return this.s.reducesMayStart(j);
  }
  reduceReadyJobs(mrCluster?: number): readonly number[] {
    return mrCluster === undefined ? this.s.reduceReady.list : this.s.reduceReady.byPartition[mrCluster];
  }
  mapPendingJobs(mrCluster?: number): readonly number[] {
    return mrCluster === undefined ? this.s.mapPending.list : this.s.mapPending.byPartition[mrCluster];
  }
  jobOfTask(task: number): number {
    return this.s.tasks.job[task];
  }
  jobSucceeded(j: number): boolean {
    return this.s.jobState[j] === J_DONE && this.s.jobFailed[j] === 0;
  }
  taskRunningCount(task: number): number {
    return this.s.tasks.running[task];
  }
  findMap(j: number, n: number, maxLevel: Locality, out: { level: Locality }, serverLocality: boolean): number {
    return this.book.findMap(j, n, maxLevel, out, serverLocality);
  }
  nextReduce(j: number): number {
    return this.book.nextReduce(j);
  }

  // ---------------------------------------------------------------- nodes

  nodeAlive(n: number): boolean {
    return this.s.alive[n] === 1;
  }
  nodeRunningMaps(n: number): number {
    return this.s.nodeRunMaps[n];
  }
  nodeRunningReduces(n: number): number {
    return this.s.nodeRunReduces[n];
  }
  nodeMemoryUsedMb(n: number): number {
    return this.s.nodeMemory[n];
  }
  nodeVcoresUsed(n: number): number {
    return this.s.nodeVcores[n];
  }
  appMastersAwaited(): number {
    return this.s.appMastersAwaited;
  }
  appMasterNode(j: number): number {
    this.s.work.jobsExamined++;
    return this.s.jobAmNode[j];
  }

  // ---------------------------------------------------------------- actions

  launch(task: number, n: number, reason: LaunchReason | (() => LaunchReason), options?: LaunchOptions): boolean {
    return this.lifecycle.launch(task, n, reason, options);
  }
  resumePhase(a: number, reason: LaunchReason | (() => LaunchReason)): boolean {
    return this.lifecycle.resumePhase(a, reason);
  }
  placeAppMaster(j: number, n: number, memoryMb: number, vcores: number): void {
    this.book.placeAppMaster(j, n, memoryMb, vcores);
  }
  appMastersMemoryMb(): number {
    return this.s.appMastersMemoryMb;
  }
  appMastersVcores(): number {
    return this.s.appMastersVcores;
  }
  killAttempt(a: number): boolean {
    if (!this.s.at.alive[a]) return false;
    this.lifecycle.endAttempt(a, KILLED);
    return true;
  }
  pendingMapsOnNode(n: number): number {
    return this.places().onNode[n];
  }
  pendingMapsInRackOf(n: number): number {
    return this.places().inRack[this.s.topology.nodeRack[n]];
  }
  pendingMapsWithoutInput(): number {
    return this.places().withoutInput;
  }
  private places(): PendingMapPlaces {
    if (!this.s.pendingPlaces) throw new Error('pending map places are kept only for a policy that says tracksPendingPlaces');
    return this.s.pendingPlaces;
  }
  wakeAt(time: number): void {
    this.s.heap.push(Math.max(time, this.s.now), PRIORITY[K_WAKE], K_WAKE, 0, 0);
    this.s.wakeups++;
  }
  assignNode(n: number, mrCluster: number, role: number): void {
    this.s.nodeOwner[n] = mrCluster;
    this.s.nodeRole[n] = role;
  }
  nodeMrCluster(n: number): number {
    return this.s.nodeOwner[n];
  }
  nodeRole(n: number): number {
    return this.s.nodeRole[n];
  }
  nodeStoredMb(n: number): number {
    return this.s.nodeStoredMb[n];
  }
  takeStoredData(n: number): number {
    const mb = this.s.nodeStoredMb[n];
    this.s.nodeStoredMb[n] = 0;
    return mb;
  }
  jobAloneSeconds(j: number, cores: number): number {
    return aloneSeconds(this.phaseWork, this.topology, this.s.jobs[j], this.s.tasks, j, cores);
  }
  jobFinishTime(j: number): number {
    return this.s.jobFinish[j];
  }

  // ---------------------------------------------------------------- attempts

  jobAttempts(j: number): Iterable<number> {
    this.s.work.attemptsScanned += this.s.jobAttempts.size(j);
    return this.s.jobAttempts.of(j);
  }
  attemptsChangedSince(version: number): ArrayLike<number> | undefined {
    return this.s.attemptsChangedSince(version);
  }
  jobsWithAttempts(): readonly number[] {
    if (!this.s.attemptsLive) throw new Error('the jobs with live attempts are kept only for a policy that says tracksJobsWithAttempts');
    return this.s.attemptsLive.list;
  }
  jobAttemptCount(j: number, phase: PhaseKind, paused: boolean): number {
    return this.s.jobPhaseCount[j * 10 + phase * 2 + (paused ? 1 : 0)];
  }
  attemptTask(a: number): number {
    return this.s.at.task[a];
  }
  attemptNode(a: number): number {
    return this.s.at.node[a];
  }
  attemptStart(a: number): number {
    return this.s.at.start[a];
  }
  attemptSpeculative(a: number): boolean {
    return this.s.at.speculative[a] === 1;
  }
  attemptIsReduce(a: number): boolean {
    return this.s.tasks.isReduce[this.s.at.task[a]] === 1;
  }
  attemptProgress(a: number): number {
    this.s.work.attemptsScanned++;
    return this.reportedProgress(a);
  }
  attemptPhase(a: number): PhaseKind {
    return this.s.at.phase[a] as PhaseKind;
  }
  attemptPaused(a: number): boolean {
    return this.s.at.paused[a] === 1;
  }

  runningAttempts(j: number) {
    const out: ReturnType<ClusterView['runningAttempts']> = [];
    const { at, tasks } = this.s;
    const lists = this.s.jobAttempts;
    this.s.work.attemptsScanned += lists.size(j);
    for (let a = lists.first(j); a >= 0; a = lists.after(a)) {
      const task = at.task[a];
      out.push({
        attempt: a,
        task,
        node: at.node[a],
        start: at.start[a],
        progress: this.reportedProgress(a),
        speculative: at.speculative[a] === 1,
        isReduce: tasks.isReduce[task] === 1,
      });
    }
    return out;
  }

  attemptWaiting(a: number): boolean {
    const at = this.s.at;
    return at.paused[a] === 0 && at.phase[a] === PhaseKind.Shuffle && at.lim[a] < 1 && at.prog[a] >= at.lim[a] - 1e-12;
  }
  attemptPausedSince(a: number): number {
    return this.s.at.pausedSince[a];
  }
  attemptLocality(a: number): Locality {
    return this.s.at.locality[a] as Locality;
  }

  attemptIdsOnNode(n: number): readonly number[] {
    const out = this.onNodeScratch;
    out.length = 0;
    const node = this.s.at.node;
    const list = this.rates.hostList[this.topology.nodeHost[n]];
    this.s.work.attemptsScanned += list.length;
    for (let i = 0; i < list.length; i++) if (node[list[i]] === n) out.push(list[i]);
    return out;
  }
  private readonly onNodeScratch: number[] = [];

  attemptsOnNode(n: number) {
    const { at, tasks } = this.s;
    return this.attemptIdsOnNode(n).map((a) => {
      const task = at.task[a];
      return {
        attempt: a,
        task,
        job: tasks.job[task],
        phase: at.phase[a] as PhaseKind,
        paused: at.paused[a] === 1,
        waiting: this.attemptWaiting(a),
        pausedSince: at.pausedSince[a],
        isReduce: tasks.isReduce[task] === 1,
        locality: at.locality[a] as Locality,
      };
    });
  }

  /** Hadoop's progress score: maps by phase fraction; reduces 1/3 per shuffle, sort, reduce. */
  private reportedProgress(a: number): number {
    const at = this.s.at;
    const dt = this.s.now - this.rates.hostLast[at.host[a]];
    const p = Math.min(at.lim[a], at.prog[a] + at.rate[a] * dt);
    switch (at.phase[a]) {
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

  nodeUsage(n: number): NodeUsage {
    return nodeUsage(this.s, this.rates, n, this.ioScratch);
  }
}
