import { toCsv } from '@shared/files/csv';
import type { ResultFile } from '@shared/experiment/experiment';
import { jobSeconds, metDeadline } from '@shared/results/jobTimes';
import { METRICS } from '@shared/results/metrics';

/**
 * The result as tidy tables for pandas or R: one row per run (scheduler, seed and every metric of
 * the summary as a column, in the units the studio shows), and one row per job per run. Numbers
 * are written in full, as the result file holds them.
 */

/** A metric's column, its unit in the name (meanJct_s, cpu_pct), so a data frame needs no legend. */
const SUFFIX: Record<string, string> = { s: '_s', '%': '_pct', 'jobs/h': '_per_h' };
export const runColumn = (m: (typeof METRICS)[number]) => `${m.key}${m.unit ? (SUFFIX[m.unit] ?? '') : ''}`;

export function tidyRunsCsv(result: ResultFile): string {
  const columns = ['scheduler', 'kind', 'seed', ...METRICS.map(runColumn)];
  const rows = result.runs.map((r): Record<string, unknown> => ({
    scheduler: r.scheduler,
    kind: r.kind,
    seed: r.seed,
    ...Object.fromEntries(METRICS.map((m) => [runColumn(m), m.get(r.summary)])),
  }));
  return toCsv(columns, rows);
}

const JOB_COLUMNS = [
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
      scheduler: r.scheduler,
      seed: r.seed,
      job: j.id,
      template: j.template,
      status: j.status,
      submit: j.submit,
      start: j.start,
      finish: j.finish,
      jct: j.status === 'succeeded' && j.submit !== null && j.finish !== null ? jobSeconds(j.submit, j.finish) : null,
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
