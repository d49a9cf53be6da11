import type { MeasuredAriaProfile, NamedAriaProfile } from '../aria/profile';
import { z } from 'zod';

/** A benchmark template as the templates library shows it. */
export interface TemplateInfo {
  name: string;
  kind: 'cpu' | 'io';
  source: string;
  /** Map/reduce work per MB and per task at a reference core (templates.ts explains each). */
  coefficients: Record<string, number>;
  /** Phase-level profile (PRISM Fig. 8) measured on the reference machine; null for absent phases. */
  phases: Record<(typeof TEMPLATE_PHASES)[number], PhaseRates | null>;
  /** What the reference run was, in words (hardware and job size). */
  reference: string;
}

export const TEMPLATE_PHASES = ['map', 'merge', 'shuffle', 'sort', 'reduce'] as const;

export interface PhaseRates {
  durationS: number;
  /** Cores busy on average while the phase runs. */
  cpuCores: number;
  memoryMb: number;
  localDiskMBps: number;
  hdfsMBps: number;
  shuffleMBps: number;
}

/** Shown after the field's own label ("CPU (cores): must be at least 0"), so the words do not name the field again. */
const rate = () => z.number({ error: 'must be a number' }).finite().min(0, 'must be at least 0').max(1e6, 'must be at most 1,000,000');
export const PhaseRatesSchema = z.strictObject({
  durationS: rate(),
  cpuCores: rate().max(1024, 'must be at most 1024 cores'),
  memoryMb: rate(),
  localDiskMBps: rate(),
  hdfsMBps: rate(),
  shuffleMBps: rate(),
});
export const PhaseProfileSchema = z.strictObject(
  Object.fromEntries(TEMPLATE_PHASES.map((p) => [p, PhaseRatesSchema.nullable()])) as Record<
    (typeof TEMPLATE_PHASES)[number],
    z.ZodNullable<typeof PhaseRatesSchema>
  >,
);

/** A phase-level profile someone entered or edited for a template (the profile store). */
export interface StoredProfile {
  template: string;
  phases: TemplateInfo['phases'];
  source: 'user';
  updatedAt: string;
}

/** A template's profile measured from the runs saved so far (refined by every later run). */
export interface MeasuredProfile {
  template: string;
  runs: number;
  phases: TemplateInfo['phases'];
  /** Finer-Grained CPU requirement per task (Liu eq. 3.5); 'default' when tasks were too short to analyse. */
  cpuRequirement: { map: number | 'default' | null; reduce: number | 'default' | null };
  /** ARIA's profile (sec. 3.2); absent for templates measured before the studio kept it. */
  aria?: MeasuredAriaProfile;
  updatedAt: string;
}

/** The profile store: what people entered or edited, and what runs measured. */
export interface ProfileStore {
  edited: StoredProfile[];
  measured: MeasuredProfile[];
  /** ARIA profiles the user named and saved. */
  aria: NamedAriaProfile[];
}
