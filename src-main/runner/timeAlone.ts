import { SchedulerSpecSchema } from '@shared/schedulers';
import type { SimulationOptions } from '@shared/experiment/simulation';
import { Simulation } from '../engine/run/kernel';
import type { EngineJob } from '../engine/core/model';
import type { EngineRunResult } from '../engine/measure/engineResult';
import type { Topology } from '../engine/core/topology';
import { schedulerFor } from './schedulerFor';

/**
 * One job simulated by itself on the cluster, submitted at 0, under FIFO with slots sized from each
 * node's cores and memory, with the run's options and seed but no failures: what a deadline factor
 * multiplies, and what the SLS trace export (runner/slsJobTrace.ts) reads each task's attempt from.
 */
export function simulateAlone(topology: Topology, job: EngineJob, options: SimulationOptions, seed: number, recordAttempts: boolean): EngineRunResult {
  const alone: SimulationOptions = {
    ...options,
    failures: [],
    mtbfS: undefined,
    replenishAfterS: undefined,
    taskFailureProbability: 0,
    horizonS: undefined,
    recordAttempts,
  };
  const fifo = SchedulerSpecSchema.parse({ kind: 'fifo' });
  return new Simulation({
    topology,
    jobs: [{ ...job, submit: 0, dependsOn: [] }],
    options: alone,
    seed,
    scheduler: schedulerFor(fifo, topology, options),
  }).run();
}

/**
 * A job's time alone, as a deadline factor multiplies it (docs/model.md "Deadlines"): the job
 * simulated by itself on the run's cluster (`simulateAlone`). It includes what the engine's
 * estimate from isolated task times leaves out — tasks sharing a node's disk and NIC, the
 * shuffle, heartbeats — so a job with a factor of 1 or more can meet its deadline when alone.
 * Jobs of the same shape (template, maps, reduces, data sizes) share one simulation.
 */
export function simulatedTimesAlone(topology: Topology, jobs: readonly EngineJob[], options: SimulationOptions, seed: number): (j: number) => number {
  const known = new Map<string, number>();
  return (j) => {
    const { id: _id, submit: _s, deadline: _d, deadlineFactor: _f, dependsOn: _p, ...shape } = jobs[j];
    const key = JSON.stringify(shape);
    let seconds = known.get(key);
    if (seconds === undefined) {
      seconds = simulateAlone(topology, { ...shape, id: jobs[j].id, submit: 0, dependsOn: [] }, options, seed, false).jobs[0].finish;
      known.set(key, seconds);
    }
    return seconds;
  };
}
