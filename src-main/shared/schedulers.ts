import { z } from 'zod';

/**
 * Scheduler choices and their parameters, with the defaults the papers and Hadoop use.
 * The engine's implementations live in src-main/schedulers, one file each.
 */
const slots = {
  /** Hadoop 1 slots per node (defaults: 2 map, 2 reduce; PRISM sec. 6.1 ran Fair with 8 and 6). */
  mapSlots: z.number().int().min(0).max(512).default(2),
  reduceSlots: z.number().int().min(0).max(512).default(2),
  /** Memory of a slot's task JVM (Hadoop 1: mapred.child.java.opts defaults to -Xmx200m). */
  slotMemoryMb: z.number().positive().default(200),
};

/**
 * Whether a scheduler sees co-hosted VMs as a locality level of their own. Stock Hadoop and YARN
 * know nodes and racks only, so they take a replica on another VM of the same server no sooner than
 * any rack-local one; ILA sec. 3 adds the server level (Hadoop's later NodeGroup topology does the
 * same). Only clusters with VMs are affected.
 */
const topologyAwareness = {
  serverLocality: z.boolean().default(false),
};

const containers = {
  /** Memory a NodeManager offers; default: the node's memory less 1 GB for the OS and daemons. */
  nodeMemoryMb: z.number().positive().optional(),
  /** vcores a NodeManager offers; default: the node's cores (PRISM sec. 6.1 also ran 128). */
  vcoresPerNode: z.number().int().min(1).max(128).optional(),
  /** Application master container per job (MRAppMaster defaults). */
  amMemoryMb: z.number().positive().default(1536),
  amVcores: z.number().int().min(1).default(1),
  /** Container size per task; default: the template's map / reduce memory. */
  mapMemoryMb: z.number().positive().optional(),
  reduceMemoryMb: z.number().positive().optional(),
};

export const PoolSchema = z.strictObject({
  name: z.string().min(1),
  /** Guaranteed number of slots (maps + reduces) while the pool has demand. */
  minShare: z.number().int().min(0).default(0),
  weight: z.number().positive().default(1),
});

export interface QueueConfig {
  name: string;
  /** Percent of the parent's capacity. */
  capacity: number;
  /** Percent of the parent's capacity the queue may grow to when others are idle. */
  maxCapacity: number;
  children: QueueConfig[];
}
export const QueueSchema: z.ZodType<QueueConfig, unknown> = z.lazy(() =>
  z.strictObject({
    name: z.string().min(1),
    capacity: z.number().min(0).max(100),
    maxCapacity: z.number().min(0).max(100).default(100),
    children: z.array(QueueSchema).default([]),
  }),
) as unknown as z.ZodType<QueueConfig, unknown>;

