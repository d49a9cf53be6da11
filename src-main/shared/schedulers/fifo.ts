import { z } from 'zod';
import { describeScheduler } from './describe';
import { slots, topologyAwareness } from './options';

/** Hadoop 1's default JobQueueTaskScheduler: jobs in submission order on map and reduce slots. */
export const fifoOptions = describeScheduler({
  kind: 'fifo',
  title: 'FIFO (Hadoop 1)',
  schema: z.strictObject({ kind: z.literal('fifo'), label: z.string().optional(), ...slots, ...topologyAwareness }),
  labels: {
    mapSlots: 'Map slots / node',
    reduceSlots: 'Reduce slots / node',
    slotMemoryMb: 'Slot memory MB',
    serverLocality: 'Server locality (co-hosted VMs)',
  },
  runLabel: () => 'fifo',
});
