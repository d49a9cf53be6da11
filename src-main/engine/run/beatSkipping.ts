import type { HeartbeatRounds } from '../core/heartbeatRounds';
import type { SchedulerView } from '../scheduling/clusterView';
import type { Scheduler } from '../scheduling/schedulerApi';
import type { EngineState } from '../state/state';
import { dayWithoutProgress, noProgressDeadline } from './stopRules';

/**
 * Heartbeats that could place nothing are not simulated (docs/model.md "Scheduling"): a beat reads
 * only what the events change, so before the next event a node whose beat would find no work (or
 * whose policy says it places nothing then, Scheduler.nodePlacesNothing) is passed over. Skipping
 * changes no run, bit for bit (tests/unit/engine/engineFingerprints.test.ts runs every scenario both
 * ways); `simulateIdleBeats` turns it off (the why-not probe lists every beat in its window).
 */
export class BeatSkipping {
  constructor(
    private readonly s: EngineState,
    private readonly scheduler: Scheduler,
    private readonly view: SchedulerView,
    private readonly beats: HeartbeatRounds,
    readonly simulateIdleBeats: boolean,
    /** When the next phase ends at the rates of now (RateSolver.phaseEnds, phaseEndWatch.ts). */
    private readonly phaseEnd: () => number,
  ) {}

  /**
   * Before the next event is chosen: skip the regular beats that could act on nothing up to the
   * next event or arrival (after which this is asked again). With nothing to come and work still
   * pending, the beats go on, so that the stop rules see a wedged run. False when nothing can ever
   * happen again (e.g. a dependency failed): the run ends.
   */
  passIdleBeats(tHeap: number, tArrival: number, horizon: number, H: number): boolean {
    const s = this.s;
    // Whether work waits that a beat could take: read once per event (nothing it reads changes between events).
    const work = !this.simulateIdleBeats && this.workWaits();
    if (this.simulateIdleBeats ? s.at.liveCount === 0 && s.pendingTotal === 0 : !work && s.pausedTotal === 0) {
      const next = Math.min(tHeap, tArrival);
      if (Number.isFinite(next)) {
        if (this.beats.nextTime < next) this.beats.skipTo(next);
      } else if (s.at.liveCount === 0 && s.pendingTotal === 0) return false;
    }
    // Beats before the next event of nodes that can place nothing: nothing they read changes
    // before then, so they are not simulated (a node without a paused phase while only phases
    // paused elsewhere keep the beats going).
    if (!this.simulateIdleBeats && (this.scheduler.nodePlacesNothing || s.pausedTotal > 0)) this.skipIdleNodeBeats(Math.min(tHeap, tArrival, horizon), H, work);
    return true;
  }

  /** Whether node n's heartbeat, now due, is worth asking the policy about. */
  beatCouldPlace(n: number): boolean {
    return this.simulateIdleBeats || this.workWaits() || this.s.nodePaused[n] > 0;
  }

  /** Whether node n's policy says a beat now would place nothing, with no paused phase on it (an out-of-band beat is passed over then). */
  idleNow(n: number): boolean {
    const placesNothing = this.scheduler.nodePlacesNothing;
    if (this.simulateIdleBeats || placesNothing === undefined || this.s.nodePaused[n] > 0) return false;
    return this.askIdle(placesNothing, n, this.s.now);
  }

  /**
   * Moves past the regular beats before `limit` that could act on nothing: a dead node's, one with
   * no paused phase while no work waits (only phases paused elsewhere keep the beats going), or one
   * whose policy says it can place nothing at the beat's time (Scheduler.nodePlacesNothing) with no
   * paused phase on it. No event falls before `limit`, so nothing these read changes while they are
   * passed over; the first beat that could act stops it. With no event to come at all, it stops
   * after a round, so that the stop rules see the beats of a wedged run; with attempts running, it
   * stops at the first beat past the no-progress stop rule's deadline, which then ends the run (an
   * attempt on a core a billion times slower than the reference would otherwise have its beats
   * passed one by one until it ends, years of simulated time later).
   */
  private skipIdleNodeBeats(limit: number, H: number, work: boolean): void {
    const s = this.s;
    const placesNothing = this.scheduler.nodePlacesNothing;
    const end = Number.isFinite(limit) ? limit : this.beats.nextTime + H;
    // The day's deadline first; a phase due later moves it, asked once the beats reach the day.
    let deadline = s.at.liveCount > 0 ? dayWithoutProgress(s, H) : Infinity;
    let extended = false;
    while (this.beats.nextTime < end) {
      if (this.beats.nextTime > deadline) {
        if (extended) break;
        extended = true;
        deadline = noProgressDeadline(s, H, this.phaseEnd);
        if (this.beats.nextTime > deadline) break;
      }
      const n = this.beats.peek();
      if (s.alive[n] && (s.nodePaused[n] > 0 || (work && (placesNothing === undefined || !this.askIdle(placesNothing, n, this.beats.nextTime))))) return;
      this.beats.pass();
    }
  }

  /** The policy's nodePlacesNothing for node n at the beat's time `at`, counted (WorkCounters.idleChecks). */
  private askIdle(placesNothing: NonNullable<Scheduler['nodePlacesNothing']>, n: number, at: number): boolean {
    this.s.work.idleChecks++;
    return placesNothing(n, this.view, at);
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
}
