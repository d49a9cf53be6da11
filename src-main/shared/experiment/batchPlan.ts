import type { ResultFile } from './experiment';
import type { BatchInputs, RunPlan } from './design';
import { runName } from './runNames';

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
