import type { SimulationOptions } from '@shared/experiment/simulation';
import { AttemptLifecycle, KILLED } from '../lifecycle/attemptLifecycle';
import { SchedulerView } from '../scheduling/clusterView';
import { K_BEAT, K_DETECT, K_FAIL, K_HOST, K_POLL, K_RELEASE, K_REPLENISH, K_WAKE, PRIORITY } from '../core/events';
import { Failures } from '../lifecycle/failures';
import { HeartbeatRounds } from '../core/heartbeatRounds';
import { checkInvariants } from '../resources/invariants';
import { aloneSeconds } from '../jobs/jobAlone';
import { JobBook } from '../jobs/jobBook';
import { PendingMapPlaces } from '../state/pendingPlaces';
import type { EngineJob } from '../core/model';
import type { PhaseWorkContext } from '../jobs/phases';
import { Random } from '../core/random';
import { RateSolver } from '../resources/rateSolver';
import { RunRecorder } from '../measure/recorder';
import type { AttemptSink } from '../measure/attemptRecords';
import type { EngineRunResult, SeriesSample } from '../measure/engineResult';
import type { Scheduler } from '../scheduling/schedulerApi';
import { EngineState } from '../state/state';
import { buildTaskTable, type TaskTable } from '../state/tasks';
import type { Topology } from '../core/topology';
import { BeatSkipping } from './beatSkipping';
import { wedged, type NextSource } from './stopRules';
import type { StopReason } from '@shared/results/stopReasons';

export interface SimulationInput {
  topology: Topology;
  jobs: EngineJob[];
  options: SimulationOptions;
  seed: number;
  scheduler: Scheduler;
  /** Wall clock for measuring scheduler time per decision; results stay deterministic without it. */
  clock?: () => number;
  /** Called every ~`progressEvery` events with the cluster's state then (live charts); return true to stop (cancel). */
  onProgress?: (p: { simTime: number; events: number; jobsDone: number; jobsTotal: number; live: SeriesSample }) => boolean | void;
  progressEvery?: number;
  /** Called after every event with the simulation itself; for invariant tests, not for production. */
  afterEvent?: (sim: Simulation) => void;
  /** Stop the run as soon as this returns true (checked after each event; e.g. a probe task finished). */
  until?: () => boolean;
  /** Stream attempt records here as the run goes instead of keeping them all (records.ts). */
  attemptSink?: AttemptSink;
  /**
   * Simulate every heartbeat, even those that can place nothing (as the engine did before it
   * skipped them): the same run, more slowly. For the why-not probe, which lists every beat in its window, and
   * the test that skipping changes no result.
   */
  simulateIdleBeats?: boolean;
  /**
   * Job j's time alone, which its deadline factor multiplies; without it, the estimate from its
   * tasks' isolated times (jobAlone.ts). The runner passes a simulation of the job alone
   * (runner/timeAlone.ts): the engine never runs other simulations itself.
   */
  timeAlone?: (j: number) => number;
}

/** Hadoop 1's rule: every `heartbeatS`, but no more than `maxHeartbeatsPerSecond` beats a second over the cluster. */
export function heartbeatInterval(options: Pick<SimulationOptions, 'heartbeatS' | 'maxHeartbeatsPerSecond'>, topology: Pick<Topology, 'nodeCount'>): number {
  const perSecond = options.maxHeartbeatsPerSecond;
  return perSecond > 0 ? Math.max(options.heartbeatS, topology.nodeCount / perSecond) : options.heartbeatS;
}

const P_RELEASE = PRIORITY[K_RELEASE];
const P_BEAT = PRIORITY[K_BEAT];

/**
 * The kernel of the discrete-event engine (docs/architecture.md "Engine"; SimPy's core is the model
 * for its size): the clock, the choice of the next event (the heap, the arrival cursor, the
 * heartbeats; idle beats passed over in beatSkipping.ts), dispatch of each event to the part that
 * owns it, and the stop rules (stopRules.ts). Pending events stay proportional to hosts, not
 * tasks: each host has one "next completion" event (rateSolver.ts), regular heartbeats and
 * arrivals are walked by cursors instead of being queued.
 */
export class Simulation {
  /** What the scheduler sees and may do (also what tests inspect). */
  readonly view: SchedulerView;
  private readonly s: EngineState;
  private readonly rates: RateSolver;
  private readonly recorder: RunRecorder;
  private readonly book: JobBook;
  private readonly lifecycle: AttemptLifecycle;
  private readonly failures: Failures;
  private readonly beats: HeartbeatRounds;
  private readonly scheduler: Scheduler;
  private readonly arrivalOrder: number[];
  private arrivalCursor = 0;
  private readonly clock?: () => number;
  private readonly onProgress?: SimulationInput['onProgress'];
  private readonly afterEvent?: SimulationInput['afterEvent'];
  private readonly until?: SimulationInput['until'];
  private readonly progressEvery: number;
  private readonly skipping: BeatSkipping;
  private cancelled = false;
  /** The stop rule that ended a run that could no longer progress (stopRules.ts). */
  private stopReason: StopReason | undefined;

