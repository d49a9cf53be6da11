import { z } from 'zod';
import { describeScheduler } from './describe';
import { queueProblems } from './queueRules';
import { QueueSchema, containerAuto, containerLabels, containerSizeLabels, containers, topologyAwareness, topologyLabels } from './options';
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
    /**
     * Order of the jobs inside a leaf queue (YARN `ordering-policy`): first come, first served, or
     * YARN's fair ordering (the job holding the least memory first, ties by submission).
     */
    orderingPolicy: z.enum(['fifo', 'fair']).default('fifo'),
    /**
     * MapReduce's reduce ramp-up limit (`yarn.app.mapreduce.am.job.reduce.rampup.limit`): while a
     * job has maps waiting, its reduces hold at most this share of the memory its tasks hold.
     * Unset: Hadoop's 0.5 under fair ordering, no limit under first come, first served.
     */
    reduceRampupLimit: z.number().min(0, 'must be at least 0').max(1, 'must be at most 1').optional(),
    ...topologyAwareness,
  }),
  labels: {
    queues: 'Queues',
    ...containerSizeLabels,
    ...containerLabels,
    localityDelay: 'Locality delay (missed offers)',
    orderingPolicy: 'Order inside a queue',
    reduceRampupLimit: 'Reduce ramp-up limit (0–1)',
    ...topologyLabels,
  },
  choices: { orderingPolicy: ['fifo', 'fair'] },
  choiceLabels: {
    orderingPolicy: { fifo: 'First come, first served (YARN default)', fair: 'Least memory held first (fair)' },
  },
  auto: { ...containerAuto, reduceRampupLimit: 'auto: 0.5 fair, else none' },
  capacity: 'containers',
  runRules: (spec) => queueProblems(spec.queues),
  runName: 'Capacity',
  runNames: [{ when: { orderingPolicy: ['fair'] }, name: 'Capacity (fair order)' }],
});
