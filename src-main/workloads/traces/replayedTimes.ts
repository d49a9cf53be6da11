import type { JobSpec } from '@shared/workload/workload';

/** The longest task time a trace's job may replay: a job's own CPU per task is at most a day (shared/workload/workload.ts). */
export const MAX_TASK_SECONDS = 86_400;

/**
 * The job's own costs that replay a trace's task times, as YARN's Scheduler Load Simulator does
 * (docs/model.md "Trace replay"): SLS runs each container for its time and models no data, so a
 * timed kind computes for its mean time (CPU-seconds at a reference core) in place of the Generic
 * template's per-MB work; a map still reads its block, so locality keeps its meaning. Timed
 * reduces receive and write nothing (the maps emit nothing), as in SLS. A kind without times
 * (undefined) keeps the template's costs.
 */
export function replayedCosts(mapSeconds: number | undefined, reduceSeconds: number | undefined): Partial<JobSpec> {
  return {
    ...(mapSeconds !== undefined ? { mapCpuSPerMb: 0, mapCpuSPerTask: mapSeconds } : {}),
    ...(reduceSeconds !== undefined ? { mapSelectivity: 0, reduceCpuSPerMb: 0, reduceCpuSPerTask: reduceSeconds } : {}),
  };
}

/** Seconds to the millisecond, as traces give task times. */
export const toMillisecond = (seconds: number): number => Math.round(seconds * 1000) / 1000;
