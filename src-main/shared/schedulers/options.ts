import { z } from 'zod';
import { NAME_CONTROL_MESSAGE, nameHasControlCharacters } from '../files/controlCharacters';

/** Option groups several schedulers share: Hadoop 1 slots, YARN containers, topology awareness, pools and queues. */

export const slots = {
  /**
   * Hadoop 1 slots per node. Unset: sized per server type from its cores and memory (slotsForNode in
   * concurrency.ts), so slot schedulers are not handicapped against YARN's per-core containers;
   * Hadoop's own default of 2 + 2 is one explicit setting among others (PRISM sec. 6.1 ran 8 + 6).
   */
  mapSlots: z.number().int().min(0).max(512).optional(),
  reduceSlots: z.number().int().min(0).max(512).optional(),
  /** Memory of a slot's task JVM (Hadoop 1: mapred.child.java.opts defaults to -Xmx200m). */
  slotMemoryMb: z.number().positive().default(200),
};

/**
 * Whether a scheduler sees co-hosted VMs as a locality level of their own. Stock Hadoop and YARN
 * know nodes and racks only, so they take a replica on another VM of the same server no sooner than
 * any rack-local one; ILA sec. 3 adds the server level (Hadoop's later NodeGroup topology does the
 * same). Only clusters with VMs are affected.
 */
export const topologyAwareness = {
  serverLocality: z.boolean().default(false),
};

/** Delay scheduling (Zaharia et al.): seconds a job waits for a node-local, then a rack-local slot. 0/0 = greedy ("PureFair"). */
export const delayScheduling = {
  nodeLocalityWaitS: z.number().min(0, 'must be at least 0').max(3600, 'must be at most 3,600 s').default(5),
  rackLocalityWaitS: z.number().min(0, 'must be at least 0').max(3600, 'must be at most 3,600 s').default(5),
};
export const delayLabels = {
  nodeLocalityWaitS: 'Node-locality wait s',
  rackLocalityWaitS: 'Rack-locality wait s',
};

export const containers = {
  /** Memory a NodeManager offers; default: the node's memory less 1 GB for the OS and daemons. */
  nodeMemoryMb: z.number().positive().optional(),
  /** vcores a NodeManager offers; default: the node's cores (PRISM sec. 6.1 also ran 128). */
  vcoresPerNode: z.number().int().min(1).max(128).optional(),
  /** Application master container per job (MRAppMaster defaults). */
  amMemoryMb: z.number().positive().default(1536),
  amVcores: z.number().int().min(1).default(1),
  /**
   * The share of the memory NodeManagers offer that application masters may hold together (Hadoop
   * Fair Scheduler's maxAMShare, whose default this is; the Capacity Scheduler's
   * maximum-am-resource-percent). One default for every YARN policy, so it cannot decide a
   * comparison; 1 lifts the cap.
   */
  maxAmShare: z.number().gt(0, 'must be more than 0').max(1, 'must be at most 1').default(0.5),
  /** Container size per task; default: the template's map / reduce memory. */
  mapMemoryMb: z.number().positive().optional(),
  reduceMemoryMb: z.number().positive().optional(),
};

/** A pool's or queue's name: matched against the jobs' queue names as written, so not trimmed. */
const queueName = z
  .string()
  .min(1, 'must not be empty')
  .refine((s) => !nameHasControlCharacters(s), NAME_CONTROL_MESSAGE);

export const PoolSchema = z.strictObject({
  name: queueName,
  /** Guaranteed number of slots (maps + reduces) while the pool has demand. */
  minShare: z.number().int().min(0).default(0),
  weight: z.number().positive().default(1),
});
/** A Fair card's pool as its schema reads it, defaults filled in. */
export type PoolConfig = z.output<typeof PoolSchema>;

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
    name: queueName,
    capacity: z.number().min(0).max(100),
    maxCapacity: z.number().min(0).max(100).default(100),
    children: z.array(QueueSchema).default([]),
  }),
) as unknown as z.ZodType<QueueConfig, unknown>;

/** The designer's labels of the shared option groups above. */
export const slotLabels = { mapSlots: 'Map slots / node', reduceSlots: 'Reduce slots / node', slotMemoryMb: 'Slot memory MB' };
export const containerSizeLabels = { vcoresPerNode: 'vcores / node', nodeMemoryMb: 'NodeManager memory MB' };
/** What an unset option means, shown as the designer's placeholder. */
export const slotAuto = { mapSlots: 'auto: 1 per core', reduceSlots: 'auto: 1 per 2 cores' };
export const containerAuto = { vcoresPerNode: 'auto: 1 per core', nodeMemoryMb: 'auto: memory − 1 GB' };
export const containerLabels = { amMemoryMb: 'AM memory MB', amVcores: 'AM vcores', maxAmShare: 'Max AM share (0–1)' };
export const topologyLabels = { serverLocality: 'Server locality (co-hosted VMs)' };
