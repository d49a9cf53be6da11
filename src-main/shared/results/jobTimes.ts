/**
 * A job's times as every view reads them (docs/model.md "Metrics"), defined once: the engine's
 * summary, the comparison's charts, the per-job speedup and the why-panel.
 */

/** Running time: submission to finish, seconds. */
export function jobSeconds(submit: number, finish: number): number {
  return finish - submit;
}

/** ANP, normalised performance: the job's ideal time over its actual one, at most 1 (PRISM sec. 6); 1 for a job that took no time. */
export function anp(idealSeconds: number, seconds: number): number {
  return seconds > 0 ? Math.min(1, idealSeconds / seconds) : 1;
}

/** Slowdown: actual over ideal time; 1 for a job with no ideal time. */
export function slowdown(idealSeconds: number, seconds: number): number {
  return idealSeconds > 0 ? seconds / idealSeconds : 1;
}

/** Whether a job met its deadline: only by finishing, by then (a job that failed or did not finish missed it). */
export function metDeadline(job: { status: string; finish: number | null; deadline: number }): boolean {
  return job.status === 'succeeded' && job.finish !== null && job.finish <= job.deadline;
}