  constructor(input: SimulationInput) {
    const { topology, jobs, options, seed, scheduler } = input;
    this.scheduler = scheduler;
    this.clock = input.clock;
    this.onProgress = input.onProgress;
    this.afterEvent = input.afterEvent;
    this.until = input.until;
    this.progressEvery = input.progressEvery ?? 200_000;
    const random = new Random(seed, 'scheduler');
    const attemptRandom = new Random(seed, 'attempts');
    const tasks = buildTaskTable(jobs, topology, {
      variation: new Random(seed, 'variation'),
      skew: new Random(seed, 'skew'),
      placement: new Random(seed, 'placement'),
    });
    const work: PhaseWorkContext = { topo: topology, dom0CpuPerMb: options.dom0CpuPerMb, taskDiskMBps: options.taskDiskMBps ?? Infinity };

    const s = (this.s = new EngineState(topology, jobs, tasks, options));
    if (scheduler.tracksPendingPlaces === true) s.pendingPlaces = new PendingMapPlaces(tasks, topology);
    if (scheduler.tracksJobsWithAttempts === true) s.trackJobsWithAttempts();
    jobs.forEach((job, j) => {
      if (job.deadlineFactor !== undefined) s.jobDeadlineAfter[j] = job.deadlineFactor * (input.timeAlone?.(j) ?? aloneSeconds(work, topology, job, tasks, j));
    });
    this.rates = new RateSolver(s);
    this.recorder = new RunRecorder(s, work, input.attemptSink);
    this.book = new JobBook(s, {
      jobSubmitted: (j) => scheduler.onJobSubmitted?.(j, this.view),
      jobFinished: (j) => scheduler.onJobFinished?.(j, this.view),
      killAttempt: (a) => this.lifecycle.endAttempt(a, KILLED),
    });
    // Attempts see each node's FAWKES role; times alone (deadlines, ideals) are measured on core nodes.
    this.lifecycle = new AttemptLifecycle(
      s,
      this.rates,
      this.recorder,
      this.book,
      { ...work, nodeRole: s.nodeRole },
      attemptRandom,
      Boolean(scheduler.gatesPhases),
      (task, counters) => scheduler.onTaskFinished?.(task, counters, this.view),
    );
    this.failures = new Failures(s, this.rates, this.lifecycle, this.book, attemptRandom);
    this.view = new SchedulerView(s, this.rates, this.book, this.lifecycle, random, work);
    this.arrivalOrder = this.book.arrivalOrder();
    this.beats = new HeartbeatRounds(topology.nodeCount, this.heartbeatInterval, options.heartbeatOrder, seed);
    this.skipping = new BeatSkipping(s, scheduler, this.view, this.beats, input.simulateIdleBeats ?? false, () => this.rates.phaseEnds.next(s.now));
    this.failures.schedule(seed);
  }

  get now(): number {
    return this.s.now;
  }

  /** The run's tasks as drawn from the seed (sizes, skew, replicas): what conservation checks need. */
  get tasks(): TaskTable {
    return this.s.tasks;
  }

  /** The regular heartbeat interval in force (model.md "Scheduling"; Hadoop 1's scaling rule). */
  get heartbeatInterval(): number {
    return heartbeatInterval(this.s.options, this.s.topology);
  }

