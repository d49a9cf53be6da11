import { z } from 'zod';
import { AriaProfileSchema } from '../aria/profile';
import { ScalingFactorsSchema } from '../aria/scaling';
import { describeScheduler } from './describe';
import { delayLabels, delayScheduling, slotAuto, slotLabels, slots, topologyAwareness, topologyLabels } from './options';
import { labelText } from '../files/controlCharacters';

/**
 * What happens to the slots beyond every job's minimum (docs/model.md "MinEDF"): kept for jobs
 * without a deadline (ARIA's MinEDF: a job never holds more than its allocation); lent to jobs in
 * deadline order and taken back as lent tasks end; or lent and taken back at once by killing the
 * most recently lent task, as the ARIA authors' later work-conserving MinEDF-WC does.
 */
export const MINEDF_SPARE = ['none', 'lend', 'lend-kill'] as const;

/**
 * MinEDF, the deadline scheduler of the ARIA framework (Verma, Cherkasova, Campbell, ICAC 2011; the
 * provisioning paper in our set, Middleware 2011, builds on it but does not define it): jobs in
 * earliest-deadline-first order, each holding at most the fewest map and reduce slots the ARIA
 * model (the Middleware paper's bounds eq. 1-8 and Algorithm 1) says it needs to
 * meet its deadline, maps placed by delay scheduling; the spare slots as `spare` says
 * (docs/model.md "MinEDF").
 */
export const minEdfOptions = describeScheduler({
  kind: 'minedf',
  title: 'MinEDF (ARIA deadlines)',
  schema: z.strictObject({
    kind: z.literal('minedf'),
    label: labelText().optional(),
    ...slots,
    /** Which completion-time bound must meet the deadline when sizing a job (sec. 4.5: low, up, or their average). */
    bound: z.enum(['avg', 'low', 'up']).default('avg'),
    /** ARIA profile per template; empty: the design's pinned profiles. A template without one gets every slot it can use. */
    profiles: z.record(z.string(), AriaProfileSchema).default({}),
    /**
     * Scaling factors per template (sec. 4.3, eq. 9-10): a job's shuffle and reduce durations from
     * its own intermediate data per reduce, the profile's map invariants unchanged. A template
     * without them is sized by its profile as measured.
     */
    scaling: z.record(z.string(), ScalingFactorsSchema).default({}),
    spare: z.enum(MINEDF_SPARE, { error: `must be one of ${MINEDF_SPARE.join(', ')}` }).default('none'),
    ...delayScheduling,
    ...topologyAwareness,
  }),
  labels: {
    ...slotLabels,
    bound: 'Bound that meets the deadline (sec. 4.5)',
    spare: 'Slots beyond the minimums',
    ...delayLabels,
    ...topologyLabels,
  },
  choices: { bound: ['avg', 'low', 'up'], spare: MINEDF_SPARE },
  choiceLabels: {
    bound: { avg: 'average of the bounds', low: 'lower bound', up: 'upper bound' },
    spare: { none: 'kept for jobs without a deadline', lend: 'lent, taken back as tasks end', 'lend-kill': 'lent, taken back by killing (MinEDF-WC)' },
  },
  auto: slotAuto,
  capacity: 'slots',
  usesProfiles: 'ARIA job profiles (Verma et al. sec. 3.2)',
  runName: 'MinEDF',
  // Each bound by name, then what spare slots do: "MinEDF (lower bound), lending".
  runNames: (['avg', 'low', 'up'] as const).flatMap((bound) =>
    MINEDF_SPARE.map((spare) => ({
      when: { bound: [bound], spare: [spare] },
      name: [
        bound === 'avg' ? 'MinEDF' : `MinEDF (${bound === 'low' ? 'lower' : 'upper'} bound)`,
        ...(spare === 'none' ? [] : [spare === 'lend' ? 'lending' : 'lending, killing']),
      ].join(', '),
    })),
  ),
});
