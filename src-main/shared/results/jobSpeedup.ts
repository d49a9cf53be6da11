import { jobSeconds } from './jobTimes';
/** A run's jobs, as result files and the run-data API both carry them. */
export interface PairableRun {
  seed: number;
  /** Which jobs the run simulated (shared/experiment/design.ts jobSetOf): runs of one seed pair only when these agree. */
  jobSet?: string;
  jobs: readonly { id: string; template: string; status: string; submit: number | null; finish: number | null }[];
}

/** How much faster `mine` ran the same jobs than `theirs` (ILA sec. 5.2, Fig. 5). */
export interface PairedSpeedup {
  /** Job pairs compared: the same job of the same seed, finished under both. */
  pairs: number;
  /** Geometric mean over pairs of JCT(theirs) / JCT(mine): above 1, `mine` is faster. */
  perJob: number;
  /** Mean JCT(theirs) / mean JCT(mine) over the same pairs. */
  meanJct: number;
  /** Per workload template, the ratio of mean JCTs — the paper's "average completion time of each type of jobs". */
  byTemplate: Record<string, number>;
}

function finishedJcts(run: PairableRun): Map<string, { seconds: number; template: string }> {
  const jobs = new Map<string, { seconds: number; template: string }>();
  for (const j of run.jobs)
    if (j.status === 'succeeded' && j.submit !== null && j.finish !== null)
      jobs.set(j.id, { seconds: Math.max(1e-9, jobSeconds(j.submit, j.finish)), template: j.template });
  return jobs;
}

/**
 * Pair each job with itself (same seed, same job set, same id) under two configurations. A mean over all jobs is
 * dominated by the few largest; the per-job geometric mean weighs every job alike. Null when no
 * job finished under both.
 */
export function pairedSpeedup(mine: readonly PairableRun[], theirs: readonly PairableRun[]): PairedSpeedup | null {
  const mineBySeed = new Map(mine.map((r) => [r.seed, { jobSet: r.jobSet, jobs: finishedJcts(r) }]));
  let logSum = 0;
  let pairs = 0;
  let theirTotal = 0;
  let myTotal = 0;
  const templates = new Map<string, { theirs: number; mine: number }>();
  for (const run of theirs) {
    const base = mineBySeed.get(run.seed);
    // Another workload's "job 7" is another job: no pair.
    if (!base || base.jobSet !== run.jobSet) continue;
    for (const [id, job] of finishedJcts(run)) {
      const other = base.jobs.get(id);
      if (!other) continue;
      pairs++;
      logSum += Math.log(job.seconds / other.seconds);
      theirTotal += job.seconds;
      myTotal += other.seconds;
      const t = templates.get(job.template) ?? { theirs: 0, mine: 0 };
      t.theirs += job.seconds;
      t.mine += other.seconds;
      templates.set(job.template, t);
    }
  }
  if (pairs === 0) return null;
  const byTemplate: Record<string, number> = {};
  for (const [name, t] of [...templates].sort(([a], [b]) => a.localeCompare(b))) byTemplate[name] = t.theirs / t.mine;
  return { pairs, perJob: Math.exp(logSum / pairs), meanJct: theirTotal / myTotal, byTemplate };
}

/** The same comparison one seed at a time (seeds of `theirs` with a run of `mine`, ascending). */
export function pairedSpeedupBySeed(
  mine: readonly PairableRun[],
  theirs: readonly PairableRun[],
): { seed: number; pairs: number; perJob: number; meanJct: number }[] {
  const out: { seed: number; pairs: number; perJob: number; meanJct: number }[] = [];
  for (const seed of [...new Set(theirs.map((r) => r.seed))].sort((a, b) => a - b)) {
    const one = pairedSpeedup(
      mine.filter((r) => r.seed === seed),
      theirs.filter((r) => r.seed === seed),
    );
    if (one) out.push({ seed, pairs: one.pairs, perJob: one.perJob, meanJct: one.meanJct });
  }
  return out;
}
