import type { SchedulerSpec } from '@shared/schedulers';
import type { SimulationOptions } from '@shared/simulation';
import type { Scheduler } from '../engine/schedulerApi';
import { capacityScheduler } from './capacity';
import { drfScheduler } from './drf';
import { fairScheduler } from './fair';
import { fifoScheduler } from './fifo';
import { fineGrainedCpuScheduler } from './fineGrainedCpu';
import { ilaScheduler } from './ila';
import { lateScheduler } from './late';
import { prismScheduler } from './prism';

/**
 * A fresh scheduler for one run (schedulers keep per-run state). `hardware` is the run's simulation
 * options: ILA profiles the cluster's own servers offline, as the paper did on its testbed.
 */
export function createScheduler(spec: SchedulerSpec, hardware?: Pick<SimulationOptions, 'diskThrashing' | 'dom0CpuPerMb'>): Scheduler {
  switch (spec.kind) {
    case 'fifo':
      return fifoScheduler(spec);
    case 'fair':
      return fairScheduler(spec);
    case 'capacity':
      return capacityScheduler(spec);
    case 'drf':
      return drfScheduler(spec);
    case 'late':
      return lateScheduler(spec);
    case 'finegrained':
      return fineGrainedCpuScheduler(spec);
    case 'prism':
      return prismScheduler(spec);
    case 'ila':
      return ilaScheduler(spec, hardware);
  }
}
