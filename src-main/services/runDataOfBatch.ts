import { configurationLabel, type BatchDetail } from '@shared/experiment/design';
import { countAttempts, reasonKindsOf } from '@shared/results/decisionCounts';
import type { RunData, WhyAnswer, WhyAttempt } from '@shared/results/runData';
import { OUTCOME_NAMES } from '../engine/measure/attemptRecords';
import { lossThatKilled } from '@shared/results/nodeLosses';
import { SERIES_FIELDS } from '@shared/results/series';
import { compileTopology, LOCALITY_NAMES } from '../engine/core/topology';
import { resolveRun } from '../runner/matrix';
import { ATTEMPT, ATTEMPT_PREFIX, SERIES_T, seriesColumn } from '../runner/runColumns';
import type { BatchesRepo } from '../store/batchesRepo';
import type { Column } from '../formats/columns';
import { pickGanttAttempts } from './ganttSample';

const PHASES = 5;
/** What the why-panel reads of each run's attempts (not their phase ends, a third of the blob). */
const WHY_COLUMNS = new Set<string>([
  ATTEMPT.task,
  ATTEMPT.node,
  ATTEMPT.start,
  ATTEMPT.end,
  ATTEMPT.locality,
  ATTEMPT.outcome,
  ATTEMPT.speculative,
  ATTEMPT.reason,
]);
/** Beyond this many attempts the Gantt chart is thinned (ganttSample.ts: the span and the longest are kept; the page stays responsive). */
const MAX_GANTT_BARS = 150_000;

const list = (c: Column | undefined) => (c ? Array.from(c) : []);
const num = (x: number) => (Number.isFinite(x) ? x : null);

/** Worker node names of the run's cluster (the sweep may have resized it), for the Gantt and why views. */
function nodeNames(batch: BatchDetail, run: number): string[] {
  // Runs opened from a result file without its experiment (also inside a comparison across history) name no cluster.
  if (!(batch.plan[run].cluster in batch.inputs.clusters)) return [];
  return compileTopology(resolveRun(batch.inputs, batch.plan[run]).cluster).nodeName;
}

/** Task names the way Hadoop numbers them: "<job> m3", "<job> r0". */
function taskNamer(jobs: { id: string }[], maps: number[], reduces: number[]) {
  const first: number[] = [];
  let n = 0;
  for (let j = 0; j < jobs.length; j++) {
    first.push(n);
    n += (maps[j] ?? 0) + (reduces[j] ?? 0);
  }
  return {
    jobOf(task: number): number {
      let lo = 0;
      let hi = first.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (first[mid] <= task) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    },
    name(task: number, job: number): string {
      const k = task - first[job];
      return k < (maps[job] ?? 0) ? `m${k}` : `r${k - (maps[job] ?? 0)}`;
    },
    isReduce(task: number, job: number): boolean {
      return task - first[job] >= (maps[job] ?? 0);
    },
  };
}

export interface RunDataOptions {
  /** Add the attempts the Gantt chart draws. */
  gantt?: boolean;
  /** At most this many Gantt bars (thinned as ganttSample.ts says). */
  maxBars?: number;
  /** The batch, when the caller has read it already (its inputs may hold a whole trace). */
  batch?: BatchDetail;
}

