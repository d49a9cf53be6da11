import { z } from 'zod';
import { describeScheduler } from './describe';
import { containerLabels, containers, topologyAwareness, topologyLabels } from './options';

/** Dominant Resource Fairness (Ghodsi et al., NSDI'11) over YARN containers. */
export const drfOptions = describeScheduler({
  kind: 'drf',
  title: 'DRF',
  schema: z.strictObject({ kind: z.literal('drf'), label: z.string().optional(), ...containers, ...topologyAwareness }),
  labels: {
    ...containerLabels,
    ...topologyLabels,
  },
  runLabel: () => 'drf',
});
