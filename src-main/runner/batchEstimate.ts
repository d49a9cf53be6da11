import type { BatchInputs } from '@shared/design';
import { estimateBatch, type BatchEstimate, type RunShape } from '@shared/runEstimate';
import { compileJobs, expandJobs } from '../workloads/compile';
import { planBatch } from './matrix';

/**
 * Each run of a batch as its size (tasks of its workload on its cluster's block size, on the
 * first seed) and policy, in plan order; a workload that does not compile counts for nothing
 * (the design checks say why).
 */
export function batchRunShapes(inputs: BatchInputs): RunShape[] {
  const seed = inputs.seeds[0] ?? 1;
  const tasks = inputs.clusters.map((c) =>
    inputs.workloads.map((w) => {
      try {
        return compileJobs(expandJobs(w.spec, seed), c.spec.hdfs.blockSizeMb).reduce((s, j) => s + j.maps + j.reduces, 0);
      } catch {
        return 0;
      }
    }),
  );
  return planBatch(inputs).map((p) => ({ tasks: tasks[p.cluster][p.workload], scheduler: inputs.schedulers[p.scheduler].kind }));
}

/** What the batch would cost on `threads` runs at once (shared/runEstimate.ts). */
export const batchEstimate = (inputs: BatchInputs, threads: number): BatchEstimate => estimateBatch(batchRunShapes(inputs), threads);
