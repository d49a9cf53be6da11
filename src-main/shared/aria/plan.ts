import { z } from 'zod';
import { fieldLabel } from '../api/fieldLabels';
import { completionBounds, makespanBounds, type CompletionBounds } from './bounds';
import { failureBounds, FAILURE_DEFAULTS, type FailureBounds } from './failure';
import { AriaProfileSchema, type AriaProfile } from './profile';
import { provisionAll, type Provisioning } from './provisioning';
import { fitScaling, scaleProfile } from './scaling';

const whole = (min: number) =>
  z
    .number({ error: 'must be a number' })
    .refine(Number.isInteger, 'must be a whole number')
    .refine((v) => v >= min, `must be at least ${min}`);
const positive = () => z.number({ error: 'must be a number' }).finite().positive('must be greater than 0');

/**
 * One planning question (what `workload-studio plan` and the planner view ask): a profile, the
 * job's tasks and slots, and optionally a deadline, a new input size with the staging runs to
 * scale from, and a worker failure.
 */
export const PlanRequestSchema = z
  .strictObject({
    profile: AriaProfileSchema,
    /** Map tasks; derived from inputMb and the profile's avgInputMB when scaling. */
    maps: whole(1).optional(),
    reduces: whole(0),
    /** Slots given to the job; with a deadline, the cluster's slots that Algorithm 1 may allocate. */
    mapSlots: whole(1),
    reduceSlots: whole(1),
    deadlineS: positive().optional(),
    /** A new dataset (sec. 4.3): its size, and staging runs at other sizes with the same reduces. */
    inputMb: positive().optional(),
    scaleFrom: z.array(z.strictObject({ profile: AriaProfileSchema, mbPerReduce: z.number().finite().min(0, 'must be at least 0') })).optional(),
    failure: z
      .strictObject({
        /** Seconds after the start of `stage` (the job's start when no stage is named). */
        atS: z.number({ error: 'must be a number' }).finite().min(0, 'must be at least 0'),
        stage: z.enum(['map', 'reduce']).optional(),
        replenish: z.boolean().default(FAILURE_DEFAULTS.replenish),
        workers: whole(1),
        detectS: z.number().finite().min(0, 'must be at least 0').default(FAILURE_DEFAULTS.detectS),
      })
      .optional(),
  })
  .superRefine((r, ctx) => {
    if (r.maps === undefined && r.inputMb === undefined)
      ctx.addIssue({ code: 'custom', path: ['maps'], message: 'give the number of maps, or an input size to derive it from' });
    if (r.scaleFrom && r.inputMb === undefined) ctx.addIssue({ code: 'custom', path: ['inputMb'], message: 'scaling needs the new input size' });
    if (r.inputMb !== undefined && r.profile.avgInputMB <= 0)
      ctx.addIssue({ code: 'custom', path: ['profile', 'avgInputMB'], message: 'must be greater than 0 to derive the number of maps from an input size' });
  });

export type PlanRequest = z.output<typeof PlanRequestSchema>;
export type PlanRequestInput = z.input<typeof PlanRequestSchema>;

export interface PlanResult {
  /** The profile the bounds use (the scaled one when an input size was given) and the job's shape. */
  profile: AriaProfile;
  maps: number;
  reduces: number;
  scaled?: { mbPerReduce: number };
  bounds: { low: number; up: number; avg: number };
  /** The terms of eq. 5 and eq. 6 (map stage, first and typical shuffle, reduce), unrounded. */
  stages: Pick<CompletionBounds, 'lowStages' | 'upStages'>;
  /** Map stage bounds (eq. 1-2): where a failure time falls. */
  mapStage: { low: number; up: number };
  allocations?: Provisioning['allocations'];
  minimal?: Provisioning['minimal'];
  minimalBy?: Provisioning['minimalBy'];
  failure?: FailureBounds & { atS: number };
}

const s3 = (x: number) => Number(x.toFixed(3));

/** A question the model cannot answer as asked, naming the input at fault. */
export class PlanError extends Error {
  constructor(
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${fieldLabel(field)}: ${detail}`);
  }
}

/** Answer a planning question with the ARIA model (sec. 4.2-4.5). */
export function plan(request: PlanRequestInput): PlanResult {
  const r = PlanRequestSchema.parse(request);
  let profile = r.profile;
  let maps = r.maps;
  let scaled: PlanResult['scaled'];
  if (r.inputMb !== undefined) {
    const base = r.scaleFrom
      ? scaleProfile(r.profile, fitOrExplain(r.scaleFrom), r.inputMb, Math.max(1, r.reduces))
      : { profile: r.profile, maps: Math.ceil(r.inputMb / r.profile.avgInputMB), mbPerReduce: (r.inputMb * r.profile.selectivityM) / Math.max(1, r.reduces) };
    profile = base.profile;
    maps ??= base.maps;
    // A map-only job has no intermediate data per reduce to report.
    if (r.reduces > 0) scaled = { mbPerReduce: s3(base.mbPerReduce) };
  }
  const shape = { maps: maps!, reduces: r.reduces, mapSlots: r.mapSlots, reduceSlots: r.reduceSlots };
  const b = completionBounds(profile, shape);
  const mapStage = makespanBounds(shape.maps, profile.mAvg, profile.mMax, Math.min(shape.mapSlots, Math.max(1, shape.maps)));
  const out: PlanResult = {
    profile,
    maps: shape.maps,
    reduces: shape.reduces,
    ...(scaled ? { scaled } : {}),
    bounds: { low: s3(b.low), up: s3(b.up), avg: s3(b.avg) },
    stages: { lowStages: b.lowStages, upStages: b.upStages },
    mapStage: { low: s3(mapStage.low), up: s3(mapStage.up) },
  };
  if (r.deadlineS !== undefined) {
    const p = provisionAll(profile, {
      maps: shape.maps,
      reduces: shape.reduces,
      clusterMapSlots: r.mapSlots,
      clusterReduceSlots: r.reduceSlots,
      deadlineS: r.deadlineS,
    });
    out.allocations = p.allocations;
    out.minimal = p.minimal;
    out.minimalBy = p.minimalBy;
  }
  if (r.failure) {
    // A time into the reduce stage counts from the map stage's end on the lower-bound timeline.
    const atS = r.failure.stage === 'reduce' ? mapStage.low + r.failure.atS : r.failure.atS;
    if (r.failure.stage === 'map' && atS > mapStage.low)
      throw new PlanError(
        'failure.atS',
        `must be at most ${s3(mapStage.low)} s for a failure in the map stage (the map stage ends there on the lower-bound timeline)`,
      );
    const f = failureBounds(profile, shape, { atS, workers: r.failure.workers, replenish: r.failure.replenish, detectS: r.failure.detectS });
    out.failure = { ...f, atS: s3(atS), low: s3(f.low), up: s3(f.up), avg: s3(f.avg) };
  }
  return out;
}

function fitOrExplain(runs: NonNullable<PlanRequest['scaleFrom']>) {
  try {
    return fitScaling(runs);
  } catch (err) {
    throw new PlanError('scaleFrom', (err as Error).message);
  }
}
