import { z } from 'zod';
import { describeScheduler } from './describe';
import { slotAuto, slotLabels, slots } from './options';
import { labelText } from '../files/controlCharacters';

/** ILA (interference- and locality-aware scheduling) and its IAO and LAO variants. */
export const ilaOptions = describeScheduler({
  kind: 'ila',
  title: 'ILA / IAO / LAO (interference, locality)',
  schema: z.strictObject({
    kind: z.literal('ila'),
    label: labelText().optional(),
    /** Unset, a 2-vCPU VM gets ILA sec. 5.1's 2 map slots and 1 reduce slot (slotsForNode). */
    ...slots,
    /** `ila` both modules; `iao` interference only with greedy locality; `lao` adaptive delay only (sec. 5.1). */
    variant: z.enum(['ila', 'iao', 'lao']).default('ila'),
    /** Static slowdown threshold H of Algorithm 1 (1 = no slowdown, sec. 4.4). */
    threshold: z.number().min(1).default(1),
    /**
     * Use the dynamic threshold H_d once a server has had more than one idle slot for `idleSeconds`
     * (Alg. 1; false = static H only, for sec. 5.5's comparison).
     */
    dynamicThreshold: z.boolean().default(true),
    idleSeconds: z.number().min(0).default(20),
    /** EWMA weight of the newest finished task in the demand estimate (eq. 7; α = 0.8). */
    ewmaAlpha: z.number().min(0).max(1).default(0.8),
    /** Demand assumed before any task of a job finished: high, "to avoid interference" (sec. 4.3). */
    initialDemand: z.strictObject({ tc: z.number().min(0), tr: z.number().min(0), tw: z.number().min(0) }).default({ tc: 1, tr: 0.8, tw: 0.8 }),
    /** Alg. 2: no delay when a task's input is at most this share of a block. */
    smallInputFraction: z.number().min(0).max(1).default(0.01),
    /** Adaptive delay intervals (sec. 4.5): 0.5 s for the node level, 5 s for the others. */
    nodeWaitS: z.number().min(0).default(0.5),
    serverWaitS: z.number().min(0).default(5),
    rackWaitS: z.number().min(0).default(5),
    /** Re-fit the interference model every k new observations (sec. 4.2; k = 100). */
    refitEvery: z.number().int().min(1).default(100),
    /** Profiling runs made to fit the model offline for this cluster's server shape. */
    profilingSamples: z.number().int().min(10).max(2000).default(120),
    /** A fitted model (eq. 1-3) to use instead of profiling: cpu and io coefficients, and α, β, C3. */
    model: z
      .strictObject({ cpu: z.array(z.number()).length(6), io: z.array(z.number()).length(10), combine: z.tuple([z.number(), z.number(), z.number()]) })
      .optional(),
  }),
  labels: {
    ...slotLabels,
    variant: 'Variant',
    threshold: 'Static threshold H (Alg. 1)',
    dynamicThreshold: 'Dynamic threshold H_d',
    idleSeconds: 'Idle seconds k',
    ewmaAlpha: 'EWMA α (eq. 7)',
    smallInputFraction: 'No delay below share of a block',
    nodeWaitS: 'Node-level wait s',
    serverWaitS: 'Server-level wait s',
    rackWaitS: 'Rack-level wait s',
    refitEvery: 'Re-fit every k observations',
    profilingSamples: 'Profiling samples',
  },
  choices: { variant: ['ila', 'iao', 'lao'] },
  choiceLabels: {
    variant: {
      ila: 'ILA: interference- and locality-aware (the paper)',
      iao: 'IAO: interference-aware only (stock greedy locality)',
      lao: 'LAO: locality-aware only (no interference model)',
    },
  },
  auto: slotAuto,
  capacity: 'slots',
  runName: 'ILA',
  runNames: [
    { when: { variant: ['iao'] }, name: 'IAO' },
    { when: { variant: ['lao'] }, name: 'LAO' },
  ],
  // LAO never fits the interference model; ILA and IAO re-fit it as they run.
  costOption: 'variant',
});
