import { z } from 'zod';
import { AriaProfileSchema } from '../aria/profile';
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
  cpuRequirements: z.record(z.string(), z.strictObject({ map: z.number().int().min(1).max(100).optional(), reduce: z.number().int().min(1).max(100).optional() })).default({}),
  /** ARIA job profile per template (Verma et al. sec. 3.2), for MinEDF. */
  aria: z.record(z.string(), AriaProfileSchema).default({}),
  /** Where each template's profile came from, as the designer shows it ("measured over 3 runs, last …"). */
  sources: z.record(z.string(), z.string()).default({}),
});

export type PinnedProfiles = z.output<typeof PinnedProfilesSchema>;
export type PinnedProfilesInput = z.input<typeof PinnedProfilesSchema>;
