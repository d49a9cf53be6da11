import { z } from 'zod';

const num = () => z.number().finite();

/** How the engine runs, independent of the scheduler (model.md "Scheduling", "Faults"). */
export const SimulationOptionsSchema = z.strictObject({
  /** Node heartbeat interval (Hadoop 1 default 3 s). */
  heartbeatS: num().min(0.001, 'must be at least 0.001 s (a heartbeat every millisecond)').max(3600, 'must be at most 3,600 s').default(3),
  /**
   * The master takes at most this many regular heartbeats a second, so large clusters beat less
   * often: interval = max(heartbeatS, nodes / this), as Hadoop 1's JobTracker does
   * (mapreduce.jobtracker.heartbeats.in.second = 100 there). 0, the default, keeps `heartbeatS`
   * whatever the cluster's size.
   */
  maxHeartbeatsPerSecond: num().min(0, 'must be at least 0').max(1_000_000, 'must be at most 1,000,000').default(0),
  /**
   * Order of the nodes' regular heartbeats within a round: drawn afresh each round from the seed
   * (`shuffled`, as real heartbeats drift against each other) or always node 0 first (`fixed`).
   */
  heartbeatOrder: z.enum(['shuffled', 'fixed']).default('shuffled'),
  /** A node also heartbeats right after a task finishes on it. */
  outOfBandHeartbeat: z.boolean().default(true),
  /**
   * `full`: phases share CPU, disk and network (durations are outcomes). `none`: each phase runs at
   * its isolated speed, as in slot simulators — for very large runs and the ARIA bounds.
   */
  contention: z.enum(['full', 'none']).default('full'),
  /** Disk bandwidth lost per extra concurrent stream on a disk (seek thrashing). */
  diskThrashing: num().min(0).max(1).default(0.08),
  /**
   * The most one task moves to or from a disk per second, however idle the disk: the pace of its
   * single-threaded read, compute and spill pipeline (model.md "Resource sharing"). Absent, one task
   * may take a whole disk. PRISM's testbed measured about 11 MB/s of disk traffic per task in the
   * map, sort and reduce phases (PRISM Fig. 8), which is what makes two slots a node too few there.
   */
  taskDiskMBps: num().positive('must be greater than 0 MB/s').max(100_000, 'must be at most 100,000 MB/s').optional(),
  /** Host CPU-seconds per MB of guest I/O on hosts with VMs (Dom0-style overhead). */
  dom0CpuPerMb: num().min(0).default(0),
  /**
   * A running reduce asks for newly finished maps this often, so its shuffle hears of a map's end at
   * the next ask (Hadoop's reduce-side event fetcher asks every 1,000 ms: 1, the default since
   * 2026-12-06). 0: at the instant the map ends, as every run before then did (FORMER_DEFAULTS;
   * model.md "Phases").
   */
  mapOutputPollS: num().min(0, 'must be at least 0 s (0: at once)').max(60, 'must be at most 60 s').default(1),
  /** Fraction of a job's maps that must finish before its reduces may start. */
  slowstart: num().min(0).max(1).default(0.05),
  /** Attempts of one task before its job fails (Hadoop default 4). */
  maxAttempts: z.number().int().min(1).max(100).default(4),
  /** Probability that an attempt fails on its own (not counting node loss or memory). */
  taskFailureProbability: num().min(0).max(1).default(0),
  /** Time after the last heartbeat at which a node is declared lost (Hadoop 1 default 600 s). */
  nodeTimeoutS: num().min(1, 'must be at least 1 s').max(86_400, 'must be at most a day (86,400 s)').default(600),
  failures: z
    .array(z.strictObject({ node: z.string().min(1), atS: num().min(0) }))
    .max(100_000, 'at most 100,000 failures')
    .default([]),
  /**
   * Mean time between failures per node; off when absent. Bounded below so that a run ends: with
   * failures every microsecond the engine would do nothing but fail nodes.
   */
  mtbfS: num().min(60, 'must be at least 60 s: each node fails on average once in this time').optional(),
  /** A lost node is replaced by an identical one this long after it is declared lost. */
  replenishAfterS: num().min(1, 'must be at least 1 s').optional(),
  /** Stop the run here (seconds); jobs not finished by then are reported unfinished. */
  horizonS: num().positive('must be greater than 0').max(1e9, 'must be at most 1,000,000,000 s').optional(),
  /** Time-series sample interval; default: run length / 400. */
  sampleIntervalS: num().min(0.1, 'must be at least 0.1 s').optional(),
  /** Keep per-attempt records (node, phases, locality) in the result. */
  recordAttempts: z.boolean().default(true),
});

export type SimulationOptions = z.output<typeof SimulationOptionsSchema>;
export type SimulationOptionsInput = z.input<typeof SimulationOptionsSchema>;

/**
 * Settings whose default changed, with the value they had before. What the studio recorded before
 * the change (a result file's experiment, a saved design, a batch's inputs) lacks the setting when
 * it was written before the setting existed, and ran with the former value: read back, it keeps
 * that value, so it reruns to the same numbers. A new experiment file takes today's default.
 */
export const FORMER_DEFAULTS = {
  /** Reduces heard of each finished map at once until 2026-12-06 (docs/model.md "Phases"). */
  mapOutputPollS: 0,
} as const satisfies Partial<SimulationOptions>;

/** Recorded simulation options with each setting whose default changed filled with its former value where absent. */
export function withFormerDefaults(simulation: unknown): unknown {
  if (simulation === undefined) return { ...FORMER_DEFAULTS };
  if (typeof simulation !== 'object' || simulation === null || Array.isArray(simulation)) return simulation;
  return { ...FORMER_DEFAULTS, ...simulation };
}
