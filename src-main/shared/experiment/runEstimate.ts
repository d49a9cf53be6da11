/**
 * What a batch will cost before it runs: events, memory and time per run, from its tasks,
 * on a machine like the studio's 2-core build machine. The coefficients are that machine's
 * benchmark of 2026-11-26 (the README's table of that day, commit aca8190: case (j), 8.3 M
 * tasks in 88.7 s at 1.79 GB, 6.3 events per task; (e), the policies' cost against FIFO on the
 * same day). They are rough by design: an estimate says whether a batch takes seconds or hours
 * and fits in memory, not its digits.
 * Above LARGE_RUN a batch is refused unless the user asks for it (the designer's "Run it anyway",
 * `run --allow-large`), as large generated workloads are; a queue worker refuses such a run too
 * unless the batch was allowed (runner/remote/queueWorker.ts).
 */

import { findDescription, type SchedulerSpec } from '../schedulers';

/** Events per simulated task. */
const EVENTS_PER_TASK = 6.3;
/** Memory of a run: a fixed part and bytes per task (the engine's typed arrays, jobs and records). */
const BASE_MB = 150;
const BYTES_PER_TASK = 216;
/** Tasks simulated per second under FIFO on one core. */
const TASKS_PER_SECOND = 90_000;
/**
 * What every run costs besides its tasks: a worker's start, the topology, each job's time alone,
 * the heartbeats of a long simulated day. Small runs are dominated by it, so the estimate is
 * coarse below a minute.
 */
const RUN_OVERHEAD_S = 1.5;
/**
 * What a policy costs per task against FIFO on the same day (bench (e)). ILA and IAO: their online
 * re-fits of the interference model, measured on 2026-11-30 alternating with bench (e) FIFO (7.9 and
 * 8.5 s for 229,604 tasks): the thresholds preset's mixed case, 2,845 tasks, took 11.2 and 13.5 s,
 * 121 times FIFO's per task. A larger run costs up to 1.4 times more per task (each re-fit holds up
 * to 2,000 recent observations beside the profiling samples). On 2026-12-01 the fits moved to the
 * studio's own Levenberg–Marquardt (models/levenbergMarquardt.ts): the dynamic-threshold run of
 * that case took 0.78 times as long (medians of six, alternating with the build before: 13.3 against
 * 17.1 s on a busier machine), so about 95 times FIFO's. LAO fits nothing.
 */
const POLICY_COST: Record<string, number> = { late: 4, prism: 2, ila: 95, iao: 95, lao: 1.5, minedf: 1.5, fawkes: 1.5 };

/**
 * A run refused unless asked for: more memory than a worker thread may take, more tasks than the
 * studio runs without asking, or a batch over an hour. The task bound holds even where memory and
 * time look affordable: a run of millions of tasks keeps a core busy for minutes, its result holds
 * every job, and the estimate's rates come from days far smaller (README "Benchmark": the largest,
 * (j), is 8.3 M tasks and is run on purpose).
 */
export const LARGE_RUN = { memoryMb: 3072, tasks: 5_000_000, batchSeconds: 3600 };

/** Why one run counts as large, in words; empty when it does not. */
export function largeRunReasons(tasks: number): string[] {
  const { memoryMb } = estimateRun({ tasks, scheduler: 'fifo' });
  const reasons: string[] = [];
  if (tasks > LARGE_RUN.tasks)
    reasons.push(`a run of ${tasks.toLocaleString('en-GB')} tasks, more than the ${LARGE_RUN.tasks.toLocaleString('en-GB')} the studio runs without asking`);
  if (memoryMb > LARGE_RUN.memoryMb)
    reasons.push(
      `a run of ${tasks.toLocaleString('en-GB')} tasks needs about ${formatMb(memoryMb)}, more than the ${formatMb(LARGE_RUN.memoryMb)} a run may take`,
    );
  return reasons;
}

