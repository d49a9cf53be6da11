import { z } from 'zod';

/** The profile's twelve fields, in the paper's order (sec. 3.2). */
export const ARIA_FIELDS = [
  'mMin',
  'mAvg',
  'mMax',
  'avgInputMB',
  'selectivityM',
  'selectivityR',
  'sh1Avg',
  'sh1Max',
  'shTypAvg',
  'shTypMax',
  'rAvg',
  'rMax',
] as const satisfies readonly (keyof AriaProfile)[];
type AriaField = (typeof ARIA_FIELDS)[number];

/** How the planner and the docs name each field. */
export const ARIA_FIELD_LABELS: Record<AriaField, string> = {
  mMin: 'Map min (s)',
  mAvg: 'Map avg (s)',
  mMax: 'Map max (s)',
  avgInputMB: 'Map input (MB)',
  selectivityM: 'Map selectivity',
  selectivityR: 'Reduce selectivity',
  sh1Avg: '1st shuffle avg (s)',
  sh1Max: '1st shuffle max (s)',
  shTypAvg: 'Typ. shuffle avg (s)',
  shTypMax: 'Typ. shuffle max (s)',
  rAvg: 'Reduce avg (s)',
  rMax: 'Reduce max (s)',
};

/** A field's name inside a sentence: "Map avg (s)" → "map avg". */
const plain = (field: AriaField) => ARIA_FIELD_LABELS[field].replace(/ \(.*\)$/, '').replace(/^./, (c) => c.toLowerCase());

// Messages say what is wrong, not which field: the studio shows each beside its field's label.
const seconds = (what: string) => z.number({ error: 'must be a number of seconds' }).finite().min(0, 'must be at least 0 s').describe(what);
const ratio = (what: string) => z.number({ error: 'must be a number' }).finite().min(0, 'must be at least 0').describe(what);

/**
 * An ARIA job profile (Verma, Cherkasova, Campbell, sec. 3.2): performance invariants of one
 * application that do not depend on the slots it was given. Seconds and MB; names as in the paper.
 *
 * - mMin, mAvg, mMax: map task durations (M_min, M_avg, M_max).
 * - avgInputMB: average input of a map (AvgSize_M^input), which sizes a new dataset's map count.
 * - selectivityM, selectivityR: map output / map input, reduce output / reduce input.
 * - sh1Avg, sh1Max: the first reduce wave's shuffle, only the part after the map stage ends
 *   (the non-overlapping portion, sec. 3.2).
 * - shTypAvg, shTypMax: the shuffle (with the interleaved sort) of later reduce waves.
 * - rAvg, rMax: the reduce phase proper.
 */
export const AriaProfileSchema = z
  .strictObject({
    mMin: seconds('M_min, s: the shortest map task'),
    mAvg: seconds('M_avg, s: the average map task'),
    mMax: seconds('M_max, s: the longest map task'),
    avgInputMB: ratio('AvgSize_M^input, MB: the average input of a map'),
    selectivityM: ratio('Selectivity_M: map output / map input'),
    selectivityR: ratio('Selectivity_R: reduce output / reduce input'),
    sh1Avg: seconds('Sh_avg^1, s: first-wave shuffle after the map stage ends, average'),
    sh1Max: seconds('Sh_max^1, s: first-wave shuffle after the map stage ends, longest'),
    shTypAvg: seconds('Sh_avg^typ, s: shuffle and sort of later reduce waves, average'),
    shTypMax: seconds('Sh_max^typ, s: shuffle and sort of later reduce waves, longest'),
    rAvg: seconds('R_avg, s: the reduce phase, average'),
    rMax: seconds('R_max, s: the reduce phase, longest'),
  })
  .superRefine((p, ctx) => {
    const order = (lo: AriaField, hi: AriaField) => {
      if (p[lo] > p[hi]) ctx.addIssue({ code: 'custom', path: [hi], message: `must be at least the ${plain(lo)} (${p[lo]} s)` });
    };
    order('mMin', 'mAvg');
    order('mAvg', 'mMax');
    order('sh1Avg', 'sh1Max');
    order('shTypAvg', 'shTypMax');
    order('rAvg', 'rMax');
  });

export type AriaProfile = z.output<typeof AriaProfileSchema>;

/**
 * A profile file as `workload-studio plan --profile` reads it: the twelve numbers alone, or the
 * studio's own envelope (`workload-studio profile` output names a template's profile `aria`).
 */
export const AriaProfileFileSchema = z.union([AriaProfileSchema, z.object({ aria: AriaProfileSchema }).transform((f) => f.aria)]);

/** A profile the user named and saved in the profile store (beside the measured one of its template). */
export interface NamedAriaProfile {
  template: string;
  name: string;
  profile: AriaProfile;
  updatedAt: string;
}

/** What the store measured for a template's ARIA profile, from every finished run so far. */
export interface MeasuredAriaProfile {
  profile: AriaProfile;
  /** Intermediate MB per reduce (D of eq. 9-10) over those runs. */
  mbPerReduce: number;
  /** False when no run had a second reduce wave, so shTypAvg/shTypMax were never seen. */
  typicalShuffleObserved: boolean;
}

export const NAMED_PROFILE_NAME = z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters');
