import { K_RELEASE, PRIORITY } from '../core/events';
import { JobMapIndex } from './localityIndex';
import { TaskState } from '../core/model';
import { J_ACTIVE, J_DONE, J_WAITING, type EngineState } from '../state/state';
import { Locality } from '../core/topology';

/** What the job book tells the rest of the engine: the kernel forwards these to the scheduler. */
export interface JobEvents {
  jobSubmitted(j: number): void;
  jobFinished(j: number): void;
  /** End one of a finished job's live attempts (killed: outcome 2). */
  killAttempt(a: number): void;
}

/**
 * Job bookkeeping (model.md "Jobs and tasks"): submission, completion and failure, dependencies of
 * workflows, pending work (each job's maps indexed by where their input lies, its reduces in task
 * order), tasks that must run again, and YARN's application-master reservations.
 */
export class JobBook {
  private readonly jobDepsLeft: Int32Array;
  private readonly jobIndex: (JobMapIndex | undefined)[];
  /**
   * Each job's node bits from its index (JobMapIndex.nodeLiveBits), kept beside it: a delay-scheduled
   * policy asks every waiting job at every beat, and a clear bit answers a node-local ask without
   * reaching the index (one load where there were four).
   */
  private readonly nodeLive: (Uint32Array | undefined)[];
  private readonly jobReduceQueue: number[][];
  private readonly dependents: number[][];

  constructor(
    private readonly s: EngineState,
    private readonly events: JobEvents,
  ) {
    const J = s.jobs.length;
    this.jobDepsLeft = new Int32Array(J);
    this.jobIndex = new Array(J).fill(undefined);
    this.nodeLive = new Array(J).fill(undefined);
    this.jobReduceQueue = s.jobs.map(() => []);
    this.dependents = s.jobs.map(() => []);
    s.jobs.forEach((j, i) => {
      this.jobDepsLeft[i] = j.dependsOn.length;
      for (const d of j.dependsOn) this.dependents[d].push(i);
    });
  }

  /** Jobs with no dependency, in submission order (ties by index): the kernel's arrival cursor walks them. */
  arrivalOrder(): number[] {
    const jobs = this.s.jobs;
    return jobs
      .map((_, i) => i)
      .filter((i) => jobs[i].dependsOn.length === 0)
      .sort((a, b) => jobs[a].submit - jobs[b].submit || a - b);
  }

  submitJob(j: number): void {
    const s = this.s;
    const tasks = s.tasks;
    if (s.jobState[j] !== J_WAITING) return;
    s.jobState[j] = J_ACTIVE;
    s.jobSubmit[j] = s.now;
    if (Number.isFinite(s.jobDeadlineAfter[j])) s.jobDeadline[j] = s.now + s.jobDeadlineAfter[j];
    s.jobPendMaps[j] = tasks.jobMapCount[j];
    s.jobPendReduces[j] = tasks.jobReduceCount[j];
    s.addPending(j, s.jobPendMaps[j] + s.jobPendReduces[j], s.jobPendReduces[j]);
    const first = tasks.jobFirstTask[j];
    this.jobIndex[j] = new JobMapIndex(tasks, s.topology, first, tasks.jobMapCount[j]);
    this.nodeLive[j] = this.jobIndex[j].nodeLiveBits();
    const places = s.pendingPlaces;
    if (places) for (let t = first; t < first + tasks.jobMapCount[j]; t++) places.count(t, 1);
    const q = this.jobReduceQueue[j];
    for (let r = 0; r < tasks.jobReduceCount[j]; r++) q.push(first + tasks.jobMapCount[j] + r);
    q.reverse(); // popped from the end, in task order
    s.activate(j);
    s.reduceReady.refresh(j);
    s.mapPending.refresh(j);
    s.changed(j);
    s.lastProgress = s.now;
    this.events.jobSubmitted(j);
    if (tasks.jobMapCount[j] + tasks.jobReduceCount[j] === 0) this.completeJob(j, false);
  }

  completeJob(j: number, failed: boolean): void {
    const s = this.s;
    const tasks = s.tasks;
    if (s.jobState[j] === J_DONE) return;
    s.jobState[j] = J_DONE;
    // Set-up and commit hold no slot: the scheduler sees the job done when its last task ends, its
    // user when they have passed too (a failed job is over at once).
    const finish = failed ? s.now : s.now + (s.jobs[j].setupCommitS ?? 0);
    s.jobFinish[j] = finish;
    s.jobFailed[j] = failed ? 1 : 0;
    s.jobsDone++;
    if (s.jobAmNode[j] < 0) s.appMastersAwaited--;
    s.changed(j);
    for (const a of s.jobAttempts.toArray(j)) this.events.killAttempt(a);
    const places = s.pendingPlaces;
    if (places && s.jobPendMaps[j] > 0) {
      const first = tasks.jobFirstTask[j];
      for (let t = first; t < first + tasks.jobMapCount[j]; t++) if (tasks.state[t] === TaskState.Pending) places.count(t, -1);
    }
    if (failed) {
      for (let t = tasks.jobFirstTask[j]; t < tasks.jobFirstTask[j + 1]; t++) if (tasks.state[t] !== TaskState.Done) tasks.state[t] = TaskState.Dead;
    }
    const am = s.jobAmNode[j];
    if (am >= 0) {
      // A dead node's cores are cleared when it is declared lost; its memory is given back here,
      // as the cluster's use always was (the loss clears what is left).
      if (s.alive[am]) s.nodeVcores[am] -= s.jobAmVcores[j];
      s.reserveMemory(am, -s.jobAmMemory[j]);
      s.appMastersMemoryMb -= s.jobAmMemory[j];
      s.appMastersVcores -= s.jobAmVcores[j];
      s.jobAmNode[j] = -1;
    }
    s.addPending(j, -(s.jobPendMaps[j] + s.jobPendReduces[j]), -s.jobPendReduces[j]);
    s.jobPendMaps[j] = 0;
    s.jobPendReduces[j] = 0;
    s.reduceReady.refresh(j);
    s.mapPending.refresh(j);
    this.jobIndex[j] = undefined;
    this.nodeLive[j] = undefined;
    this.jobReduceQueue[j] = [];
    // In place (a native scan and one move), not a new array per finished job: a long trace keeps
    // thousands of jobs active. No scheduler iterates the list while a job can finish.
    const at = s.active.indexOf(j);
    if (at >= 0) s.active.splice(at, 1);
    this.events.jobFinished(j);
    for (const d of this.dependents[j]) {
      if (failed) {
        // A workflow step whose input never came cannot run: it fails too, at once.
        s.jobState[d] = J_ACTIVE;
        s.jobSubmit[d] = s.now;
        s.activate(d);
        this.completeJob(d, true);
      } else if (--this.jobDepsLeft[d] === 0) {
        s.heap.push(Math.max(finish, s.jobs[d].submit), PRIORITY[K_RELEASE], K_RELEASE, d, 0);
      }
    }
  }

