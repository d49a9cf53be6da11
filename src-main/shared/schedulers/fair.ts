import { z } from 'zod';
import { describeScheduler } from './describe';
import { delayLabels, delayScheduling, PoolSchema, slotAuto, slotLabels, slots, topologyAwareness, topologyLabels } from './options';
import { slotConcurrency } from './concurrency';
import { labelText } from '../files/controlCharacters';

/** Hadoop's Fair Scheduler with pools and delay scheduling (Zaharia et al., EuroSys'10); both waits at 0 is the greedy "PureFair". */
export const fairOptions = describeScheduler({
  kind: 'fair',
  title: 'Fair Scheduler (delay or greedy)',
  schema: z.strictObject({
    kind: z.literal('fair'),
    label: labelText().optional(),
    ...slots,
    ...delayScheduling,
    pools: z.array(PoolSchema).default([]),
    ...topologyAwareness,
  }),
  labels: {
    ...slotLabels,
    ...delayLabels,
    ...topologyLabels,
  },
  auto: slotAuto,
  concurrency: slotConcurrency,
  runLabel: (s) => (s.nodeLocalityWaitS === 0 && s.rackLocalityWaitS === 0 ? 'fair (greedy locality)' : 'fair (delay)'),
});
