import { launchReasonText, type LaunchReason, type LaunchReasonKind } from '@shared/results/launchReason';
import type { StopReason } from '@shared/results/stopReasons';
import { AriaCounters } from './ariaCounters';
import { PhaseKind } from '../core/model';
import { idealSeconds } from '../jobs/jobAlone';
import type { PhaseWorkContext } from '../jobs/phases';
import { ProfileAccumulator } from './profiles';
import { AttemptRecords, type AttemptSink } from './attemptRecords';
import { SeriesRecorder, type EngineRunResult, type JobOutcome, type SeriesSample } from './engineResult';
import { J_DONE, type EngineState } from '../state/state';

/**
 * The run recorder (model.md "Metrics"): attempt records with their interned reasons, phase-start
 * decisions, the time series, the utilisation integrals, locality counts, the reported counters
 * for profiles, and the counters of the run. It only observes: nothing the engine decides reads it.
 */
export class RunRecorder {
  readonly records: AttemptRecords;
  readonly profiles = new ProfileAccumulator();
  readonly aria = new AriaCounters();
  /**
   * Why a paused phase was allowed to start (PRISM's decisions after the launch). Kept only when
   * the records stay in memory: no saved result holds them, so a streamed run does not grow them.
   */
  readonly resumeReasons: { record: number; phase: number; time: number; reason: number }[] = [];
  /** Map attempts launched (speculative copies aside) by locality level: node, server, rack, off-rack, no input. */
  readonly localityCounts = [0, 0, 0, 0, 0];
  /** The same per job, 5 per job. */
  readonly jobLocality: Int32Array;
  events = 0;
  schedulerCalls = 0;
  schedulerSeconds = 0;
  failedAttempts = 0;
  killedAttempts = 0;
  private readonly reasons: string[] = [];
  /** The kind of each interned reason (reasons[i] is in words, reasonKinds[i] its kind), for counting decisions by kind. */
  private readonly reasonKinds: LaunchReasonKind[] = [];
  private readonly reasonIndex = new Map<string, number>();
  private readonly series: SeriesRecorder;
  private readonly integral = { cpu: 0, disk: 0, net: 0, memory: 0 };
  private lastT = 0;
  /**
   * The utilisation in force since `segmentStart`: the integrals add a stretch of constant use in
   * one product when the use changes, so events that change nothing (a heartbeat that places
   * nothing) leave the sums bit for bit as they were, whether or not they were simulated.
   */
  private readonly segment = { cpu: 0, disk: 0, net: 0, memory: 0 };
  private segmentStart = 0;
  readonly keepPhaseDecisions: boolean;

  constructor(
    private readonly s: EngineState,
    private readonly work: PhaseWorkContext,
    sink?: AttemptSink,
  ) {
    this.records = new AttemptRecords(sink);
    this.keepPhaseDecisions = !sink;
    this.jobLocality = new Int32Array(s.jobs.length * 5);
    // A loop, not Math.max(...submits): a trace of 200,000 jobs overflows the call stack as arguments.
    let lastSubmit = 60;
    for (const job of s.jobs) if (job.submit > lastSubmit) lastSubmit = job.submit;
    const expected = lastSubmit * 2;
    this.series = new SeriesRecorder(s.options.sampleIntervalS ?? Math.max(1, expected / 400));
  }

  /**
   * The index of a decision's reason (its words and kind) in the run's list of distinct reasons.
   * Interned by its words: each kind's words begin in a way only it writes, so the words name the
   * kind too (checked here all the same: words another kind wrote first get an entry of their own).
   */
  internReason(reason: LaunchReason): number {
    const text = launchReasonText(reason);
    let i = this.reasonIndex.get(text);
    if (i !== undefined && this.reasonKinds[i] === reason.kind) return i;
    const key = i === undefined ? text : `${reason.kind}\u0000${text}`;
    i = this.reasonIndex.get(key);
    if (i === undefined) {
      i = this.reasons.length;
      this.reasons.push(text);
      this.reasonKinds.push(reason.kind);
      this.reasonIndex.set(key, i);
    }
    return i;
  }

