import { z } from 'zod';
import { AriaProfileSchema } from '../aria/profile';
import { ScalingFactorsSchema } from '../aria/scaling';
import { PhaseRatesSchema } from '../workload/templates';

/**
 * The profiles an experiment runs with, copied from the profile store into the design once and
 * kept there (docs/model.md "Determinism"): later runs learn more, but a design gives the same runs
 * until the user refreshes its profiles. PRISM takes the phase-level profiles (sec. 4), Finer-Grained
 * CPU the measured requirements (Liu eq. 3.5).
 */

/** A phase's rates as PRISM schedules by them (its duration is not pinned: the engine measures it). */
const PinnedRatesSchema = PhaseRatesSchema.omit({ durationS: true });

export const PinnedProfilesSchema = z.strictObject({
  /** When the store was read (ISO 8601). */
  pinnedAt: z.string().min(1),
  /** Phase-level profile per template and phase (edited over measured). */
  phases: z.record(z.string(), z.record(z.string(), PinnedRatesSchema)).default({}),
  /** CPU requirement per template in hundredths of a core (Liu eq. 3.5). */
  cpuRequirements: z
    .record(z.string(), z.strictObject({ map: z.number().int().min(1).max(100).optional(), reduce: z.number().int().min(1).max(100).optional() }))
    .default({}),
  /**
   * ARIA job profile per template (Verma et al. sec. 3.2) added up over every cluster's runs: what
   * MinEDF used in designs pinned before `ariaByCluster` existed, and still uses for a cluster that
   * entry does not name.
   */
  aria: z.record(z.string(), AriaProfileSchema).default({}),
  /**
   * Per saved cluster of the design (by id): the ARIA profiles of the runs on that cluster alone,
   * the scaling factors (sec. 4.3, eq. 9-10) where its history entries ran a template at two or more
   * data sizes per reduce, and where each came from. A template no run on the cluster measured has
   * none there: MinEDF owes its jobs every slot rather than size them by another cluster's times.
   */
  ariaByCluster: z
    .record(
      z.string(),
      z.strictObject({
        cluster: z.string(),
        profiles: z.record(z.string(), AriaProfileSchema).default({}),
        scaling: z.record(z.string(), ScalingFactorsSchema).default({}),
        sources: z.record(z.string(), z.string()).default({}),
      }),
    )
    .optional(),
  /** Where each template's profile came from, as the designer shows it ("measured over 3 runs, last …"). */
  sources: z.record(z.string(), z.string()).default({}),
});

export type PinnedProfiles = z.output<typeof PinnedProfilesSchema>;
export type PinnedProfilesInput = z.input<typeof PinnedProfilesSchema>;
