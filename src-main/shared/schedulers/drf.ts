import { z } from 'zod';
import { describeScheduler } from './describe';
import { containers, topologyAwareness } from './options';

/** Dominant Resource Fairness (Ghodsi et al., NSDI'11) over YARN containers. */
export const drfOptions = describeScheduler({
  kind: 'drf',
  title: 'DRF',
  schema: z.strictObject({ kind: z.literal('drf'), label: z.string().optional(), ...containers, ...topologyAwareness }),
  labels: {
    amMemoryMb: 'AM memory MB',
    amVcores: 'AM vcores',
    serverLocality: 'Server locality (co-hosted VMs)',
  },
  runLabel: () => 'drf',
});
