/**
 * FAWKES' weighting policies (Ghit et al., SIGMETRICS'14, sec. 4.3): by demand (JD jobs, DD input
 * data, TD tasks waiting), by usage (PU processors, DU disk, RU both by eq. 5), by performance (JS
 * job slowdown, JT job throughput, TT task throughput by eq. 6), and the two baselines: None keeps
 * every MR-cluster at its minimum share, EQ divides the nodes equally.
 */
export const FAWKES_POLICIES = ['none', 'eq', 'jd', 'dd', 'td', 'pu', 'du', 'ru', 'js', 'jt', 'tt'] as const;
export type FawkesPolicy = (typeof FAWKES_POLICIES)[number];
/**
 * What one MR-cluster looks like at a sampling instant: the inputs of FAWKES' weighting policies
 * (Ghit et al. sec. 4.3). "Waiting" jobs are those of its queue with tasks not yet started.
 */
export interface MrClusterSample {
  /** Jobs in its queue with pending tasks, their input MB, and its pending tasks. */
  waitingJobs: number;
  waitingInputMb: number;
  pendingTasks: number;
  /** Tasks running on its nodes and the task slots its nodes offer. */
  runningTasks: number;
  slots: number;
  /** HDFS output its jobs wrote so far, and the storage of the nodes it holds (MB). */
  outputMb: number;
  storageMb: number;
  /** Mean over its jobs in the queue of elapsed time / time alone on its minimum share (0 with none). */
  meanSlowdown: number;
  /** Jobs and tasks finished so far. */
  jobsDone: number;
  tasksDone: number;
}

export interface WeightingParameters {
  policy: FawkesPolicy;
  /** ψ of eq. 5. */
  psi: number;
  /** a of eq. 6. */
  a: number;
}

/** PU (sec. 4.3.2): the share of its processing units (task slots) in use. */
function processorUsage(s: MrClusterSample): number {
  return s.slots > 0 ? Math.min(1, s.runningTasks / s.slots) : 0;
}

/** DU (sec. 4.3.2): output data generated against its current storage capacity. */
function diskUsage(s: MrClusterSample): number {
  return s.storageMb > 0 ? Math.min(1, s.outputMb / s.storageMb) : 0;
}

/**
 * Eq. 6: p = a^(−q), where q is the throughput ratio. The paper's q is finished over waiting work
 * and its share ranges from C/a (q → 1) to C (q → 0); reading q as finished / (finished + waiting)
 * keeps it in that [0, 1] range whatever the queue holds.
 */
function throughputWeight(done: number, waiting: number, a: number): number {
  const q = done + waiting > 0 ? done / (done + waiting) : 0;
  return Math.pow(a, -q);
}

/**
 * One sample y_i(t) of the monitored metric (sec. 4.2.2) for every MR-cluster at once, before the
 * eq. 4 normalisation. All MR-clusters are sampled together because RU (eq. 5) combines the
 * *normalised* usages of PU and DU: each one's share of the MR-clusters' total at this instant.
 */
export function sampleValues(samples: readonly MrClusterSample[], minShares: readonly number[], p: WeightingParameters): number[] {
  if (p.policy === 'ru') {
    // Eq. 5 on usages normalised across the MR-clusters: without it a disk usage of 0.001-0.01
    // beside a processor usage near 0.5 leaves RU weighing exactly as PU does.
    const pu = normaliseWeights(samples.map(processorUsage));
    const du = normaliseWeights(samples.map(diskUsage));
    return pu.map((u, i) => p.psi * u + (1 - p.psi) * du[i]);
  }
  return samples.map((s, i) => sampleValue(s, minShares[i], p));
}

/** One sample of every policy but RU, which needs all MR-clusters (sampleValues). */
function sampleValue(s: MrClusterSample, minShare: number, p: WeightingParameters): number {
  switch (p.policy) {
    case 'none':
      // Sec. 4.3: every MR-cluster stays at its minimum share; the weight reports that share.
      return minShare;
    case 'eq':
      return 1;
    case 'jd':
      return s.waitingJobs;
    case 'dd':
      return s.waitingInputMb;
    case 'td':
      return s.pendingTasks;
    case 'pu':
      return processorUsage(s);
    case 'du':
      return diskUsage(s);
    case 'ru':
      throw new Error('RU is sampled across MR-clusters (sampleValues)');
    case 'js':
      return s.meanSlowdown;
    case 'jt':
      return throughputWeight(s.jobsDone, s.waitingJobs, p.a);
    case 'tt':
      return throughputWeight(s.tasksDone, s.pendingTasks, p.a);
  }
}

/**
 * Eq. 4: each MR-cluster's weight is the mean of its samples over the last interval, over the sum
 * of those means. All zero (nobody monitored anything): every weight is 0.
 */
export function normaliseWeights(means: readonly number[]): number[] {
  const sum = means.reduce((a, b) => a + b, 0);
  return means.map((m) => (sum > 0 ? m / sum : 0));
}
