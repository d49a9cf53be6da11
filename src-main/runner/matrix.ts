import { ClusterSpecSchema, type ClusterSpec } from '@shared/cluster/cluster';
import type { BatchInputs, RunPlan } from '@shared/experiment/design';
import type { ResultFile } from '@shared/experiment/experiment';
import { formerRunNames, runName } from '@shared/experiment/runNames';
import { SchedulerSpecSchema, type SchedulerSpec } from '@shared/schedulers';
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

/**
 * The batch a result file's experiment ran, as the file recorded it (`inputs`): none when the file
 * carries no experiment, or one whose cluster or workload is not inline (a comparison of several).
 */
export function recordedBatch(e: ResultFile['inputs']): BatchInputs | undefined {
  if (!e || !('racks' in e.cluster) || !('jobs' in e.workload)) return undefined;
  return {
    clusters: [{ name: e.cluster.name, spec: e.cluster }],
    workloads: [{ name: e.workload.name, spec: e.workload }],
    schedulers: e.schedulers,
    seeds: e.seeds,
    simulation: e.simulation,
    ...(e.sweep ? { sweep: e.sweep } : {}),
  };
}

/**
 * The cartesian product of a batch, in a fixed order: cluster, workload, sweep value, scheduler,
 * seed. The same inputs always give the same plan, so a stored batch can be re-read exactly.
 */
export function planBatch(inputs: BatchInputs): RunPlan[] {
  const plan: RunPlan[] = [];
  const sweep = inputs.sweep;
  const values: (number | undefined)[] = sweep && sweep.target !== 'scheduler' ? sweep.values : [undefined];
  for (let c = 0; c < inputs.clusters.length; c++) {
    for (let w = 0; w < inputs.workloads.length; w++) {
      for (const value of values) {
        for (let s = 0; s < inputs.schedulers.length; s++) {
          const variants: (number | undefined)[] = sweep?.target === 'scheduler' && sweep.scheduler === s ? sweep.values : [value];
          for (const v of variants) {
            const label = runName(inputs.schedulers[s], sweep, v);
            for (const seed of inputs.seeds)
              plan.push({ index: plan.length, cluster: c, workload: w, scheduler: s, seed, label, ...(v === undefined ? {} : { sweepValue: v }) });
          }
        }
      }
    }
  }
  return plan;
}

/**
 * Reads a run's name as a result file or a user gives it and returns the name the plan gives that
 * run: its own name, or one an earlier build gave a swept run (runNames.ts `formerRunNames`).
 * Returns undefined for a name of no run in the plan.
 */
export function planNameOf(inputs: BatchInputs, plan: readonly RunPlan[]): (name: string) => string | undefined {
  const names = new Map<string, string>();
  for (const p of plan) for (const former of formerRunNames(inputs.schedulers[p.scheduler], inputs.sweep, p.sweepValue)) names.set(former, p.label);
  // A name of today wins over a former one that happens to read the same.
  for (const p of plan) names.set(p.label, p.label);
  return (name) => names.get(name);
}

/** The concrete inputs of one plan entry, with the swept value applied where it belongs. */
export function resolveRun(inputs: BatchInputs, plan: RunPlan): ResolvedRun {
  const sweep = inputs.sweep;
  const v = plan.sweepValue;
  // A cluster's own pinned profiles, where the design pinned them per cluster.
  let scheduler = inputs.clusters[plan.cluster].schedulers?.[plan.scheduler] ?? inputs.schedulers[plan.scheduler];
  // A run copied into a comparison across history keeps its own entry's simulation options.
  let simulation = (plan.source !== undefined ? inputs.sources?.[plan.source]?.simulation : undefined) ?? inputs.simulation;
  let cluster = inputs.clusters[plan.cluster].spec;
  if (v !== undefined && sweep?.target === 'scheduler' && sweep.scheduler === plan.scheduler) {
    scheduler = SchedulerSpecSchema.parse({ ...scheduler, [sweep.parameter]: v, label: plan.label });
  }
  if (v !== undefined && sweep?.target === 'simulation') simulation = SimulationOptionsSchema.parse({ ...simulation, [sweep.parameter]: v });
  if (v !== undefined && sweep?.target === 'servers') cluster = withServers(cluster, v);
  return { plan, cluster, workload: inputs.workloads[plan.workload].spec, scheduler, simulation, seed: plan.seed };
}

/**
 * The cluster with exactly `n` servers, taken round-robin over its racks so they stay spread out
 * (a capacity planner's "what if we had n nodes"); growing copies servers, VMs and all, under new
 * names, again rack by rack.
 */
export function withServers(spec: ClusterSpec, n: number): ClusterSpec {
  const racks = spec.racks.map((r) => ({ ...r, hosts: [] as ClusterSpec['racks'][number]['hosts'] }));
  const total = spec.racks.reduce((s, r) => s + r.hosts.length, 0);
  let taken = 0;
  for (let i = 0; taken < Math.min(n, total); i++) {
    for (let r = 0; r < spec.racks.length && taken < Math.min(n, total); r++) {
      const host = spec.racks[r].hosts.at(i);
      if (host) {
        racks[r].hosts.push(host);
        taken++;
      }
    }
  }
  for (let copy = 1; taken < n; copy++) {
    for (let r = 0; r < spec.racks.length && taken < n; r++) {
      for (const host of spec.racks[r].hosts) {
        if (taken >= n) break;
        const name = `${host.name}-x${copy}`;
        racks[r].hosts.push({ ...host, name, vms: host.vms.map((vm) => ({ ...vm, name: `${vm.name}-x${copy}` })) });
        taken++;
      }
    }
  }
  return ClusterSpecSchema.parse({ ...spec, racks: racks.filter((r) => r.hosts.length > 0) });
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
