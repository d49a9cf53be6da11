import { z } from 'zod';
import { describeScheduler } from './describe';
import { QueueSchema, containerAuto, containerLabels, containerSizeLabels, containers, topologyAwareness, topologyLabels } from './options';
import { containerConcurrency } from './concurrency';
import { labelText } from '../files/controlCharacters';

/** YARN's Capacity Scheduler: hierarchical queues with capacities, containers by memory and vcores. */
export const capacityOptions = describeScheduler({
  kind: 'capacity',
  title: 'YARN Capacity',
  schema: z.strictObject({
    kind: z.literal('capacity'),
    label: labelText().optional(),
    ...containers,
    queues: z.array(QueueSchema).default([{ name: 'default', capacity: 100, maxCapacity: 100, children: [] }]),
    /** Missed scheduling opportunities before a container may go rack-local (YARN node-locality-delay). */
    localityDelay: z.number().int().min(0).default(40),
    ...topologyAwareness,
  }),
  labels: {
    ...containerSizeLabels,
    ...containerLabels,
    localityDelay: 'Locality delay (missed offers)',
    ...topologyLabels,
  },
  auto: containerAuto,
  concurrency: containerConcurrency,
  runLabel: () => 'capacity',
});
