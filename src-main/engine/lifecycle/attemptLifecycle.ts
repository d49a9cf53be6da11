import type { LaunchReason } from '@shared/results/launchReason';
import { W_SIZE as SIZE } from '../state/attempts';
import type { JobBook } from '../jobs/jobBook';
import { PhaseKind, TaskState } from '../core/model';
import { phaseIo, phaseWork, type PhaseIo, type PhaseWorkContext } from '../jobs/phases';
import type { TaskCounters } from '../measure/profiles';
import type { Random } from '../core/random';
import type { RateSolver } from '../resources/rateSolver';
import type { RunRecorder } from '../measure/recorder';
import { J_ACTIVE, type EngineState } from '../state/state';
import { cpuFactorOf } from '../state/tasks';
import { Locality, NODE_TRANSIENT } from '../core/topology';
import { MapOutputPoll } from './mapOutputPoll';
import { ShuffleLimits } from './shuffleLimits';

const W_SIZE = SIZE;

/** Outcome of an attempt's end. */
export const SUCCEEDED = 0;
export const FAILED = 1;
export const KILLED = 2;
export type AttemptOutcome = typeof SUCCEEDED | typeof FAILED | typeof KILLED;

/** Options of a launch, as the scheduler gives them (ClusterView.launch). */
export interface LaunchOptions {
  memoryMb?: number;
  vcores?: number;
  speculative?: boolean;
}

/**
 * The attempt lifecycle (model.md "Jobs and tasks", "Phases"): launch, the phases a map (map,
 * merge) or reduce (shuffle, sort, reduce) goes through, pauses between phases for phase-level
 * schedulers (PRISM), and the end of an attempt — success, failure or kill — with what follows
 * from it for the task and its job.
 */
export class AttemptLifecycle {
  private readonly ioScratch: PhaseIo = { cpuS: 0, hdfsReadMb: 0, hdfsWriteMb: 0, fsReadMb: 0, fsWriteMb: 0, fetchMb: 0 };
  /** How far each shuffle may fetch: the map output its reduce has heard of. */
  readonly shuffles: ShuffleLimits;
  /** When the job's shuffles hear of its finished maps (the kernel runs its asks, K_POLL). */
  readonly mapOutputPoll: MapOutputPoll;

  constructor(
    private readonly s: EngineState,
    private readonly rates: RateSolver,
    private readonly recorder: RunRecorder,
    private readonly book: JobBook,
    private readonly work: PhaseWorkContext,
    private readonly attemptRandom: Random,
    private readonly gatesPhases: boolean,
    private readonly taskFinished: (task: number, counters: TaskCounters) => void,
  ) {
    this.shuffles = new ShuffleLimits(s, rates);
    this.mapOutputPoll = new MapOutputPoll(s, (j) => this.shuffles.update(j));
  }

