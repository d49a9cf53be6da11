import type { MrClusterReport } from '@shared/cluster/mrClusters';
import type { Scheduler } from '../../engine/scheduling/schedulerApi';
import type { MrClusterView } from './mrClusterView';
import type { InnerView } from './design';
import { QueueSlowdown } from './queueSlowdown';

/** Where an MR-cluster is in its life (Ghit et al. sec. 3.1, Fig. 1). */
export const enum Stage {
  /** No jobs, holds nothing. */
  Inactive,
  /** Its first job arrived; waits in FAWKES' global FIFO queue for its minimum share. */
  Queued,
  /** Admitted: gathering its core nodes, then loading its data set (l^D). Runs nothing yet. */
  Loading,
  Active,
  /** Idle for T: saving its output to persistent storage (b^D) before its nodes are freed. */
  Saving,
}

const round = (x: number) => Number(x.toFixed(6));

/**
 * One MR-cluster as FAWKES manages it: its core nodes (the minimum share), the nodes it holds now,
 * its stage, the samples of the current interval, and what the run reports of it.
 */
export class MrCluster {
  stage = Stage.Inactive;
  /** Nodes it holds and may run tasks on (core and lent ones; not those leaving). */
  readonly nodes = new Set<number>();
  /** Nodes it is entitled to since the last re-balance. */
  target: number;
  weight = 0;
  /** End of data loading (l^D) or saving (b^D); NaN when neither is under way. */
  stageEnd = NaN;
  idleSince = NaN;
  firstRequest = NaN;
  minShareReachedS: number | null = null;
  /** Samples y_i of the current interval (sec. 4.2.2) and ∫ held nodes dt since the last interval. */
  sampleSum = 0;
  sampleCount = 0;
  heldNodeSeconds = 0;
  private heldSince = 0;
  /** The mean slowdown of the jobs in its queue so far (JS), kept as they come and go. */
  readonly queueSlowdown = new QueueSlowdown();

  // What the run reports.
  jobsTotal = 0;
  jobsDone = 0;
  tasksDone = 0;
  outputMb = 0;
  maxQueue = 0;
  reconfigurations = 0;
  dataMovedMb = 0;
  killedAttempts = 0;
  private lastDiscrimination = 0;
  private slowdownSum = 0;
  private slowdownCount = 0;
  private readonly series: MrClusterReport['series'] = { t: [], nodes: [], queue: [], weight: [], discrimination: [] };

  constructor(
    readonly index: number,
    readonly name: string,
    /** Its core nodes: where its data set lives, and its minimum share m_i (sec. 4.2.1). */
    readonly home: readonly number[],
    /** Cores of its core nodes: the static reference MR-cluster a job's slowdown is measured on. */
    readonly referenceCores: number,
    readonly dataSetMb: number,
    readonly view: MrClusterView,
    readonly inner: Scheduler<InnerView>,
  ) {
    this.target = home.length;
  }

  get minShare(): number {
    return this.home.length;
  }

  /** Whether it counts among FAWKES' active MR-clusters (monitored, weighted, holding its minimum share). */
  get monitored(): boolean {
    return this.stage === Stage.Loading || this.stage === Stage.Active;
  }

  /** Call before its node set changes: the held-nodes integral (eq. 2) runs up to now. */
  touch(now: number): void {
    this.heldNodeSeconds += this.nodes.size * (now - this.heldSince);
    this.heldSince = now;
  }

  startInterval(now: number): void {
    this.touch(now);
    this.heldNodeSeconds = 0;
    this.sampleSum = 0;
    this.sampleCount = 0;
  }

  jobFinished(slowdown: number | undefined): void {
    this.jobsDone++;
    if (slowdown !== undefined && Number.isFinite(slowdown)) {
      this.slowdownSum += slowdown;
      this.slowdownCount++;
    }
  }

  /** Sample its size, queue, weight and discrimination; the discrimination holds its last interval's value between intervals. */
  record(now: number, discrimination = this.lastDiscrimination): void {
    this.lastDiscrimination = discrimination;
    const s = this.series;
    s.t.push(round(now));
    s.nodes.push(this.nodes.size);
    s.queue.push(this.view.jobs.length);
    s.weight.push(round(this.weight));
    s.discrimination.push(round(discrimination));
  }

  report(): MrClusterReport {
    return {
      name: this.name,
      minShare: this.minShare,
      jobs: this.jobsTotal,
      avgSlowdown: this.slowdownCount > 0 ? round(this.slowdownSum / this.slowdownCount) : null,
      maxQueue: this.maxQueue,
      reconfigurations: this.reconfigurations,
      minShareReachedS: this.minShareReachedS === null ? null : round(this.minShareReachedS),
      dataMovedMb: round(this.dataMovedMb),
      killedAttempts: this.killedAttempts,
      series: this.series,
    };
  }
}
