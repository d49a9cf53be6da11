import type { ResultFile } from '@shared/experiment/experiment';
import { localityByJobGroup, type JobLocalityRow } from '@shared/results/jobLocality';

export interface JobLocalityReport {
  /** Schedulers as the result file names them, in its order; each row's `cells` are keyed by them. */
  schedulers: string[];
  rows: JobLocalityRow[];
}

/** Data locality job group by job group (ILA Fig. 7) for every scheduler of a result file. */
export function jobLocality(result: ResultFile): JobLocalityReport {
  const schedulers = [...new Set(result.runs.map((r) => r.scheduler))];
  return { schedulers, rows: localityByJobGroup(result.runs.map((r) => ({ key: r.scheduler, jobs: r.jobs }))) };
}
