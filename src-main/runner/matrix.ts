import type { ClusterSpec } from '@shared/cluster/cluster';
import { sweptClusterAndScheduler } from '@shared/experiment/sweptRun';
import type { BatchInputs, RunPlan } from '@shared/experiment/design';
import type { SchedulerSpec } from '@shared/schedulers';
import { SimulationOptionsSchema, type SimulationOptions } from '@shared/experiment/simulation';
import type { WorkloadSpec } from '@shared/workload/workload';
import { compileJobs, expandJobs } from '../workloads/compile';
import { fieldLabel } from '@shared/api/fieldLabels';
import { compileTopology } from '../engine/core/topology';
import { failureTargets } from '../engine/lifecycle/failures';

/** What one run needs, resolved from a batch's inputs and its plan entry. */
export interface ResolvedRun {
  plan: RunPlan;
  cluster: ClusterSpec;
  workload: WorkloadSpec;
  scheduler: SchedulerSpec;
  simulation: SimulationOptions;
  seed: number;
}

/** The concrete inputs of one plan entry, with the swept value applied where it belongs. */
export function resolveRun(inputs: BatchInputs, plan: RunPlan): ResolvedRun {
  const sweep = inputs.sweep;
  const v = plan.sweepValue;
  const { cluster, scheduler } = sweptClusterAndScheduler(inputs, plan);
  // A run copied into a comparison across history keeps its own entry's simulation options.
  let simulation = (plan.source !== undefined ? inputs.sources?.[plan.source]?.simulation : undefined) ?? inputs.simulation;
  if (v !== undefined && sweep?.target === 'simulation') simulation = SimulationOptionsSchema.parse({ ...simulation, [sweep.parameter]: v });
  return { plan, cluster, workload: inputs.workloads[plan.workload].spec, scheduler, simulation, seed: plan.seed };
}

/** A batch's input that no run of it could use, named at its field (its `message` starts with the field in words). */
export class BatchInputError extends Error {
  constructor(
    readonly detail: string,
    readonly field: string,
  ) {
    super(`${fieldLabel(field)}: ${detail}`);
  }
}

/**
 * Failures at a time that name a server or VM the cluster does not have: each at its field, said
 * before anything runs (every run would fail on it).
 */
export function unknownFailureTargets(cluster: { name: string; spec: ClusterSpec }, simulation: SimulationOptions): { field: string; message: string }[] {
  if (simulation.failures.length === 0) return [];
  const known = failureTargets(compileTopology(cluster.spec));
  return simulation.failures.flatMap((f, i) =>
    known.has(f.node) ? [] : [{ field: `simulation.failures.${i}.node`, message: `cluster "${cluster.name}" has no server or VM named "${f.node}"` }],
  );
}

/**
 * Fail before anything runs when a workload cannot be compiled on a cluster (an unknown template,
 * a job too large: a WorkloadError) or a failure names a server the cluster lacks (a
 * BatchInputError), each naming the field, rather than the same error from every run.
 */
export function checkInputs(inputs: BatchInputs): void {
  for (const c of inputs.clusters) {
    const unknown = unknownFailureTargets(c, inputs.simulation).at(0);
    if (unknown) throw new BatchInputError(unknown.message, unknown.field);
    for (const w of inputs.workloads) compileJobs(expandJobs(w.spec, inputs.seeds[0] ?? 1), c.spec.hdfs.blockSizeMb);
  }
}
