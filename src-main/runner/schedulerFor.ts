import type { SchedulerSpec } from '@shared/schedulers';
import { SimulationOptionsSchema, type SimulationOptions } from '@shared/experiment/simulation';
import type { Scheduler } from '../engine/scheduling/schedulerApi';
import type { Topology } from '../engine/core/topology';
import { fitInterference } from '../models/interferenceProfiling';
import type { RunContext } from '../schedulers/plugin';
import { createScheduler, runNeeds } from '../schedulers/registry';

/**
 * A scheduler for one run on `topology`, with what its plugin says it needs made first (its
 * `needs`; ILA and IAO without the experiment's coefficients: the interference model fitted
 * offline on profiling runs of this cluster's own servers, under the run's disk and Dom0 options,
 * sec. 4.1). The runner does this, not the scheduler: a policy never runs simulations.
 */
export function schedulerFor(
  spec: SchedulerSpec,
  topology: Topology,
  simulation: Pick<SimulationOptions, 'diskThrashing' | 'dom0CpuPerMb'> = SimulationOptionsSchema.parse({}),
): Scheduler {
  const needs = runNeeds(spec);
  const context: RunContext = {};
  if (needs.interferenceSamples !== undefined) context.interference = fitInterference(topology, simulation, needs.interferenceSamples);
  return createScheduler(spec, context);
}
