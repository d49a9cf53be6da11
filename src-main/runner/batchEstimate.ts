import type { BatchInputs } from '@shared/experiment/design';
import type { ClusterSpec } from '@shared/cluster/cluster';
import type { WorkloadSpec } from '@shared/workload/workload';
import { estimateBatch, policyCostKey, type BatchEstimate, type RunShape } from '@shared/experiment/runEstimate';
import { compileJobs, expandJobs } from '../workloads/compile';
import { planBatch } from '@shared/experiment/batchPlan';

/** Tasks of workload `w` on cluster `c` (indices into the batch's inputs). */
export type TasksOf = (c: number, w: number) => number;

/** Tasks (maps and reduces) of one run: the workload's jobs for `seed`, compiled on the cluster's block size. */
export const runTasks = (cluster: ClusterSpec, workload: WorkloadSpec, seed: number): number =>
  compileJobs(expandJobs(workload, seed), cluster.hdfs.blockSizeMb).reduce((s, j) => s + j.maps + j.reduces, 0);

/**
 * Tasks counted by compiling each workload on each cluster's block size (first seed); one that does
 * not compile counts for nothing (the design checks say why).
 */
export function compiledTasks(inputs: BatchInputs): TasksOf {
  const seed = inputs.seeds[0] ?? 1;
  const tasks = inputs.clusters.map((c) =>
    inputs.workloads.map((w) => {
      try {
        return runTasks(c.spec, w.spec, seed);
      } catch {
        return 0;
      }
    }),
  );
  return (c, w) => tasks[c][w];
}

/** Each run of a batch as its size and policy, in plan order. */
export function batchRunShapes(inputs: BatchInputs, tasksOf: TasksOf = compiledTasks(inputs)): RunShape[] {
  return planBatch(inputs).map((p) => ({ tasks: tasksOf(p.cluster, p.workload), scheduler: policyCostKey(inputs.schedulers[p.scheduler]) }));
}

/** What the batch would cost on `threads` runs at once, or on a queue's workers (null; shared/experiment/runEstimate.ts). */
export const batchEstimate = (inputs: BatchInputs, threads: number | null, tasksOf?: TasksOf): BatchEstimate =>
  estimateBatch(batchRunShapes(inputs, tasksOf), threads);
