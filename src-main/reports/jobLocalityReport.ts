import type { ResultFile } from '@shared/experiment/experiment';
import { localityByJobGroup, type JobLocalityRow } from '@shared/results/jobLocality';
import { localityLeaders } from '@shared/results/localityLeaders';

export interface JobLocalityReport {
  /** Schedulers as the result file names them, in its order; each row's `cells` are keyed by them. */
  schedulers: string[];
  rows: JobLocalityRow[];
  /** Per job group, the scheduler a test across seeds finds best (shared/results/localityLeaders.ts); groups without one are absent. */
  best: Record<string, string>;
}

/** Data locality job group by job group (ILA Fig. 7) for every scheduler of a result file. */
export function jobLocality(result: ResultFile): JobLocalityReport {
  const schedulers = [...new Set(result.runs.map((r) => r.scheduler))];
  const leaders = localityLeaders(result.runs.map((r) => ({ key: r.scheduler, seed: r.seed, ...(r.jobSet ? { jobSet: r.jobSet } : {}), jobs: r.jobs })));
  return {
    schedulers,
    rows: localityByJobGroup(result.runs.map((r) => ({ key: r.scheduler, jobs: r.jobs }))),
    best: Object.fromEntries(leaders),
  };
}
