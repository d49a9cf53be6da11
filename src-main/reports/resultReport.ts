import { stoppedRunWords } from '@shared/results/stopReasons';
import type { NodeLoss } from '@shared/results/nodeLosses';
import { ownFigureMeans } from '@shared/results/ownFigures';
import type { ResultFile } from '@shared/experiment/experiment';
import { matchName } from '@shared/matchName';
import { knowRecordedCards } from '@shared/schedulers';
import { planBatch, recordedBatch } from '@shared/experiment/batchPlan';
import { runConcurrencyText } from '@shared/experiment/sweptRun';
import type { DecisionCount } from '@shared/results/decisionCounts';
import type { GanttData, RunData } from '@shared/results/runData';
import { mrClusterSummary, type MrClusterSummary } from '@shared/results/mrClusterSummary';
import { summaryRows, unpairedNote, type SummaryExportRow } from '@shared/results/summaryExport';
import { configurationLabel, type BatchRun } from '@shared/experiment/design';
import { METRICS } from '@shared/results/metrics';
import { sweepSeries, type SweepSeries } from '@shared/results/sweepSeries';
import { jobLocality, type JobLocalityReport } from './jobLocalityReport';
import { jobSpeedup } from './jobSpeedupReport';
import { paperClaimTable, type PaperClaimTable } from './paperClaims';

/** One scheduler's jobs against the baseline's, job by job (above 1: faster than the baseline). */
export interface SpeedupLine {
  scheduler: string;
  pairs: number;
  perJob: number;
  meanJct: number;
  /** Lowest and highest per-job speedup of a single seed. */
  lowestSeed: number;
  highestSeed: number;
  /** Student's paired t-test across seeds of the per-seed speedups against 1×; null with one seed (no verdict). */
  p: number | null;
}

/**
 * What the run history keeps of one run beyond a result file: the cluster's series over time and
 * the task attempts (thinned as the app's Gantt thins them). Result files carry neither.
 */
export interface ReportRun {
  scheduler: string;
  seed: number;
  series: RunData['series'];
  /** Null when the run kept no attempt records. */
  gantt: GanttData | null;
  nodes: string[];
  /** Every attempt the run started, counted by the kind of its reason; null when it kept no attempts. */
  decisions: DecisionCount[] | null;
}

/** Every table and series a report shows, computed once from a result file. */
export interface ResultReport {
  experiment: string;
  schedulers: string[];
  seeds: number[];
  baseline: string;
  summary: SummaryExportRow[];
  speedup: SpeedupLine[];
  locality: JobLocalityReport;
  /** Completion times of every finished job over all seeds, sorted: the JCT CDF. */
  jct: { scheduler: string; seconds: number[] }[];
  inputs?: ResultFile['inputs'];
  /** The first seed of each scheduler, when the report is made from the run history. */
  runs?: ReportRun[];
  /** Configurations (by label) whose runs were other jobs, in words (unpairedNote; empty when all pair): compared by Welch's test, with no per-job speedup. */
  unpaired: string;
  /** The paper's claim beside the studio's numbers, when the runs are of a paper preset (the Reproduce area). */
  paper?: PaperClaimTable;
  /** FAWKES runs: each policy's MR-clusters over its seeds (average job slowdown, resizing). */
  mrClusters?: MrClusterSummary;
  /** Runs a stop rule ended because they could no longer progress, each in a sentence (stopReasons.ts). */
  stopped: string[];
  /**
   * Every run with the nodes it lost, in the order they died (nodeLosses.ts), when any run lost
   * one; empty when none did.
   */
  nodeLosses: { scheduler: string; seed: number; losses: NodeLoss[] }[];
  /** What scheduler files' policies counted (their `report`), each run name's means over its seeds; empty when no run has such figures. */
  ownFigures: { scheduler: string; runs: number; means: { name: string; mean: number; runs: number }[] }[];
  /**
   * What each scheduler could run at once on the cluster its runs had ("80 map + 40 reduce
   * slots"), from the experiment the file recorded; empty when it recorded none.
   */
  atOnce: Record<string, string>;
  /** A swept experiment: mean job completion time against the swept value (the app's sweep chart); absent without a sweep. */
  sweep?: SweepSeries;
}

/**
 * The report of a result file, against `baseline` (default: the first scheduler); with `preset`,
 * the paper preset the runs are of, whose claim table the report shows.
 */
