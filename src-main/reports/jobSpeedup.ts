import type { ResultFile } from '@shared/experiment';

/** How much faster one scheduler's jobs are than another's, job by job (ILA sec. 5.2, Fig. 5). */
export interface SpeedupRow {
  /** The scheduler compared with `of`. */
  scheduler: string;
  /** Job pairs compared: the same job of the same seed, finished under both. */
  pairs: number;
  /** Geometric mean over job pairs of JCT(scheduler) / JCT(of): above 1 means `of` is faster. */
  perJob: number;
  /** Mean JCT(scheduler) / mean JCT(of) over the same pairs. */
  meanJct: number;
  /** Per workload template, the ratio of mean JCTs — the paper's "average completion time of each type of jobs". */
  byTemplate: Record<string, number>;
}

export interface SpeedupReport {
  of: string;
  seeds: number[];
  rows: SpeedupRow[];
}

type Jcts = Map<string, { seconds: number; template: string }>;

/** JCT of every finished job of each run, keyed by scheduler label, then seed, then job id. */
function finishedJobs(result: ResultFile): Map<string, Map<number, Jcts>> {
  const bySchedulerSeed = new Map<string, Map<number, Jcts>>();
  for (const run of result.runs) {
    const seeds = bySchedulerSeed.get(run.scheduler) ?? new Map<number, Jcts>();
    bySchedulerSeed.set(run.scheduler, seeds);
    const jobs: Jcts = new Map();
    for (const j of run.jobs) if (j.status === 'succeeded' && j.submit !== null && j.finish !== null) jobs.set(j.id, { seconds: Math.max(1e-9, j.finish - j.submit), template: j.template });
    seeds.set(run.seed, jobs);
  }
  return bySchedulerSeed;
}

/**
 * Compare scheduler `of` with every other scheduler of a result, pairing each job with itself
 * (same seed, same job id): the paired comparison the ILA paper reports as "speeds up individual
 * jobs by 1.5-6.5 times". A mean over all jobs is dominated by the few largest ones; the per-job
 * geometric mean weighs every job alike.
 */
export function jobSpeedup(result: ResultFile, of: string): SpeedupReport {
  const all = finishedJobs(result);
  const mine = all.get(of);
  if (!mine) throw new Error(`no runs of scheduler "${of}" in this result (it has ${[...all.keys()].map((s) => `"${s}"`).join(', ')})`);
  const rows: SpeedupRow[] = [];
  for (const [scheduler, seeds] of all) {
    if (scheduler === of) continue;
    let logSum = 0;
    let pairs = 0;
    let theirs = 0;
    let ours = 0;
    const templates = new Map<string, { theirs: number; ours: number }>();
    for (const [seed, jobs] of seeds) {
      const base = mine.get(seed);
      if (!base) continue;
      for (const [id, job] of jobs) {
        const other = base.get(id);
        if (!other) continue;
        pairs++;
        logSum += Math.log(job.seconds / other.seconds);
        theirs += job.seconds;
        ours += other.seconds;
        const t = templates.get(job.template) ?? { theirs: 0, ours: 0 };
        t.theirs += job.seconds;
        t.ours += other.seconds;
        templates.set(job.template, t);
      }
    }
    if (pairs === 0) continue;
    const byTemplate: Record<string, number> = {};
    for (const [name, t] of [...templates].sort(([a], [b]) => a.localeCompare(b))) byTemplate[name] = t.theirs / t.ours;
    rows.push({ scheduler, pairs, perJob: Math.exp(logSum / pairs), meanJct: theirs / ours, byTemplate });
  }
  return { of, seeds: [...mine.keys()].sort((a, b) => a - b), rows };
}