  /** The clock moves to t: integrate the utilisation in force since the last move, take due samples. */
  advance(t: number): void {
    const dt = t - this.lastT;
    if (dt > 0) {
      const use = this.s.use;
      const seg = this.segment;
      if (use.cpu !== seg.cpu || use.disk !== seg.disk || use.net !== seg.net || use.memory !== seg.memory) {
        this.closeSegment();
        this.segmentStart = this.lastT;
        seg.cpu = use.cpu;
        seg.disk = use.disk;
        seg.net = use.net;
        seg.memory = use.memory;
      }
      if (t >= this.series.next) this.series.advance(t, this);
      this.lastT = t;
    }
  }

  /** Adds the stretch of constant use up to the last event to the integrals. */
  private closeSegment(): void {
    const span = this.lastT - this.segmentStart;
    const seg = this.segment;
    this.integral.cpu += seg.cpu * span;
    this.integral.disk += seg.disk * span;
    this.integral.net += seg.net * span;
    this.integral.memory += seg.memory * span;
    this.segmentStart = this.lastT;
  }

  /** The state at this instant, for the time series. */
  sampleState(): SeriesSample {
    const s = this.s;
    let maps = 0;
    let shuffles = 0;
    let reduces = 0;
    let pending = 0;
    for (const j of s.active) {
      maps += s.jobRunMaps[j];
      pending += s.jobPendMaps[j] + s.jobPendReduces[j];
      for (let a = s.jobAttempts.first(j); a >= 0; a = s.jobAttempts.after(a)) {
        if (!s.tasks.isReduce[s.at.task[a]]) continue;
        if (s.at.phase[a] === PhaseKind.Shuffle) shuffles++;
        else reduces++;
      }
    }
    return {
      cpu: s.use.cpu,
      memory: s.use.memory,
      disk: s.use.disk,
      network: s.use.net,
      runningMaps: maps,
      runningShuffles: shuffles,
      runningReduces: reduces,
      pendingTasks: pending,
    };
  }

  /** Everything the run produced, once the kernel has stopped. */
  result(flags: { cancelled: boolean; stopReason: StopReason | undefined; timed: boolean }): EngineRunResult {
    const s = this.s;
    this.advance(s.now);
    this.closeSegment();
    const records = this.records;
    records.finish();
    const loc = this.jobLocality;
    const jobs: JobOutcome[] = s.jobs.map((job, j) => ({
      id: job.id,
      template: job.template.name,
      queue: job.queue,
      submit: s.jobSubmit[j],
      start: s.jobStart[j],
      mapEnd: s.jobMapEnd[j],
      locality: { node: loc[j * 5], server: loc[j * 5 + 1], rack: loc[j * 5 + 2], offRack: loc[j * 5 + 3] },
      finish: s.jobFinish[j],
      status: s.jobState[j] !== J_DONE ? 'unfinished' : s.jobFailed[j] ? 'failed' : 'succeeded',
      maps: job.maps,
      reduces: job.reduces,
      idealSeconds: idealSeconds(this.work, s.topology, job, s.tasks, j),
      deadline: Number.isFinite(s.jobDeadline[j]) ? s.jobDeadline[j] : undefined,
    }));
    const span = s.now;
    const counts = this.localityCounts;
    return {
      jobs,
      records,
      reasons: this.reasons,
      reasonKinds: this.reasonKinds,
      series: this.series.result(),
      simulatedSeconds: span,
      events: this.events,
      tasks: s.tasks.count,
      utilization: {
        cpu: span > 0 ? this.integral.cpu / span : 0,
        memory: span > 0 ? this.integral.memory / span : 0,
        disk: span > 0 ? this.integral.disk / span : 0,
        network: span > 0 ? this.integral.net / span : 0,
      },
      locality: { node: counts[0], server: counts[1], rack: counts[2], offRack: counts[3], none: counts[4] },
      failedAttempts: this.failedAttempts,
      killedAttempts: this.killedAttempts,
      schedulerCalls: this.schedulerCalls,
      schedulerSeconds: flags.timed ? this.schedulerSeconds : undefined,
      cancelled: flags.cancelled,
      stalled: flags.stopReason !== undefined,
      ...(flags.stopReason ? { stopReason: flags.stopReason } : {}),
      profiles: this.profiles.result(),
      aria: this.aria.result(),
      work: s.work.snapshot(this.events, s.tasks.count),
      phaseDecisions: this.resumeReasons,
    };
  }
}