export function resultReport(result: ResultFile, baseline?: string, preset?: { file: string; reduced: boolean }): ResultReport {
  // A scheduler file that is not loaded here is named as its card was when it ran, not by its kind and option keys.
  knowRecordedCards(result.inputs?.plugins);
  const schedulers = [...new Set(result.runs.map((r) => r.scheduler))];
  const base = baseline === undefined ? schedulers[0] : (matchName(schedulers, baseline) ?? baseline);
  if (!schedulers.includes(base)) throw new Error(`no runs of scheduler "${base}" in this result (it has ${schedulers.map((s) => `"${s}"`).join(', ')})`);
  const groups = schedulers.map((s) => ({
    key: s,
    label: s,
    runs: result.runs
      .filter((r) => r.scheduler === s)
      .map((r) => ({ seed: r.seed, status: 'finished', summary: r.summary, ...(r.jobSet ? { jobSet: r.jobSet } : {}) })),
  }));
  const unpaired = unpairedNote(groups, (key) => key);
  const speedup: SpeedupLine[] = [];
  for (const s of schedulers) {
    if (s === base) continue;
    const row = jobSpeedup(result, s).rows.find((r) => r.scheduler === base);
    if (!row) continue;
    const perSeed = row.bySeed.map((x) => x.perJob);
    speedup.push({
      scheduler: s,
      pairs: row.pairs,
      perJob: row.perJob,
      meanJct: row.meanJct,
      lowestSeed: Math.min(...perSeed),
      highestSeed: Math.max(...perSeed),
      p: row.p,
    });
  }
  const jct = schedulers.map((s) => ({
    scheduler: s,
    seconds: result.runs
      .filter((r) => r.scheduler === s)
      .flatMap((r) => r.jobs.filter((j) => j.status === 'succeeded' && j.submit !== null && j.finish !== null).map((j) => j.finish! - j.submit!))
      .sort((a, b) => a - b),
  }));
  const paper = preset ? paperClaimTable(preset.file, preset.reduced, result) : undefined;
  const mrClusters = mrClusterSummary(result.runs);
  return {
    experiment: result.experiment,
    schedulers,
    seeds: [...new Set(result.runs.map((r) => r.seed))].sort((a, b) => a - b),
    baseline: base,
    summary: summaryRows(groups, base),
    unpaired,
    speedup,
    locality: jobLocality(result),
    jct,
    ...(result.inputs ? { inputs: result.inputs } : {}),
    ...(paper ? { paper } : {}),
    ...(mrClusters ? { mrClusters } : {}),
    stopped: result.runs.filter((r) => r.summary.stopped).map((r) => stoppedRunWords(r.scheduler, r.seed, r.summary)),
    atOnce: atOnce(result.inputs),
    ...sweepOf(result),
    nodeLosses: result.runs.some((r) => r.summary.nodeLosses?.length)
      ? result.runs.map((r) => ({ scheduler: r.scheduler, seed: r.seed, losses: r.summary.nodeLosses ?? [] }))
      : [],
    ownFigures: [...new Set(result.runs.map((r) => r.scheduler))].flatMap((scheduler) => {
      const runs = result.runs.filter((r) => r.scheduler === scheduler && r.summary.ownFigures?.length);
      return runs.length ? [{ scheduler, runs: runs.length, means: ownFigureMeans(runs.map((r) => r.summary.ownFigures)) }] : [];
    }),
  };
}

/** Each run name's capacity line, from the plan of the recorded experiment (a sweep applied). */
function atOnce(inputs: ResultFile['inputs']): Record<string, string> {
  const batch = recordedBatch(inputs);
  const out: Record<string, string> = {};
  if (!batch) return out;
  for (const run of planBatch(batch)) {
    if (run.label in out) continue;
    const text = runConcurrencyText(batch, run);
    if (text) out[run.label] = text;
  }
  return out;
}

/** What a report's sweep chart draws against the swept value. */
export const SWEEP_METRIC = METRICS.find((m) => m.key === 'meanJct')!;

/** The runs of a swept experiment as its plan placed them, for its chart: each result run at its plan's run by name and seed. */
function sweepOf(result: ResultFile): { sweep?: SweepSeries } {
  const batch = recordedBatch(result.inputs);
  if (!batch?.sweep) return {};
  const runs: BatchRun[] = [];
  for (const plan of planBatch(batch)) {
    const label = configurationLabel(batch, plan);
    const run = result.runs.find((r) => r.scheduler === label && r.seed === plan.seed);
    if (run) runs.push({ ...plan, status: 'finished', error: null, summary: run.summary, partial: false });
  }
  const series = sweepSeries(batch, runs, SWEEP_METRIC);
  return series ? { sweep: series } : {};
}
