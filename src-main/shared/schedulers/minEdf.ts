import { z } from 'zod';
import { AriaProfileSchema } from '../aria/profile';
import { describeScheduler } from './describe';
import { slotAuto, slotLabels, slots, topologyAwareness, topologyLabels } from './options';
import { slotConcurrency } from './concurrency';

/**
 * MinEDF, ARIA's deadline scheduler: jobs in earliest-deadline-first order, each given the fewest
 * map and reduce slots the ARIA model (bounds eq. 1-8, Algorithm 1) says it needs to meet its
 * deadline, then the spare slots handed out in the same order (docs/model.md "MinEDF").
 */
export const minEdfOptions = describeScheduler({
  kind: 'minedf',
  title: 'MinEDF (ARIA deadlines)',
  schema: z.strictObject({
    kind: z.literal('minedf'),
    label: z.string().optional(),
    ...slots,
    /** Which completion-time bound must meet the deadline when sizing a job (sec. 4.5: low, up, or their average). */
    bound: z.enum(['avg', 'low', 'up']).default('avg'),
    /** ARIA profile per template; empty: the design's pinned profiles. A template without one gets every slot it can use. */
    profiles: z.record(z.string(), AriaProfileSchema).default({}),
    ...topologyAwareness,
  }),
  labels: {
    ...slotLabels,
    bound: 'Bound that meets the deadline (sec. 4.5)',
    ...topologyLabels,
  },
  choices: { bound: ['avg', 'low', 'up'] },
  auto: slotAuto,
  concurrency: slotConcurrency,
  usesProfiles: 'ARIA job profiles (Verma et al. sec. 3.2)',
  runLabel: (s) => (s.bound === 'avg' ? 'minedf' : `minedf (${s.bound} bound)`),
});