  launch(task: number, node: number, reason: LaunchReason | (() => LaunchReason), options?: LaunchOptions): boolean {
    const s = this.s;
    const tasks = s.tasks;
    const speculative = options?.speculative ?? false;
    if (!s.alive[node]) return false;
    const j = tasks.job[task];
    if (s.jobState[j] !== J_ACTIVE) return false;
    if (speculative ? tasks.state[task] !== TaskState.Running : tasks.state[task] !== TaskState.Pending) return false;
    const isReduce = tasks.isReduce[task] === 1;
    if (isReduce && !speculative) this.book.takeReduce(j, task);
    const job = s.jobs[j];
    const memory = options?.memoryMb ?? (isReduce ? job.template.reduceMemoryMb : job.template.mapMemoryMb);
    const vcores = options?.vcores ?? 1;
    const at = s.at;
    const a = at.create();
    s.lastProgress = s.now;
    s.changed(j, a);
    const host = s.topology.nodeHost[node];
    this.rates.touchHost(host);
    at.task[a] = task;
    at.node[a] = node;
    at.host[a] = host;
    at.start[a] = s.now;
    at.phaseStart[a] = s.now;
    at.memoryMb[a] = memory;
    at.vcores[a] = vcores;
    at.speculative[a] = speculative ? 1 : 0;
    const locality = isReduce ? Locality.None : this.book.localityOf(j, task, node);
    at.locality[a] = locality;
    if (!speculative && !isReduce) {
      this.recorder.localityCounts[locality]++;
      this.recorder.jobLocality[j * 5 + locality]++;
    }
    s.reserveMemory(node, memory);
    s.nodeVcores[node] += vcores;
    // A node asked to hold more than it has: the attempt dies, as an over-committed task does.
    if (s.nodeMemory[node] > s.topology.nodeMemoryMb[node] + 1e-6) at.doomed[a] = 1;
    if (s.options.taskFailureProbability > 0 && this.attemptRandom.next() < s.options.taskFailureProbability) at.doomed[a] = 1;
    if (!speculative) {
      tasks.state[task] = TaskState.Running;
      tasks.attempts[task]++;
      if (isReduce) {
        s.jobPendReduces[j]--;
        s.reduceReady.refresh(j);
      } else {
        s.pendingPlaces?.count(task, -1);
        s.jobPendMaps[j]--;
        s.mapPending.refresh(j);
      }
      s.addPending(j, -1, isReduce ? -1 : 0);
    }
    tasks.running[task]++;
    if (isReduce) {
      s.jobRunReduces[j]++;
      s.nodeRunReduces[node]++;
    } else {
      s.jobRunMaps[j]++;
      s.nodeRunMaps[node]++;
    }
    if (Number.isNaN(s.jobStart[j])) s.jobStart[j] = s.now;
    s.jobAttempts.add(j, a);
    s.attemptsLive?.refresh(j);
    if (isReduce) s.jobReduceAttempts.add(j, a);
    if (s.options.recordAttempts)
      at.record[a] = this.recorder.records.add(
        task,
        node,
        s.now,
        locality,
        speculative,
        this.recorder.internReason(typeof reason === 'function' ? reason() : reason),
      );
    this.startPhase(a, isReduce ? PhaseKind.Shuffle : PhaseKind.Map);
    this.count(a, j, 1);
    return true;
  }

  /** Count the attempt in (or out of) its job's attempts by phase and pause (ClusterView.jobAttemptCount). */
  private count(a: number, j: number, d: 1 | -1): void {
    const paused = this.s.at.paused[a];
    this.s.jobPhaseCount[j * 10 + this.s.at.phase[a] * 2 + paused] += d;
    if (paused) {
      this.s.pausedTotal += d;
      this.s.nodePaused[this.s.at.node[a]] += d;
    }
  }

  private startPhase(a: number, phase: PhaseKind): void {
    const s = this.s;
    const at = s.at;
    const rates = this.rates;
    const task = at.task[a];
    const j = s.tasks.job[task];
    rates.setUplinkWork(a, false);
    rates.detachSource(a);
    at.phase[a] = phase;
    at.prog[a] = 0;
    at.phaseStart[a] = s.now;
    phaseWork(
      this.work,
      s.jobs[j],
      phase,
      s.tasks.size[task],
      s.tasks.factor[task],
      cpuFactorOf(s.tasks, task),
      at.locality[a],
      at.node[a],
      at.work,
      a * W_SIZE,
    );
    if (phase === PhaseKind.Map) rates.attachSource(a);
    if ((phase === PhaseKind.Map || phase === PhaseKind.Reduce) && s.nodeRole[at.node[a]] === NODE_TRANSIENT) rates.attachSink(a);
    at.lim[a] = phase === PhaseKind.Shuffle ? this.shuffles.limit(j) : 1;
    rates.attachToHost(a);
    rates.setUplinkWork(a, true);
    rates.markDirty(at.host[a]);
  }

