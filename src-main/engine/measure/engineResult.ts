import type { LaunchReasonKind } from '@shared/results/launchReason';
import type { StopReason } from '@shared/results/stopReasons';
import { SERIES_FIELDS } from '@shared/results/series';
import type { AriaTotals } from '@shared/aria/totals';
import type { JobLocalityCounts } from '@shared/results/jobLocality';
import type { MrClusterReport } from '@shared/cluster/mrClusters';
import type { OwnFigure } from '@shared/results/ownFigures';
import type { NodeLoss } from '@shared/results/nodeLosses';
import type { TemplateTotals } from './profiles';
import type { WorkCount } from '@shared/results/workCount';
import type { AttemptRecords } from './attemptRecords';

export interface JobOutcome {
  id: string;
  template: string;
  queue: string;
  /** NaN where the job never got that far. */
  submit: number;
  start: number;
  mapEnd: number;
  finish: number;
  status: 'succeeded' | 'failed' | 'unfinished';
  locality: JobLocalityCounts;
  maps: number;
  reduces: number;
  /** Running time with unlimited capacity and no contention (PRISM's ideal, for ANP). */
  idealSeconds: number;
  deadline?: number;
}

export interface SeriesSample {
  cpu: number;
  memory: number;
  disk: number;
  network: number;
  runningMaps: number;
  runningShuffles: number;
  runningReduces: number;
  pendingTasks: number;
}

export interface Series {
  intervalS: number;
  t: number[];
  values: Record<(typeof SERIES_FIELDS)[number], number[]>;
}

export interface EngineRunResult {
  jobs: JobOutcome[];
  records: AttemptRecords;
  /** Interned decision reasons; records.reason indexes this list. */
  reasons: string[];
  /** The kind of each reason (shared/results/launchReason.ts), so decisions can be counted by kind. */
  reasonKinds: LaunchReasonKind[];
  series: Series;
  simulatedSeconds: number;
  events: number;
  tasks: number;
  /** Time-weighted means over the run, 0..1. */
  utilization: { cpu: number; memory: number; disk: number; network: number };
  /** Map attempts launched (not speculative copies) by locality level; `none` = maps without input. */
  locality: { node: number; server: number; rack: number; offRack: number; none: number };
  failedAttempts: number;
  killedAttempts: number;
  schedulerCalls: number;
  /** Wall seconds spent in the scheduler, when a clock was given (not deterministic). */
  schedulerSeconds?: number;
  cancelled: boolean;
  /** A stop rule ended the run: it could no longer progress (jobs are left unfinished). */
  stalled: boolean;
  /** Which rule, when one did (stopRules.ts). */
  stopReason?: StopReason;
  /** Phase-level schedulers' permissions: which attempt record's phase started when, and why. */
  phaseDecisions: { record: number; phase: number; time: number; reason: number }[];
  /** Reported counters of finished tasks and phases, summed per template (for job profiles). */
  profiles: Record<string, TemplateTotals>;
  /** ARIA's stage durations and bytes per template (sec. 3.2 profiles). */
  aria: Record<string, AriaTotals>;
  /** Counts of work by kind (workCounters.ts): deterministic, for ceilings in tests and `--timing`. */
  work: WorkCount;
  /** Several MR-clusters balanced by FAWKES: each one's outcome (absent for other schedulers). */
  mrClusters?: MrClusterReport[];
  /** What a scheduler file's policy counted over the run (absent for the built-ins). */
  ownFigures?: OwnFigure[];
  /** The nodes the run lost, in the order they died (absent when none was: lifecycle/failures.ts). */
  nodeLosses?: NodeLoss[];
}

/**
 * Samples the state at fixed simulated instants. The state is piecewise constant between events,
 * so each sample is the state in force at its instant. Past 2,000 samples the interval doubles and
 * every other sample is dropped, so a run longer than expected still yields a bounded series.
 */
export class SeriesRecorder {
  /** The next sample instant; the engine checks it before calling advance (a hot path). */
  next: number;
  private readonly t: number[] = [];
  private readonly values = Object.fromEntries(SERIES_FIELDS.map((f) => [f, [] as number[]])) as Series['values'];

  constructor(private interval: number) {
    this.next = 0;
  }

  advance(to: number, source: { sampleState(): SeriesSample }): void {
    if (to < this.next) return;
    const s = source.sampleState();
    while (this.next <= to) {
      this.t.push(this.next);
      for (const f of SERIES_FIELDS) this.values[f].push(s[f]);
      this.next += this.interval;
      if (this.t.length > 2000) this.halve();
    }
  }

  private halve(): void {
    const keep = (a: number[]) => a.filter((_, i) => i % 2 === 0);
    const t = keep(this.t);
    this.t.length = 0;
    this.t.push(...t);
    for (const f of SERIES_FIELDS) {
      const v = keep(this.values[f]);
      this.values[f].length = 0;
      this.values[f].push(...v);
    }
    this.interval *= 2;
    this.next = this.t[this.t.length - 1] + this.interval;
  }

  result(): Series {
    return { intervalS: this.interval, t: this.t, values: this.values };
  }
}
