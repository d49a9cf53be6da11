import { z } from 'zod';

/** A sweep over one numeric parameter: of a design (docs/model.md) and of an experiment file alike. */
export const SweepSchema = z.discriminatedUnion('target', [
  /** One scheduler's numeric parameter (PRISM's alpha, delay waits …): the scheduler becomes one variant per value. */
  z.strictObject({
    target: z.literal('scheduler'),
    scheduler: z.number().int().min(0),
    parameter: z.string().min(1),
    values: z.array(z.number().finite()).min(1, 'give at least one value').max(50, 'at most 50 values'),
  }),
  /** A simulation option (heartbeat, disk thrashing …): every run is repeated per value. */
  z.strictObject({
    target: z.literal('simulation'),
    parameter: z.string().min(1),
    values: z.array(z.number().finite()).min(1, 'give at least one value').max(50, 'at most 50 values'),
  }),
  /** The number of servers: each cluster is cut to (or grown to) that many servers, kept spread over its racks. */
  z.strictObject({
    target: z.literal('servers'),
    values: z.array(z.number().int().min(1, 'at least 1 server').max(100_000)).min(1, 'give at least one value').max(50, 'at most 50 values'),
  }),
]);
