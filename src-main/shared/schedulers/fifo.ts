import { z } from 'zod';
import { describeScheduler } from './describe';
import { slotAuto, slotLabels, slots, topologyAwareness, topologyLabels } from './options';
import { slotConcurrency } from './concurrency';

/** Hadoop 1's default JobQueueTaskScheduler: jobs in submission order on map and reduce slots. */
export const fifoOptions = describeScheduler({
  kind: 'fifo',
  title: 'FIFO (Hadoop 1)',
  schema: z.strictObject({ kind: z.literal('fifo'), label: z.string().optional(), ...slots, ...topologyAwareness }),
  labels: {
    ...slotLabels,
    ...topologyLabels,
  },
  auto: slotAuto,
  concurrency: slotConcurrency,
  runLabel: () => 'fifo',
});
