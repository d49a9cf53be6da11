import { z } from 'zod';
import { describeScheduler } from './describe';
import { slotAuto, slotLabels, slots, topologyAwareness, topologyLabels } from './options';
import { labelText } from '../files/controlCharacters';

/** Hadoop 1's default JobQueueTaskScheduler: jobs in submission order on map and reduce slots. */
export const fifoOptions = describeScheduler({
  kind: 'fifo',
  title: 'FIFO (Hadoop 1)',
  schema: z.strictObject({
    kind: z.literal('fifo'),
    label: labelText().optional(),
    ...slots,
    /**
     * At most this many of one job's maps (reduces) run at once, as Hadoop's
     * mapreduce.job.running.{map,reduce}.limit: what gives a job exactly S_M and S_R slots
     * when ARIA's predictions are checked against the simulator. Unset: no limit.
     */
    jobMapLimit: z.number().int().min(1).optional(),
    jobReduceLimit: z.number().int().min(1).optional(),
    ...topologyAwareness,
  }),
  labels: {
    ...slotLabels,
    jobMapLimit: 'Maps per job at once',
    jobReduceLimit: 'Reduces per job at once',
    ...topologyLabels,
  },
  auto: { ...slotAuto, jobMapLimit: 'no limit', jobReduceLimit: 'no limit' },
  capacity: 'slots',
  runName: 'FIFO',
});