  run(): EngineRunResult {
    const s = this.s;
    const heap = s.heap;
    const rates = this.rates;
    const H = this.heartbeatInterval;
    const horizon = s.options.horizonS ?? Infinity;
    const total = s.jobs.length;
    const outOfBand = s.outOfBand;
    const phaseEnd = () => rates.phaseEnds.next(s.now);
    while (s.jobsDone < total && !this.cancelled) {
      const tTop = heap.peekTime();
      // Out-of-band beats are all due now; they come after the heap's events of this instant of lower priority.
      const tHeap = outOfBand.size > 0 ? s.now : tTop;
      const tArrival = this.arrivalCursor < this.arrivalOrder.length ? s.jobs[this.arrivalOrder[this.arrivalCursor]].submit : Infinity;
      // Beats that could place nothing before the next event are passed over (beatSkipping.ts).
      if (!this.skipping.passIdleBeats(tHeap, tArrival, horizon, H)) break;
      // The earliest of: a queued event, the next arrival, the next regular heartbeat. At equal
      // times the lower priority goes first (completions, failures, arrivals, heartbeats).
      const tBeat = this.beats.nextTime;
      let t = tTop;
      let p = heap.peekPriority();
      let which: NextSource = 0;
      if (outOfBand.size > 0 && (s.now < t || (s.now === t && P_BEAT < p))) {
        t = s.now;
        p = P_BEAT;
        which = 3;
      }
      if (tArrival < t || (tArrival === t && P_RELEASE < p)) {
        t = tArrival;
        p = P_RELEASE;
        which = 1;
      }
      if (tBeat < t || (tBeat === t && P_BEAT < p)) {
        t = tBeat;
        which = 2;
      }
      if (t > horizon) {
        // The run ends at its horizon, whether or not a beat fell just before it.
        this.recorder.advance(horizon);
        s.now = horizon;
        break;
      }
      const stop = wedged(s, t, H, which, this.arrivalCursor < this.arrivalOrder.length, phaseEnd);
      if (stop) {
        this.stopReason = stop;
        break;
      }
      this.recorder.advance(t);
      s.now = t;
      this.recorder.events++;
      if (which === 0) {
        heap.pop();
        this.dispatch(heap.topKind, heap.topSubject, heap.topVersion);
      } else if (which === 1) {
        this.book.submitJob(this.arrivalOrder[this.arrivalCursor++]);
      } else if (which === 2) {
        const node = this.beats.take();
        if (s.alive[node]) this.heartbeat(node);
      } else {
        // An out-of-band beat the policy says can place nothing is passed over as a regular one is.
        const node = outOfBand.shift();
        if (s.alive[node] && !this.skipping.idleNow(node)) this.heartbeat(node);
      }
      if (rates.pending) rates.flush();
      if (this.afterEvent) this.afterEvent(this);
      if (this.until && this.until()) break;
      if (this.onProgress && this.recorder.events % this.progressEvery === 0) {
        if (this.onProgress({ simTime: s.now, events: this.recorder.events, jobsDone: s.jobsDone, jobsTotal: total, live: this.recorder.sampleState() }))
          this.cancelled = true;
      }
    }
    const result = this.recorder.result({ cancelled: this.cancelled, stopReason: this.stopReason, timed: Boolean(this.clock) });
    const mrClusters = this.scheduler.report?.(this.view);
    if (mrClusters) result.mrClusters = mrClusters;
    const ownFigures = this.scheduler.ownFigures?.(this.view);
    if (ownFigures?.length) result.ownFigures = ownFigures;
    const nodeLosses = this.failures.report();
    if (nodeLosses.length) result.nodeLosses = nodeLosses;
    return result;
  }

  private dispatch(kind: number, subject: number, version: number): void {
    switch (kind) {
      case K_HOST:
        if (version === this.rates.hostVersion[subject]) {
          const ended = this.rates.phasesEndedOn(subject);
          const at = this.s.at;
          for (let i = 0; i < ended.length; i++) if (at.alive[ended[i]]) this.lifecycle.phaseDone(ended[i]);
        }
        break;
      case K_FAIL:
        this.failures.failNode(subject, version);
        break;
      case K_DETECT:
        this.failures.detectLostNode(subject);
        break;
      case K_REPLENISH:
        this.failures.replenishNode(subject);
        break;
      case K_RELEASE:
        this.book.submitJob(subject);
        break;
      case K_POLL:
        this.lifecycle.mapOutputPoll.ask();
        break;
      case K_WAKE:
        this.s.wakeups--;
        this.scheduler.onWake?.(this.view);
        break;
    }
  }

  private heartbeat(node: number): void {
    if (this.s.active.length === 0) return;
    // Beats go on while a phase is paused somewhere; this node's places nothing without one here.
    if (!this.skipping.beatCouldPlace(node)) return;
    this.recorder.schedulerCalls++;
    this.s.work.heartbeats++;
    if (this.clock) {
      const t0 = this.clock();
      this.scheduler.onHeartbeat(node, this.view);
      this.recorder.schedulerSeconds += (this.clock() - t0) / 1000;
    } else {
      this.scheduler.onHeartbeat(node, this.view);
    }
  }

  /** Physical limits at this instant (invariants.ts); for tests. */
  checkInvariants(): string[] {
    return checkInvariants(this.s, this.rates);
  }

  /** The state at this instant, as the time series samples it. */
  sampleState(): SeriesSample {
    return this.recorder.sampleState();
  }
}

export function simulate(input: SimulationInput): EngineRunResult {
  return new Simulation(input).run();
}