export interface RunShape {
  /** Tasks of the run's jobs (maps and reduces). */
  tasks: number;
  /** What the run's policy is priced as: its kind, or what its card's settings make it (`policyCostKey`). */
  scheduler: string;
}

/** What a scheduler card is priced as: what its description says its settings make it (ILA's variant), else its kind. */
export function policyCostKey(spec: SchedulerSpec): string {
  const option = findDescription(spec.kind)?.costOption;
  const value = option === undefined ? undefined : (spec as Record<string, unknown>)[option];
  return value === undefined ? spec.kind : String(value);
}

export interface BatchEstimate {
  runs: number;
  /** The largest run's tasks, events and memory, and the longest run's seconds. */
  largestRun: { tasks: number; events: number; memoryMb: number; seconds: number };
  /** The whole batch on `threads` runs at once; on a queue's workers (threads null), the longest run. */
  seconds: number;
  threads: number | null;
  /** Why the batch counts as large, in words; empty when it does not. */
  large: string[];
}

export function estimateRun(run: RunShape): { events: number; memoryMb: number; seconds: number } {
  return {
    events: Math.round(run.tasks * EVENTS_PER_TASK),
    memoryMb: Math.round(BASE_MB + (run.tasks * BYTES_PER_TASK) / 2 ** 20),
    seconds: RUN_OVERHEAD_S + (run.tasks / TASKS_PER_SECOND) * (POLICY_COST[run.scheduler] ?? 1),
  };
}

/**
 * The batch on `threads` runs at once on this machine, or on a Redis queue's workers (null): how many
 * there are is not known here, so their batch is held back only for a run's memory, never its time.
 */
export function estimateBatch(runs: readonly RunShape[], threads: number | null): BatchEstimate {
  const each = runs.map(estimateRun);
  const total = each.reduce((s, e) => s + e.seconds, 0);
  const longest = Math.max(0, ...each.map((e) => e.seconds));
  const largestTasks = Math.max(0, ...runs.map((r) => r.tasks));
  const largest = estimateRun({ tasks: largestTasks, scheduler: 'fifo' });
  const t = threads === null ? null : Math.max(1, threads);
  // Runs at once share the batch; no batch is shorter than its longest run.
  const seconds = t === null ? longest : Math.max(longest, total / t);
  const large = largeRunReasons(largestTasks);
  if (t !== null && seconds > LARGE_RUN.batchSeconds)
    large.push(
      `the ${runs.length} run${runs.length === 1 ? '' : 's'} would take about ${formatSeconds(seconds)} on ${t} thread${t === 1 ? '' : 's'}, more than an hour`,
    );
  return {
    runs: runs.length,
    largestRun: { tasks: largestTasks, events: largest.events, memoryMb: largest.memoryMb, seconds: longest },
    seconds,
    threads: t,
    large,
  };
}

export const formatMb = (mb: number) => (mb >= 1024 ? `${(mb / 1024).toFixed(1)} GB` : `${Math.round(mb)} MB`);
/** Coarse on purpose: the estimate tells a minute from an hour, not 40 s from 50 s. */
export function formatSeconds(s: number): string {
  if (s < 60) return 'under a minute';
  if (s < 5400) return `${Math.round(s / 60)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}

/** The estimate in one sentence, as the designer and the CLI show it. */
export function describeEstimate(e: BatchEstimate): string {
  const time = formatSeconds(e.seconds);
  const about = time === 'under a minute' ? time : `about ${time}`;
  const where =
    e.threads === null
      ? `${about} for the longest run on a queue worker like the studio's 2-core build machine`
      : `${about} in all on ${e.threads} thread${e.threads === 1 ? '' : 's'} of a machine like the studio's 2-core build machine`;
  return `${e.runs} run${e.runs === 1 ? '' : 's'}, the largest ${e.largestRun.tasks.toLocaleString('en-GB')} tasks (about ${formatMb(e.largestRun.memoryMb)}); ${where}`;
}
