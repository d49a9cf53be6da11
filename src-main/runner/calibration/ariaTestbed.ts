import { SchedulerSpecSchema } from '@shared/schedulers';
import type { ClusterSpec } from '@shared/cluster/cluster';
import type { SimulationOptions } from '@shared/experiment/simulation';
import { ariaProfileOf } from '@shared/aria/totals';
import type { AriaProfile } from '@shared/aria/profile';
import { compileTopology } from '../../engine/core/topology';
import { simulate } from '../../engine/run/kernel';
import { compileJobs } from '../../workloads/compile';
import { ARIA_TABLE_1, type MeasuredAriaProfile } from '../../models/calibration/ariaJobTable';
import { schedulerFor } from '../schedulerFor';

/** The staging job of each row: four waves of 64 MB maps at 64 slots and two of reduces at 32 (sec. 5.2 ran 64 reduces). */
export const ARIA_STAGING = { maps: 256, reduces: 64 } as const;

export interface AriaCalibrationRow {
  measured: MeasuredAriaProfile;
  model: AriaProfile;
}

/**
 * ARIA Table 1 against the model: each application alone on the ARIA preset's cluster under FIFO,
 * one map and one reduce slot a worker as the paper ran, held to the row's map and reduce slots
 * (mapreduce.job.running.{map,reduce}.limit), and the profile the engine measures (sec. 3.2).
 */
export function ariaCalibration(cluster: ClusterSpec, options: SimulationOptions, seed = 1): AriaCalibrationRow[] {
  const topology = compileTopology(cluster);
  const block = cluster.hdfs.blockSizeMb;
  return ARIA_TABLE_1.map((measured) => {
    const fifo = SchedulerSpecSchema.parse({ kind: 'fifo', mapSlots: 1, reduceSlots: 1, jobMapLimit: measured.mapSlots, jobReduceLimit: measured.reduceSlots });
    const jobs = compileJobs(
      [
        {
          id: measured.template,
          template: measured.template,
          submit: 0,
          maps: ARIA_STAGING.maps,
          reduces: ARIA_STAGING.reduces,
          inputMb: ARIA_STAGING.maps * block,
          queue: 'default',
          dependsOn: [],
        },
      ],
      block,
    );
    const result = simulate({ topology, jobs, options, seed, scheduler: schedulerFor(fifo, topology, options) });
    return { measured, model: ariaProfileOf(Object.values(result.aria)[0]) };
  });
}
