import type { PhaseKind } from '../../engine/core/model';
import type { ClusterView, NodeUsage } from '../../engine/scheduling/schedulerApi';
import type { Locality } from '../../engine/resources/topology';

/**
 * What the scheduler inside one MR-cluster sees (Ghit et al. sec. 3.1: each MR-cluster keeps its
 * own queue of MR-jobs): only its own jobs; everything about nodes and attempts is the cluster's
 * view. FAWKES hands it heartbeats of the MR-cluster's own nodes only, so it launches nowhere else.
 */
export class MrClusterView implements ClusterView {
  /** Its jobs submitted and not finished, in submission order. */
  readonly jobs: number[] = [];

  constructor(
    private readonly v: ClusterView,
    /** Its index in topology.mrClusterNames. */
    private readonly mrCluster: number,
  ) {}

  get now(): number {
    return this.v.now;
  }
  get topology() {
    return this.v.topology;
  }
  get random() {
    return this.v.random;
  }
  get work() {
    return this.v.work;
  }
  get jobCount(): number {
    return this.v.jobCount;
  }
  get activeJobs(): readonly number[] {
    return this.jobs;
  }
  pendingTasks(): number {
    return this.v.mrClusterPendingTasks(this.mrCluster);
  }
  pendingReduceTasks(): number {
    return this.v.mrClusterPendingReduceTasks(this.mrCluster);
  }
  appMastersAwaited(): number {
    return this.jobs.filter((j) => this.v.appMasterNode(j) < 0).length;
  }
  /** Its own reduce-ready jobs (the engine keeps them per MR-cluster). */
  reduceReadyJobs(): readonly number[] {
    return this.v.reduceReadyJobs(this.mrCluster);
  }
  /** Its own map-pending jobs. */
  mapPendingJobs(): readonly number[] {
    return this.v.mapPendingJobs(this.mrCluster);
  }
  mrClusterPendingTasks(c: number): number {
    return this.v.mrClusterPendingTasks(c);
  }
  mrClusterPendingReduceTasks(c: number): number {
    return this.v.mrClusterPendingReduceTasks(c);
  }
  stateVersion(): number {
    return this.v.stateVersion();
  }
  /** The whole cluster's change log names other MR-clusters' jobs too: callers recompute instead. */
  jobsChangedSince(): undefined {
    return undefined;
  }

  job(j: number) {
    return this.v.job(j);
  }
  jobSubmitTime(j: number): number {
    return this.v.jobSubmitTime(j);
  }
  jobDeadline(j: number): number {
    return this.v.jobDeadline(j);
  }
  jobVersion(j: number): number {
    return this.v.jobVersion(j);
  }
  pendingMaps(j: number): number {
    return this.v.pendingMaps(j);
  }
  pendingReduces(j: number): number {
    return this.v.pendingReduces(j);
  }
  runningMaps(j: number): number {
    return this.v.runningMaps(j);
  }
  runningReduces(j: number): number {
    return this.v.runningReduces(j);
  }
  mapsDone(j: number): number {
    return this.v.mapsDone(j);
  }
  reducesDone(j: number): number {
    return this.v.reducesDone(j);
  }
  reducesMayStart(j: number): boolean {
    return this.v.reducesMayStart(j);
  }
  jobOfTask(task: number): number {
    return this.v.jobOfTask(task);
  }
  jobSucceeded(j: number): boolean {
    return this.v.jobSucceeded(j);
  }
  jobFinishTime(j: number): number {
    return this.v.jobFinishTime(j);
  }
  jobAloneSeconds(j: number, cores: number): number {
    return this.v.jobAloneSeconds(j, cores);
  }
  taskRunningCount(task: number): number {
    return this.v.taskRunningCount(task);
  }
  findMap(j: number, n: number, maxLevel: Locality, out: { level: Locality }, serverLocality: boolean): number {
    return this.v.findMap(j, n, maxLevel, out, serverLocality);
  }
  nextReduce(j: number): number {
    return this.v.nextReduce(j);
  }

  nodeAlive(n: number): boolean {
    return this.v.nodeAlive(n);
  }
  nodeRunningMaps(n: number): number {
    return this.v.nodeRunningMaps(n);
  }
  nodeRunningReduces(n: number): number {
    return this.v.nodeRunningReduces(n);
  }
  nodeMemoryUsedMb(n: number): number {
    return this.v.nodeMemoryUsedMb(n);
  }
  nodeVcoresUsed(n: number): number {
    return this.v.nodeVcoresUsed(n);
  }
  nodeUsage(n: number): NodeUsage {
    return this.v.nodeUsage(n);
  }
  nodeMrCluster(n: number): number {
    return this.v.nodeMrCluster(n);
  }
  nodeRole(n: number): number {
    return this.v.nodeRole(n);
  }
  nodeStoredMb(n: number): number {
    return this.v.nodeStoredMb(n);
  }

  launch(task: number, n: number, reason: string | (() => string), options?: { memoryMb?: number; vcores?: number; speculative?: boolean }): boolean {
    return this.v.launch(task, n, reason, options);
  }
  placeAppMaster(j: number, n: number, memoryMb: number, vcores: number): void {
    this.v.placeAppMaster(j, n, memoryMb, vcores);
  }
  appMasterNode(j: number): number {
    return this.v.appMasterNode(j);
  }
  resumePhase(attempt: number, reason: string | (() => string)): boolean {
    return this.v.resumePhase(attempt, reason);
  }
  killAttempt(attempt: number): boolean {
    return this.v.killAttempt(attempt);
  }
  /** Moving nodes and waking up are FAWKES' own business, not its MR-clusters'. */
  wakeAt(): void {
    throw new Error('a scheduler inside an MR-cluster cannot ask for wake-ups');
  }
  assignNode(): void {
    throw new Error('a scheduler inside an MR-cluster cannot move nodes');
  }
  takeStoredData(): number {
    throw new Error('a scheduler inside an MR-cluster cannot move data');
  }

  jobAttempts(j: number): Iterable<number> {
    return this.v.jobAttempts(j);
  }
  jobAttemptCount(j: number, phase: PhaseKind, paused: boolean): number {
    return this.v.jobAttemptCount(j, phase, paused);
  }
  attemptTask(a: number): number {
    return this.v.attemptTask(a);
  }
  attemptNode(a: number): number {
    return this.v.attemptNode(a);
  }
  attemptStart(a: number): number {
    return this.v.attemptStart(a);
  }
  attemptSpeculative(a: number): boolean {
    return this.v.attemptSpeculative(a);
  }
  attemptIsReduce(a: number): boolean {
    return this.v.attemptIsReduce(a);
  }
  attemptProgress(a: number): number {
    return this.v.attemptProgress(a);
  }
  attemptPhase(a: number): PhaseKind {
    return this.v.attemptPhase(a);
  }
  attemptPaused(a: number): boolean {
    return this.v.attemptPaused(a);
  }
  runningAttempts(j: number) {
    return this.v.runningAttempts(j);
  }
  attemptsOnNode(n: number) {
    return this.v.attemptsOnNode(n);
  }
}
