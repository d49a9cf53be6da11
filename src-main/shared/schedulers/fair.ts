import { z } from 'zod';
import { describeScheduler } from './describe';
import { poolProblems } from './queueRules';
import { delayLabels, delayScheduling, PoolSchema, slotAuto, slotLabels, slots, topologyAwareness, topologyLabels } from './options';
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
    /**
     * Fill every free slot of a node at its heartbeat (mapred.fairscheduler.assignmultiple = true,
     * the default from Hadoop 0.21), or hand out at most one map and one reduce a heartbeat, as
     * Hadoop 0.20.2's Fair Scheduler does by default: the version PRISM sec. 6 compares against.
     * Absent: every free slot (a design saved before the option reads as it ran).
     */
    assignMultiple: z.boolean().optional(),
    ...topologyAwareness,
  }),
  labels: {
    pools: 'Pools',
    ...slotLabels,
    ...delayLabels,
    assignMultiple: 'Fill every free slot per heartbeat',
    ...topologyLabels,
  },
  auto: slotAuto,
  capacity: 'slots',
  runRules: (spec) => poolProblems(spec.pools),
  runName: 'Fair (delay)',
  runNames: [{ when: { nodeLocalityWaitS: [0], rackLocalityWaitS: [0] }, name: 'Fair (greedy locality)' }],
});
