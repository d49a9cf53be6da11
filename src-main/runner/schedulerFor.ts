import type { SchedulerSpec } from '@shared/schedulers';
import { SimulationOptionsSchema, type SimulationOptions } from '@shared/experiment/simulation';
import type { Scheduler } from '../engine/scheduling/schedulerApi';
import type { Topology } from '../engine/core/topology';
import { fitInterference } from '../models/interferenceProfiling';
import type { RunContext } from '../schedulers/plugin';
import { createScheduler } from '../schedulers/registry';

/**
 * A scheduler for one run on `topology`, with what it needs prepared first: ILA and IAO without
 * the experiment's coefficients get the interference model fitted offline on profiling runs of
 * this cluster's own servers, under the run's disk and Dom0 options, as the paper profiled its
 * testbed (sec. 4.1). The runner does this, not the scheduler: a policy never runs simulations.
 */
export function schedulerFor(
  spec: SchedulerSpec,
  topology: Topology,
  simulation: Pick<SimulationOptions, 'diskThrashing' | 'dom0CpuPerMb'> = SimulationOptionsSchema.parse({}),
): Scheduler {
  const context: RunContext = {};
  if (spec.kind === 'ila' && spec.variant !== 'lao' && !spec.model) context.interference = fitInterference(topology, simulation, spec.profilingSamples);
  return createScheduler(spec, context);
}