  /** A task whose last attempt went away unfinished, or whose map output was lost: pending again. */
  requeueTask(task: number): void {
    const s = this.s;
    const j = s.tasks.job[task];
    s.tasks.state[task] = TaskState.Pending;
    const reduce = s.tasks.isReduce[task];
    s.addPending(j, 1, reduce);
    if (reduce) {
      s.jobPendReduces[j]++;
      this.jobReduceQueue[j].push(task);
    } else {
      s.jobPendMaps[j]++;
      s.mapPending.refresh(j);
      this.jobIndex[j]?.add(task);
      // A map pending again is searched whatever the node bits say.
      this.nodeLive[j] = undefined;
      s.pendingPlaces?.count(task, 1);
    }
    // A lost map output lowers the maps done (failures.ts) before its map is re-queued here.
    s.reduceReady.refresh(j);
    // Caches of the job's pending work (a policy's view of who waits) see it again.
    s.changed(j);
  }

  /** A pending map of job j for node n no further than maxLevel (ClusterView.findMap). */
  findMap(j: number, n: number, maxLevel: Locality, out: { level: Locality }, serverLocality: boolean): number {
    if (this.s.jobPendMaps[j] === 0) return -1;
    // A node-local search (Server without server locality searches the node alone too): the bits
    // answer a miss.
    if (maxLevel === Locality.Node || (maxLevel === Locality.Server && !serverLocality)) {
      const live = this.nodeLive[j];
      if (live !== undefined && ((live[n >>> 5] >>> (n & 31)) & 1) === 0) return -1;
    }
    return this.jobIndex[j]?.find(n, maxLevel, out, serverLocality) ?? -1;
  }

  /** The next pending reduce of job j, or -1. */
  nextReduce(j: number): number {
    const q = this.jobReduceQueue[j];
    const state = this.s.tasks.state;
    while (q.length && state[q[q.length - 1]] !== TaskState.Pending) q.pop();
    return q.length ? q[q.length - 1] : -1;
  }

  /** A reduce is launched: it leaves the job's queue of pending reduces. */
  takeReduce(j: number, task: number): void {
    const q = this.jobReduceQueue[j];
    const at = q.lastIndexOf(task);
    if (at >= 0) q.splice(at, 1);
  }

  /** Where a map's input is as seen from node n (None for a job that has finished). */
  localityOf(j: number, task: number, node: number): Locality {
    return this.jobIndex[j]?.localityOf(task, node) ?? Locality.None;
  }

  /** YARN: the application master's container for job j, on node n, for the job's lifetime. */
  placeAppMaster(j: number, n: number, memoryMb: number, vcores: number): boolean {
    const s = this.s;
    if (s.jobAmNode[j] >= 0) return false;
    s.jobAmNode[j] = n;
    s.appMastersAwaited--;
    s.jobAmMemory[j] = memoryMb;
    s.jobAmVcores[j] = vcores;
    s.lastProgress = s.now;
    s.changed(j);
    s.reserveMemory(n, memoryMb);
    s.nodeVcores[n] += vcores;
    s.appMastersMemoryMb += memoryMb;
    s.appMastersVcores += vcores;
    return true;
  }

  /**
   * Application masters on a lost node are lost with it; YARN starts a new attempt of each, which
   * the scheduler places like a new one (the job's finished tasks are kept). Returns how many the
   * node held, which the run's record of the loss counts.
   */
  dropAppMastersOn(node: number): number {
    const s = this.s;
    let dropped = 0;
    for (const j of s.active) {
      if (s.jobAmNode[j] !== node) continue;
      s.reserveMemory(node, -s.jobAmMemory[j]);
      s.appMastersMemoryMb -= s.jobAmMemory[j];
      s.appMastersVcores -= s.jobAmVcores[j];
      s.jobAmNode[j] = -1;
      s.jobAmMemory[j] = 0;
      s.appMastersAwaited++;
      s.changed(j);
      dropped++;
    }
    return dropped;
  }
}
