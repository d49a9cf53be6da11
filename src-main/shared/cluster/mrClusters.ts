import { z } from 'zod';

/**
 * One MR-cluster of a FAWKES run (Ghit et al. sec. 7), as a result file carries it: its service
 * level (average job slowdown against the same job alone on its minimum share, Fig. 9), how often
 * and how much it was resized, and its size, queue, weight and discrimination over time (Fig. 6, 7,
 * 10, 11), sampled every interval T and, for every MR-cluster at once, whenever any one's size changes.
 */
export const MrClusterReportSchema = z.strictObject({
  name: z.string(),
  /** Core nodes: the minimum share it is guaranteed while active (sec. 4.2.1). */
  minShare: z.number().int().min(0),
  jobs: z.number().int().min(0),
  /** Mean over its finished jobs of response time / time alone on its minimum share; null with none finished. */
  avgSlowdown: z.number().nullable(),
  /** Most jobs waiting or running in its queue at once. */
  maxQueue: z.number().int().min(0),
  /**
   * Re-balances counted for it: each change of the shares by the weighting counts once, for the
   * MR-cluster it grew most (shrank most when none grew), so the sum over MR-clusters is the
   * number of reconfigurations sec. 7.3 counts (deployments and removals not counted).
   */
  reconfigurations: z.number().int().min(0),
  /** Seconds from its first request to holding its minimum share; null when never admitted. */
  minShareReachedS: z.number().nullable(),
  /** HDFS output copied off its transient-core nodes before they left (delayed pre-emption), MB. */
  dataMovedMb: z.number().min(0),
  /** Attempts killed on nodes taken from it (instant pre-emption and the tasks of nodes leaving). */
  killedAttempts: z.number().int().min(0),
  /** Samples: time (s), nodes held, jobs in its queue, weight (eq. 4), temporal discrimination d_i (eq. 1). */
  series: z.strictObject({
    t: z.array(z.number()),
    nodes: z.array(z.number()),
    queue: z.array(z.number()),
    weight: z.array(z.number()),
    discrimination: z.array(z.number()),
  }),
});

export type MrClusterReport = z.infer<typeof MrClusterReportSchema>;
