import type { SimulationOptions } from '@shared/experiment/simulation';
import { AttemptLifecycle, KILLED } from '../lifecycle/attemptLifecycle';
import { SchedulerView } from '../scheduling/clusterView';
import { K_BEAT, K_DETECT, K_FAIL, K_HOST, K_RELEASE, K_REPLENISH, K_WAKE, PRIORITY } from '../core/events';
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
import type { AttemptSink } from '../measure/records';
import type { EngineRunResult, SeriesSample } from '../measure/result';
import type { Scheduler } from '../scheduling/schedulerApi';
import { EngineState } from '../state/state';
import { buildTaskTable, type TaskTable } from '../state/tasks';
import type { Topology } from '../core/topology';

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
   * Simulate every heartbeat, even those that can place nothing (the engine before issue 29 item
   * 4): the same run, more slowly. For the why-not probe, which lists every beat in its window, and
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
 * for its size): the clock, the event heap, the arrival cursor, heartbeats, dispatch of each event
 * to the part that owns it, and the stop rules. Pending events stay proportional to hosts, not
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
  private readonly simulateIdleBeats: boolean;
  private cancelled = false;
  /** Set when nothing runs, nothing is queued and heartbeats keep placing nothing: the run cannot go on. */
  private stalled = false;

  constructor(input: SimulationInput) {
    const { topology, jobs, options, seed, scheduler } = input;
    this.scheduler = scheduler;
    this.clock = input.clock;
    this.onProgress = input.onProgress;
    this.afterEvent = input.afterEvent;
    this.until = input.until;
    this.progressEvery = input.progressEvery ?? 200_000;
    this.simulateIdleBeats = input.simulateIdleBeats ?? false;
    const random = new Random(seed, 'scheduler');
    const attemptRandom = new Random(seed, 'attempts');
    const tasks = buildTaskTable(jobs, topology, { variation: new Random(seed, 'variation'), skew: new Random(seed, 'skew'), placement: new Random(seed, 'placement') });
    const work: PhaseWorkContext = { topo: topology, dom0CpuPerMb: options.dom0CpuPerMb };

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
    this.lifecycle = new AttemptLifecycle(s, this.rates, this.recorder, this.book, { ...work, nodeRole: s.nodeRole }, attemptRandom, Boolean(scheduler.gatesPhases), (task, counters) => scheduler.onTaskFinished?.(task, counters, this.view));
    this.failures = new Failures(s, this.rates, this.lifecycle, this.book, attemptRandom);
    this.view = new SchedulerView(s, this.rates, this.book, this.lifecycle, random, work);
    this.arrivalOrder = this.book.arrivalOrder();
    this.beats = new HeartbeatRounds(topology.nodeCount, this.heartbeatInterval, options.heartbeatOrder, seed);
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
    while (s.jobsDone < total && !this.cancelled) {
      const tTop = heap.peekTime();
      // Out-of-band beats are all due now; they come after the heap's events of this instant of lower priority.
      const tHeap = outOfBand.size > 0 ? s.now : tTop;
      const tArrival = this.arrivalCursor < this.arrivalOrder.length ? s.jobs[this.arrivalOrder[this.arrivalCursor]].submit : Infinity;
      // No heartbeat could place anything now: skip the beats up to the next event or arrival, after
      // which this is asked again (docs/model.md "Scheduling"). With nothing to come and work still
      // pending, the beats go on, so that the stop rules below see a wedged run.
      // Whether work waits that a beat could take: read once per event (nothing it reads changes between events).
      const work = !this.simulateIdleBeats && this.workWaits();
      if (this.simulateIdleBeats ? s.at.liveCount === 0 && s.pendingTotal === 0 : !work && s.pausedTotal === 0) {
        const next = Math.min(tHeap, tArrival);
        if (Number.isFinite(next)) {
          if (this.beats.nextTime < next) this.beats.skipTo(next);
        } else if (s.at.liveCount === 0 && s.pendingTotal === 0) break; // nothing can ever happen again (e.g. a dependency failed)
      }
      // Beats before the next event of nodes that can place nothing: nothing they read changes
      // before then, so they are not simulated (Scheduler.nodePlacesNothing; a node without a paused
      // phase while only phases paused elsewhere keep the beats going).
      if (!this.simulateIdleBeats && (this.scheduler.nodePlacesNothing || s.pausedTotal > 0)) this.skipIdleNodeBeats(Math.min(tHeap, tArrival, horizon), H, work);
      // The earliest of: a queued event, the next arrival, the next regular heartbeat. At equal
      // times the lower priority goes first (completions, failures, arrivals, heartbeats).
      const tBeat = this.beats.nextTime;
      let t = tTop;
      let p = heap.peekPriority();
      let which: 0 | 1 | 2 | 3 = 0;
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
      if (this.wedged(t, H, which)) {
        this.stalled = true;
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
        if (s.alive[node] && !this.nodeIdleNow(node)) this.heartbeat(node);
      }
      if (rates.pending) rates.flush();
      if (this.afterEvent) this.afterEvent(this);
      if (this.until && this.until()) break;
      if (this.onProgress && this.recorder.events % this.progressEvery === 0) {
        if (this.onProgress({ simTime: s.now, events: this.recorder.events, jobsDone: s.jobsDone, jobsTotal: total, live: this.recorder.sampleState() })) this.cancelled = true;
      }
    }
    const result = this.recorder.result({ cancelled: this.cancelled, stalled: this.stalled, timed: Boolean(this.clock) });
    const mrClusters = this.scheduler.report?.(this.view);
    if (mrClusters) result.mrClusters = mrClusters;
    return result;
  }

  /** Whether node n's heartbeat could place anything: work waits, or a paused phase there (not elsewhere) may go on. */
  private nodeBeatCouldPlace(n: number): boolean {
    return this.workWaits() || this.s.nodePaused[n] > 0;
  }

  /**
   * Moves past the regular beats before `limit` that could act on nothing: a dead node's, one with
   * no paused phase while no work waits (only phases paused elsewhere keep the beats going), or one
   * whose policy says it can place nothing at the beat's time (Scheduler.nodePlacesNothing) with no
   * paused phase on it. No event falls before `limit`, so nothing these read changes while they are
   * passed over; the first beat that could act stops it. With no event to come at all, it stops
   * after a round, so that the stop rules see the beats of a wedged run.
   */
  private skipIdleNodeBeats(limit: number, H: number, work: boolean): void {
    const s = this.s;
    const placesNothing = this.scheduler.nodePlacesNothing;
    const end = Number.isFinite(limit) ? limit : this.beats.nextTime + H;
    while (this.beats.nextTime < end) {
      const n = this.beats.peek();
      if (s.alive[n] && (s.nodePaused[n] > 0 || (work && (placesNothing === undefined || !placesNothing(n, this.view, this.beats.nextTime))))) return;
      this.beats.pass();
    }
  }

  /** Whether node n's policy says a beat now would place nothing, with no paused phase on it (skipIdleNodeBeats' test). */
  private nodeIdleNow(n: number): boolean {
    const placesNothing = this.scheduler.nodePlacesNothing;
    return !this.simulateIdleBeats && placesNothing !== undefined && this.s.nodePaused[n] === 0 && placesNothing(n, this.view, this.s.now);
  }

  /**
   * Work any node's heartbeat could take: a pending map, a reduce the slow-start rule lets start, an
   * application master to place (YARN policies only: Hadoop 1's have none, though the engine counts
   * their jobs as awaiting one), or the policy's own (Scheduler.wantsIdleBeats: a beat with running
   * attempts alone). With none, and no phase paused anywhere, no beat could place anything.
   */
  private workWaits(): boolean {
    const s = this.s;
    const sched = this.scheduler;
    if (s.pendingTotal > s.pendingReduceTotal || s.reduceReady.list.length > 0 || (sched.placesAppMasters === true && s.appMastersAwaited > 0)) return true;
    return sched.wantsIdleBeats !== undefined && s.at.liveCount > 0 && sched.wantsIdleBeats(this.view);
  }

  /** The stop rules for a run that can no longer progress, checked before the event at t. */
  private wedged(t: number, H: number, which: 0 | 1 | 2 | 3): boolean {
    const s = this.s;
    // A day of simulated time with running attempts but no phase ending, nothing launched and no
    // phase allowed to start: the scheduler has wedged itself (e.g. paused phases that never fit).
    if (t - s.lastProgress > Math.max(86_400, 1000 * H) && s.at.liveCount > 0) return true;
    // The same day with work pending and nothing running while only the scheduler's own wake-ups
    // keep the heap busy (a cluster-level policy that can no longer place anything).
    if (t - s.lastProgress > Math.max(86_400, 1000 * H) && s.wakeups > 0 && s.wakeups === s.heap.size + s.outOfBand.size && s.pendingTotal > 0 && s.at.liveCount === 0 && this.arrivalCursor >= this.arrivalOrder.length) return true;
    // Nothing running, nothing queued, no job to come, and nothing placed for ten minutes of
    // simulated time (longer than any locality wait): the scheduler cannot place the remaining
    // work (e.g. a container larger than any node).
    return which === 2 && s.at.liveCount === 0 && s.heap.size + s.outOfBand.size === 0 && this.arrivalCursor >= this.arrivalOrder.length && t - s.lastProgress > Math.max(600, 20 * H);
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
        this.failures.failNode(subject);
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
      case K_WAKE:
        this.s.wakeups--;
        this.scheduler.onWake?.(this.view);
        break;
    }
  }

  private heartbeat(node: number): void {
    if (this.s.active.length === 0) return;
    // Beats go on while a phase is paused somewhere; this node's places nothing without one here.
    if (!this.simulateIdleBeats && !this.nodeBeatCouldPlace(node)) return;
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
