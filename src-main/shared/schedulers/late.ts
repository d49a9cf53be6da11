import { z } from 'zod';
import { describeScheduler } from './describe';
import { slotAuto, slotLabels, slots, topologyAwareness, topologyLabels } from './options';
import { labelText } from '../files/controlCharacters';

/** LATE (Zaharia et al., OSDI'08): speculative copies of the tasks with the longest estimated time left. */
export const lateOptions = describeScheduler({
  kind: 'late',
  title: 'LATE (speculation)',
  schema: z.strictObject({
    kind: z.literal('late'),
    label: labelText().optional(),
    ...slots,
    /** LATE (Zaharia et al., OSDI'08) defaults: SpeculativeCap 10 % of slots, both thresholds the 25th percentile. */
    speculativeCap: z.number().min(0).max(1).default(0.1),
    slowTaskPercentile: z.number().min(0).max(100).default(25),
    slowNodePercentile: z.number().min(0).max(100).default(25),
    /** Seconds an attempt must have run before it is judged. */
    minRunSeconds: z.number().min(0).default(60),
    ...topologyAwareness,
  }),
  labels: {
    ...slotLabels,
    speculativeCap: 'Speculative cap',
    slowTaskPercentile: 'Slow-task percentile',
    slowNodePercentile: 'Slow-node percentile',
    minRunSeconds: 'Least run time before judging s',
    ...topologyLabels,
  },
  auto: slotAuto,
  capacity: 'slots',
  runName: 'LATE',
});