export const SchedulerSpecSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('fifo'), label: z.string().optional(), ...slots, ...topologyAwareness }),
  z.strictObject({
    kind: z.literal('fair'),
    label: z.string().optional(),
    ...slots,
    /** Delay scheduling (Zaharia et al.): seconds a job waits for a node-local, then a rack-local slot. 0/0 = greedy ("PureFair"). */
    nodeLocalityWaitS: z.number().min(0).default(5),
    rackLocalityWaitS: z.number().min(0).default(5),
    pools: z.array(PoolSchema).default([]),
    ...topologyAwareness,
  }),
  z.strictObject({
    kind: z.literal('capacity'),
    label: z.string().optional(),
    ...containers,
    queues: z.array(QueueSchema).default([{ name: 'default', capacity: 100, maxCapacity: 100, children: [] }]),
    /** Missed scheduling opportunities before a container may go rack-local (YARN node-locality-delay). */
    localityDelay: z.number().int().min(0).default(40),
    ...topologyAwareness,
  }),
  z.strictObject({ kind: z.literal('drf'), label: z.string().optional(), ...containers, ...topologyAwareness }),
  z.strictObject({
    kind: z.literal('prism'),
    label: z.string().optional(),
    ...containers,
    /** Weight of performance against fairness in U = U_fairness + α·U_perf (PRISM eq. 1). */
    alpha: z.number().min(0).default(1),
    /** Urgency of a paused phase, p(T_wait) = a·T_wait² (eq. 6; a = 0.1 in sec. 5.2). */
    urgency: z.number().min(0).default(0.1),
    /** Only the k jobs furthest below their share offer new tasks (sec. 5.2; k = 20). */
    topK: z.number().int().min(1).default(20),
    /** ε of eq. 5, so a job with no task of a type running gets a large, finite gain. */
    epsilon: z.number().positive().default(0.1),
    /** Fairness measure of eq. 2: DRF dominant shares (eq. 3) or Hadoop Fair Scheduler task shares. */
    fairness: z.enum(['drf', 'fair']).default('drf'),
    /** Phase-level profiles per template (`workload-studio profile` output); others fall back to task level. */
    profiles: z
      .record(
        z.string(),
        // Partial: a template may have no merge or reduce phase (map-only jobs).
        z.partialRecord(z.enum(['map', 'merge', 'shuffle', 'sort', 'reduce']), z.strictObject({ cpuCores: z.number().min(0), memoryMb: z.number().min(0), localDiskMBps: z.number().min(0), hdfsMBps: z.number().min(0), shuffleMBps: z.number().min(0) }).partial()),
      )
      .default({}),
    ...topologyAwareness,
  }),
  z.strictObject({
    kind: z.literal('finegrained'),
    label: z.string().optional(),
    ...containers,
    /** Liu sec. 4.1: cores kept for the OS and Hadoop daemons; the pool is (cores − reserved) · 100 (eq. 3.1). */
    reservedCores: z.number().int().min(0).default(1),
    /** Requirement of tasks of unknown workloads, and of tasks too short to analyse (Liu sec. 3.2.1). */
    defaultRequirement: z.number().int().min(1).max(100).default(100),
    /** Tasks shorter than this on average are "too small" to analyse: they keep the default. */
    minAnalysableSeconds: z.number().min(0).default(5),
    /** Known requirements per template (e.g. from `workload-studio profile`); others are learnt from a sample job. */
    requirements: z.record(z.string(), z.strictObject({ map: z.number().int().min(1).max(100).optional(), reduce: z.number().int().min(1).max(100).optional() })).default({}),
    /** Learn unknown templates from their first successful job (eq. 3.5), as the thesis's framework does. */
    learn: z.boolean().default(true),
    /**
     * Containers given per node heartbeat. The thesis shares jobs with YARN's Fair Scheduler, which
     * gives one (yarn.scheduler.fair.assignmultiple = false): tasks spread over the nodes instead of
     * filling the first node to report. 0 = as many as fit.
     */
    containersPerHeartbeat: z.number().int().min(0).default(1),
    ...topologyAwareness,
  }),
  z.strictObject({
    kind: z.literal('ila'),
    label: z.string().optional(),
    /** ILA sec. 5.1: 2 map slots and 1 reduce slot per VM. */
    ...slots,
    mapSlots: z.number().int().min(0).max(512).default(2),
    reduceSlots: z.number().int().min(0).max(512).default(1),
    /** `ila` both modules; `iao` interference only with greedy locality; `lao` adaptive delay only (sec. 5.1). */
    variant: z.enum(['ila', 'iao', 'lao']).default('ila'),
    /** Static slowdown threshold H of Algorithm 1 (1 = no slowdown, sec. 4.4). */
    threshold: z.number().min(1).default(1),
    /** Use the dynamic threshold H_d once a server has had more than one idle slot for `idleSeconds` (Alg. 1; false = static H only, for sec. 5.5's comparison). */
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
    model: z.strictObject({ cpu: z.array(z.number()).length(6), io: z.array(z.number()).length(10), combine: z.tuple([z.number(), z.number(), z.number()]) }).optional(),
  }),
  z.strictObject({
    kind: z.literal('late'),
    label: z.string().optional(),
    ...slots,
    /** LATE (Zaharia et al., OSDI'08) defaults: SpeculativeCap 10 % of slots, both thresholds the 25th percentile. */
    speculativeCap: z.number().min(0).max(1).default(0.1),
    slowTaskPercentile: z.number().min(0).max(100).default(25),
    slowNodePercentile: z.number().min(0).max(100).default(25),
    /** Seconds an attempt must have run before it is judged. */
    minRunSeconds: z.number().min(0).default(60),
    ...topologyAwareness,
  }),
]);

export type SchedulerSpec = z.output<typeof SchedulerSpecSchema>;
export type SchedulerSpecInput = z.input<typeof SchedulerSpecSchema>;
export type SchedulerKind = SchedulerSpec['kind'];

/** The name a run is reported under: the label if given, else the kind with its distinguishing settings. */
export function schedulerLabel(spec: SchedulerSpec): string {
  if (spec.label) return spec.label;
  if (spec.kind === 'finegrained') return 'finer-grained cpu';
  if (spec.kind === 'prism') return 'prism';
  if (spec.kind === 'ila') return spec.variant;
  if (spec.kind === 'fair') return spec.nodeLocalityWaitS === 0 && spec.rackLocalityWaitS === 0 ? 'fair (greedy locality)' : 'fair (delay)';
  return spec.kind;
}