  /** End an attempt: its container is released; a task left with no attempt is pending again. */
  endAttempt(a: number, outcome: AttemptOutcome): void {
    const s = this.s;
    const at = s.at;
    if (!at.alive[a]) return;
    const task = at.task[a];
    const node = at.node[a];
    const j = s.tasks.job[task];
    this.rates.touchHost(at.host[a]);
    this.rates.setUplinkWork(a, false);
    this.rates.removeFromHost(a);
    const r = at.record[a];
    if (r >= 0) {
      this.recorder.records.close(r, s.now, outcome);
    }
    s.reserveMemory(node, -at.memoryMb[a]);
    s.nodeVcores[node] -= at.vcores[a];
    s.tasks.running[task]--;
    if (s.tasks.isReduce[task]) {
      s.jobRunReduces[j]--;
      s.nodeRunReduces[node]--;
    } else {
      s.jobRunMaps[j]--;
      s.nodeRunMaps[node]--;
    }
    s.jobAttempts.delete(j, a);
    s.attemptsLive?.refresh(j);
    if (s.tasks.isReduce[task] === 1) s.jobReduceAttempts.delete(j, a);
    this.count(a, j, -1);
    s.changed(j, -a - 1);
    if (outcome === FAILED) this.recorder.failedAttempts++;
    if (outcome === KILLED) this.recorder.killedAttempts++;
    at.release(a);
    // The last attempt of a running task went away without finishing it: the task is pending again.
    if (outcome !== SUCCEEDED && s.tasks.state[task] === TaskState.Running && s.tasks.running[task] === 0 && s.jobState[j] === J_ACTIVE) {
      if (outcome === FAILED && s.tasks.attempts[task] >= s.options.maxAttempts) {
        this.book.completeJob(j, true);
        return;
      }
      this.book.requeueTask(task);
    }
  }

  /** The attempt reached the end of its current phase (the rate solver found it done). */
  phaseDone(a: number): void {
    const s = this.s;
    const at = s.at;
    s.lastProgress = s.now;
    const task = at.task[a];
    const j = s.tasks.job[task];
    const r = at.record[a];
    if (r >= 0) this.recorder.records.phaseEnded(r, at.phase[a], s.now);
    if (at.doomed[a]) {
      this.endAttempt(a, FAILED);
      this.outOfBandBeat(at.node[a]);
      return;
    }
    const phase = at.phase[a] as PhaseKind;
    if (phase === PhaseKind.Sort) at.sortEnd[a] = s.now;
    const job = s.jobs[j];
    const io = phaseIo(job, phase, s.tasks.size[task], s.tasks.factor[task], cpuFactorOf(s.tasks, task), this.ioScratch);
    const speed = s.topology.hostSpeed[at.host[a]];
    this.recorder.profiles.addPhase(
      job.template.name,
      phase,
      s.now - at.phaseStart[a],
      io.cpuS / speed,
      io.fsReadMb + io.fsWriteMb,
      io.hdfsReadMb + io.hdfsWriteMb,
      io.fetchMb,
      at.memoryMb[a],
    );
    let next: PhaseKind | -1 = -1;
    if (phase === PhaseKind.Map) next = s.tasks.jobReduceCount[j] > 0 ? PhaseKind.Merge : -1;
    else if (phase === PhaseKind.Shuffle) next = PhaseKind.Sort;
    else if (phase === PhaseKind.Sort) next = PhaseKind.Reduce;
    if (next !== -1) {
      if (this.gatesPhases) this.pausePhase(a, next);
      else {
        this.count(a, j, -1);
        this.startPhase(a, next);
        this.count(a, j, 1);
      }
      return;
    }
    this.taskDone(a);
  }

  /**
   * The attempt finished a phase and waits for permission to start `next` (PRISM sec. 4, Fig. 5):
   * it keeps its container (memory) but uses no CPU, disk or network until resumed.
   */
  private pausePhase(a: number, next: PhaseKind): void {
    const s = this.s;
    const at = s.at;
    this.rates.setUplinkWork(a, false);
    this.rates.detachSource(a);
    const j = s.tasks.job[at.task[a]];
    this.count(a, j, -1);
    at.phase[a] = next;
    at.paused[a] = 1;
    this.count(a, j, 1);
    at.pausedSince[a] = s.now;
    at.prog[a] = 0;
    at.lim[a] = 0;
    for (let k = 0; k < W_SIZE; k++) at.work[a * W_SIZE + k] = 0;
    this.rates.markDirty(at.host[a]);
    s.changed(j);
    // The node asks the scheduler at once, as it would for a finished task.
    this.outOfBandBeat(at.node[a]);
  }

  resumePhase(a: number, reason: LaunchReason | (() => LaunchReason)): boolean {
    const s = this.s;
    const at = s.at;
    if (!at.alive[a] || !at.paused[a] || !s.alive[at.node[a]]) return false;
    const j = s.tasks.job[at.task[a]];
    this.count(a, j, -1);
    at.paused[a] = 0;
    this.count(a, j, 1);
    s.lastProgress = s.now;
    this.rates.touchHost(at.host[a]);
    this.startPhase(a, at.phase[a] as PhaseKind);
    s.changed(j);
    if (at.record[a] >= 0 && this.recorder.keepPhaseDecisions)
      this.recorder.resumeReasons.push({
        record: at.record[a],
        phase: at.phase[a],
        time: s.now,
        reason: this.recorder.internReason(typeof reason === 'function' ? reason() : reason),
      });
    return true;
  }

