import type { ClusterSpec } from '../cluster/cluster';
import { withServers } from '../cluster/withServers';
import { nodeShapes, readsAsRecorded, schedulerConcurrency, SchedulerSpecSchema, type SchedulerSpec } from '../schedulers';
import type { BatchInputs, RunPlan } from './design';

/**
 * One run's cluster and scheduler as it ran them: the cluster's own pinned schedulers where the
 * design pinned them, and the sweep's value applied where it belongs (the number of servers, or
 * the swept scheduler's parameter). The runner runs these, and a comparison's "could run at once"
 * row reads them, so a run on 4 of 10 servers is shown 4 servers' slots.
 * Throws when the scheduler's kind is not one this studio has (a file not loaded).
 */
export function sweptClusterAndScheduler(inputs: BatchInputs, plan: RunPlan): { cluster: ClusterSpec; scheduler: SchedulerSpec } {
  const sweep = inputs.sweep;
  const v = plan.sweepValue;
  let scheduler = inputs.clusters[plan.cluster].schedulers?.[plan.scheduler] ?? inputs.schedulers[plan.scheduler];
  let cluster = inputs.clusters[plan.cluster].spec;
  if (v !== undefined && sweep?.target === 'scheduler' && sweep.scheduler === plan.scheduler) {
    scheduler = SchedulerSpecSchema.parse({ ...scheduler, [sweep.parameter]: v, label: plan.label });
  }
  if (v !== undefined && sweep?.target === 'servers') cluster = withServers(cluster, v);
  return { cluster, scheduler };
}

/**
 * What a run's scheduler could run at once on the cluster it had ("80 map + 40 reduce slots"), or
 * undefined for a run of no cluster here (-1, in a comparison across history) or of a scheduler
 * kind this studio neither has nor knows from the card a result recorded.
 */
export function runConcurrencyText(inputs: BatchInputs, plan: RunPlan): string | undefined {
  // Indexed, not .at(): a cluster index of -1 must find nothing.
  if (!(inputs.clusters[plan.cluster] as unknown)) return undefined;
  const spec = inputs.schedulers[plan.scheduler];
  // A scheduler file not loaded here is read by the card its result recorded, unless a sweep varies it (its runs' cards are not recorded).
  const swept = inputs.sweep?.target === 'scheduler' && inputs.sweep.scheduler === plan.scheduler;
  if (!SchedulerSpecSchema.safeParse(spec).success && (swept || !readsAsRecorded(spec))) return undefined;
  const { cluster, scheduler } = sweptClusterAndScheduler(inputs, plan);
  return schedulerConcurrency(scheduler, nodeShapes(cluster)).text;
}