export function runData(
  batches: BatchesRepo,
  batchId: string,
  run: number,
  { gantt: withGantt = false, maxBars = MAX_GANTT_BARS, batch = batches.get(batchId) }: RunDataOptions = {},
): RunData {
  const plan = batch.plan[run] as (typeof batch.plan)[number] | undefined;
  if (!plan) throw new Error(`this batch has no run ${run + 1}`);
  // Without the Gantt only the time series is inflated: a run's attempts are most of its blob.
  const { result, columns, lengths } = batches.runResult(batchId, run, withGantt ? undefined : (name) => !name.startsWith(ATTEMPT_PREFIX));
  const series = Object.fromEntries([['t', list(columns[SERIES_T])], ...SERIES_FIELDS.map((f) => [f, list(columns[seriesColumn(f)])])]) as RunData['series'];
  const attempts = lengths[ATTEMPT.task] ?? 0;
  let gantt: RunData['gantt'] = null;
  let decisions: RunData['decisions'] = null;
  if (withGantt && attempts > 0 && result.jobMaps && result.jobReduces) {
    const names = taskNamer(result.jobs, result.jobMaps, result.jobReduces);
    const task = columns[ATTEMPT.task];
    const phaseEnd = columns[ATTEMPT.phaseEnd];
    // An attempt still running when the run stopped ends at its last phase end, or at the stop.
    const end = Float64Array.from(columns[ATTEMPT.end], (e, a) => {
      if (Number.isFinite(e)) return e;
      const ends = Array.from(phaseEnd.subarray(a * PHASES, a * PHASES + PHASES)).filter(Number.isFinite);
      return ends.length ? Math.max(...ends) : result.summary.simulatedSeconds;
    });
    const start = columns[ATTEMPT.start];
    const { indices, sampling } = pickGanttAttempts(start, end, maxBars);
    let spanS = 0;
    for (const e of end) if (e > spanS) spanS = e;
    gantt = { node: [], start: [], end: [], reduce: [], outcome: [], job: [], task: [], phaseEnd: [], spanS, sampling };
    for (const a of indices) {
      const j = names.jobOf(task[a]);
      const reduce = names.isReduce(task[a], j);
      gantt.node.push(columns[ATTEMPT.node][a]);
      gantt.start.push(start[a]);
      gantt.end.push(end[a]);
      gantt.reduce.push(reduce ? 1 : 0);
      gantt.outcome.push(columns[ATTEMPT.outcome][a]);
      gantt.job.push(j);
      gantt.task.push(Number(names.name(task[a], j).slice(1)));
      for (let p = 0; p < PHASES; p++) gantt.phaseEnd.push(num(phaseEnd[a * PHASES + p]));
    }
    decisions = countAttempts(columns[ATTEMPT.reason], reasonKindsOf(result.reasons ?? [], result.reasonKinds));
  }
  return {
    run,
    label: plan.label,
    seed: plan.seed,
    jobs: result.jobs.map((j, i) => ({ ...j, idealSeconds: result.idealSeconds?.[i] ?? null })),
    series,
    attempts,
    // Node names are for the Gantt: a 10,000-node cluster compiled for nothing would slow the comparison.
    nodes: withGantt ? nodeNames(batch, run) : [],
    gantt,
    decisions,
    ...(result.mrClusters ? { mrClusters: result.mrClusters } : {}),
  };
}

/** One job across every finished run of a batch: its times, and each of its attempts with the scheduler's reason. */
export function why(batches: BatchesRepo, batchId: string, jobId: string): WhyAnswer {
  const batch = batches.get(batchId);
  const runs = batch.results.map((r) => {
    // Named as the comparison names it: a batch over several clusters or workloads says which.
    const plan = batch.plan.find((p) => p.index === r.index);
    const base = { run: r.index, label: plan ? configurationLabel(batch.inputs, plan) : r.label, seed: r.seed, status: r.status };
    if (r.status !== 'finished') return { ...base, job: null, attempts: [], recorded: false };
    const { result, columns } = batches.runResult(batchId, r.index, (name) => WHY_COLUMNS.has(name));
    const j = result.jobs.findIndex((x) => x.id === jobId);
    if (j < 0) return { ...base, job: null, attempts: [], recorded: false };
    const job = result.jobs[j];
    const recorded = Boolean(Object.hasOwn(columns, ATTEMPT.task) && result.jobMaps && result.jobReduces);
    const attempts: WhyAttempt[] = [];
    if (recorded) {
      const kinds = reasonKindsOf(result.reasons ?? [], result.reasonKinds);
      const names = taskNamer(result.jobs, result.jobMaps!, result.jobReduces!);
      const nodes = nodeNames(batch, r.index);
      const task = columns[ATTEMPT.task];
      const losses = r.summary?.nodeLosses ?? [];
      for (let a = 0; a < task.length; a++) {
        if (names.jobOf(task[a]) !== j) continue;
        const node = nodes[columns[ATTEMPT.node][a]] ?? `node ${columns[ATTEMPT.node][a]}`;
        const start = columns[ATTEMPT.start][a];
        const end = num(columns[ATTEMPT.end][a]);
        const outcome = OUTCOME_NAMES[columns[ATTEMPT.outcome][a]] ?? 'unknown';
        // An attempt its node's death ended says so: the scheduler did not kill it.
        const loss = outcome === 'killed' ? lossThatKilled(losses, node, start, end) : undefined;
        attempts.push({
          task: names.name(task[a], j),
          node,
          start,
          end,
          locality: LOCALITY_NAMES[columns[ATTEMPT.locality][a]] ?? 'none',
          outcome: loss ? `killed: its node died at ${Math.round(loss.lostAtS).toLocaleString('en-US')} s` : outcome,
          speculative: columns[ATTEMPT.speculative][a] === 1,
          reason: result.reasons?.[columns[ATTEMPT.reason][a]] ?? '',
          kind: kinds[columns[ATTEMPT.reason][a]] ?? 'unknown',
        });
      }
    }
    return {
      ...base,
      job: {
        template: job.template,
        maps: result.jobMaps?.[j] ?? job.maps ?? 0,
        reduces: result.jobReduces?.[j] ?? 0,
        submit: job.submit,
        start: job.start,
        finish: job.finish,
        status: job.status,
        waitedS: job.submit !== null && job.start !== null ? Number((job.start - job.submit).toFixed(3)) : null,
      },
      attempts,
      recorded,
    };
  });
  return { job: jobId, runs };
}