  private taskDone(a: number): void {
    const s = this.s;
    const at = s.at;
    const task = at.task[a];
    const node = at.node[a];
    const j = s.tasks.job[task];
    const isReduce = s.tasks.isReduce[task] === 1;
    s.tasks.state[task] = TaskState.Done;
    if (!isReduce) s.tasks.outputNode[task] = node;
    const counters = this.taskCounters(a);
    // Output written through this node's own DataNode stays on it (FAWKES sec. 3.2: what delayed pre-emption must copy off).
    if (counters.hdfsWriteMb > 0 && s.nodeRole[node] !== NODE_TRANSIENT) s.nodeStoredMb[node] += counters.hdfsWriteMb;
    const { template: t, maps } = s.jobs[j];
    const template = t.name;
    this.recorder.profiles.addTask(template, counters);
    if (isReduce) this.recorder.aria.reduceDone(j, template, maps, at.start[a], at.sortEnd[a], s.now, s.jobMapEnd[j], counters.fetchMb, counters.hdfsWriteMb);
    else this.recorder.aria.mapDone(j, template, maps, counters.wallSeconds, counters.hdfsReadMb, counters.fsWriteMb + counters.hdfsWriteMb);
    this.taskFinished(task, counters);
    this.endAttempt(a, SUCCEEDED);
    // Speculative twins lose the race.
    if (s.tasks.running[task] > 0) for (const other of s.jobAttempts.toArray(j)) if (at.task[other] === task) this.endAttempt(other, KILLED);
    if (isReduce) s.jobReducesDone[j]++;
    else {
      s.jobMapsDone[j]++;
      s.reduceReady.refresh(j);
      if (s.jobMapsDone[j] === s.tasks.jobMapCount[j]) s.jobMapEnd[j] = s.now;
      this.mapOutputPoll.mapEnded(j);
    }
    if (s.jobMapsDone[j] === s.tasks.jobMapCount[j] && s.jobReducesDone[j] === s.tasks.jobReduceCount[j]) this.book.completeJob(j, false);
    this.outOfBandBeat(node);
  }

  /** The counters a finished attempt reports (Hadoop's CPU time and FileSystem / HDFS bytes). */
  private taskCounters(a: number): TaskCounters {
    const s = this.s;
    const at = s.at;
    const task = at.task[a];
    const job = s.jobs[s.tasks.job[task]];
    const isReduce = s.tasks.isReduce[task] === 1;
    const phases = isReduce ? [PhaseKind.Shuffle, PhaseKind.Sort, PhaseKind.Reduce] : job.reduces > 0 ? [PhaseKind.Map, PhaseKind.Merge] : [PhaseKind.Map];
    const host = at.host[a];
    const topo = s.topology;
    const c: TaskCounters = {
      isReduce,
      wallSeconds: s.now - at.start[a],
      cpuSeconds: 0,
      fsReadMb: 0,
      fsWriteMb: 0,
      hdfsReadMb: 0,
      hdfsWriteMb: 0,
      fetchMb: 0,
      diskMBps: topo.hostDiskMBps[host] / topo.hostDisks[host],
      memoryMb: at.memoryMb[a],
    };
    for (const p of phases) {
      const io = phaseIo(job, p, s.tasks.size[task], s.tasks.factor[task], cpuFactorOf(s.tasks, task), this.ioScratch);
      c.cpuSeconds += io.cpuS / topo.hostSpeed[host];
      c.fsReadMb += io.fsReadMb;
      c.fsWriteMb += io.fsWriteMb;
      c.hdfsReadMb += io.hdfsReadMb;
      c.hdfsWriteMb += io.hdfsWriteMb;
      c.fetchMb += io.fetchMb;
    }
    return c;
  }

  /** The node heartbeats at once after a task ends on it (Hadoop's out-of-band heartbeat). */
  outOfBandBeat(node: number): void {
    if (this.s.options.outOfBandHeartbeat && this.s.alive[node]) this.s.outOfBand.push(node);
  }
}
