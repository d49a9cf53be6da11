import { toCsv } from '@shared/files/csv';
import type { ResultFile } from '@shared/experiment/experiment';
import { jobSeconds, metDeadline } from '@shared/results/jobTimes';
import { METRICS } from '@shared/results/metrics';

/**
 * The result as tidy tables for pandas or R: one row per run (its batch, cluster and workload, so
 * the runs.csv of several batches stack into one frame; scheduler, seed and every metric of the
 * summary as a column, in the units the studio shows), and one row per job per run. Numbers are
 * written to 12 significant digits, the shortest text that reads back to that value: a metric
 * converted to a percentage is 1.2329, not the 1.2328999999999999 the multiplication leaves.
 */

/** A number as its shortest text at 12 significant digits; anything else as it is. */
const tidy = (x: unknown): unknown => (typeof x === 'number' && Number.isFinite(x) ? Number(x.toPrecision(12)) : x);

/** The names a run's rows carry: the batch (the result's experiment), its cluster and its workload (or job set). */
function runSource(result: ResultFile, run: ResultFile['runs'][number]): { batch: string; cluster: string; workload: string } {
  const inputs = result.inputs;
  const cluster = inputs && 'name' in inputs.cluster ? inputs.cluster.name : '';
  const workload = run.jobSet ?? (inputs && 'name' in inputs.workload ? inputs.workload.name : '');
  return { batch: result.experiment, cluster, workload };
}

/** A metric's column, its unit in the name (meanJct_s, cpu_pct), so a data frame needs no legend. */
const SUFFIX: Record<string, string> = { s: '_s', '%': '_pct', 'jobs/h': '_per_h' };
export const runColumn = (m: (typeof METRICS)[number]) => `${m.key}${m.unit ? (SUFFIX[m.unit] ?? '') : ''}`;

export function tidyRunsCsv(result: ResultFile): string {
  const columns = ['batch', 'cluster', 'workload', 'scheduler', 'kind', 'seed', ...METRICS.map(runColumn)];
  const rows = result.runs.map((r): Record<string, unknown> => ({
    ...runSource(result, r),
    scheduler: r.scheduler,
    kind: r.kind,
    seed: r.seed,
    ...Object.fromEntries(METRICS.map((m) => [runColumn(m), tidy(m.get(r.summary))])),
  }));
  return toCsv(columns, rows);
}

const JOB_COLUMNS = [
  'batch',
  'cluster',
  'workload',
  'scheduler',
  'seed',
  'job',
  'template',
  'status',
  'submit',
  'start',
  'finish',
  'jct',
  'deadline',
  'metDeadline',
  'maps',
  'nodeLocal',
  'serverLocal',
  'rackLocal',
  'offRack',
] as const;

export function tidyJobsCsv(result: ResultFile): string {
  const rows = result.runs.flatMap((r) =>
    r.jobs.map((j) => ({
      ...runSource(result, r),
      scheduler: r.scheduler,
      seed: r.seed,
      job: j.id,
      template: j.template,
      status: j.status,
      submit: tidy(j.submit),
      start: tidy(j.start),
      finish: tidy(j.finish),
      jct: j.status === 'succeeded' && j.submit !== null && j.finish !== null ? tidy(jobSeconds(j.submit, j.finish)) : null,
      deadline: j.deadline ?? null,
      metDeadline: j.deadline === undefined ? null : metDeadline({ ...j, deadline: j.deadline }) ? 'yes' : 'no',
      maps: j.maps ?? null,
      nodeLocal: j.locality?.node ?? null,
      serverLocal: j.locality?.server ?? null,
      rackLocal: j.locality?.rack ?? null,
      offRack: j.locality?.offRack ?? null,
    })),
  );
  return toCsv(JOB_COLUMNS, rows);
}
