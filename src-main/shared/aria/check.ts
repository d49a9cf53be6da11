import { z } from 'zod';
import { AriaProfileSchema } from './profile';

/**
 * Checking the model against the simulator (ARIA Fig. 7-8): run one job on a saved cluster with
 * exactly the chosen (map, reduce) slots, for each chosen point, and set the simulated completion
 * time beside the bounds the profile predicts.
 */
export const MAX_CHECK_POINTS = 24;

export const PlannerCheckSchema = z.strictObject({
  clusterId: z.string().uuid('must be a cluster id'),
  template: z.string().min(1, 'must name a template'),
  profile: AriaProfileSchema,
  maps: z.number().int('must be a whole number').min(1, 'must be at least 1'),
  reduces: z.number().int('must be a whole number').min(0, 'must be at least 0'),
  /** Map input MB per map; default: the profile's. */
  inputMbPerMap: z.number().positive('must be greater than 0').optional(),
  deadlineS: z.number().positive('must be greater than 0').optional(),
  points: z
    .array(
      z.strictObject({
        mapSlots: z.number().int().min(1, 'must be at least 1'),
        reduceSlots: z.number().int().min(1, 'must be at least 1'),
        curve: z.enum(['low', 'avg', 'up', 'chosen']).default('chosen'),
      }),
    )
    .min(1, 'pick at least one point')
    .max(MAX_CHECK_POINTS, `at most ${MAX_CHECK_POINTS} points at a time`),
  seed: z.number().int().min(0).default(1),
  contention: z.enum(['full', 'none']).default('full'),
});

export type PlannerCheckRequest = z.input<typeof PlannerCheckSchema>;

export interface PlannerCheckPoint {
  mapSlots: number;
  reduceSlots: number;
  curve: 'low' | 'avg' | 'up' | 'chosen';
  predicted: { low: number; avg: number; up: number };
  /** Null when the job did not finish (it failed or the run stalled). */
  simulatedS: number | null;
  /** Simulated completion within the deadline (null without one). */
  met: boolean | null;
}

export interface PlannerCheckResult {
  cluster: string;
  /** Slots the cluster offers with Hadoop's per-server sizing (points beyond them cannot run). */
  clusterSlots: { maps: number; reduces: number };
  points: PlannerCheckPoint[];
}
