import type { MrClusterReport } from '../cluster/mrClusters';

/** What the summary reads of one MR-cluster of one run (a result file's, or a stored run's). */
export type MrClusterOutcome = Pick<MrClusterReport, 'name' | 'avgSlowdown' | 'reconfigurations' | 'dataMovedMb' | 'killedAttempts'>;

export interface MrClusterRun {
  scheduler: string;
  seed: number;
  mrClusters?: readonly MrClusterOutcome[];
}

/** One policy's MR-clusters over its seeds, as Ghit et al. sec. 7.3 compares policies (Fig. 9). */
export interface MrClusterPolicyRow {
  scheduler: string;
  seeds: number;
  /** Each MR-cluster's average job slowdown, the mean over seeds (null where no seed finished a job). */
  slowdown: Record<string, number | null>;
  /** Smallest, median and largest of those (Fig. 9's bars); null when none finished a job. */
  min: number | null;
  median: number | null;
  max: number | null;
  /** The mean over seeds of the mean over MR-clusters: the number the policies are ranked by. */
  mean: number | null;
  /** Means over seeds of the sums over MR-clusters. */
  reconfigurations: number;
  dataMovedMb: number;
  killedAttempts: number;
}

export interface MrClusterSummary {
  /** MR-cluster names in the order the first run lists them. */
  names: string[];
  rows: MrClusterPolicyRow[];
}

const meanOf = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

function median(sorted: readonly number[]): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/** The mean over MR-clusters of their average job slowdown in one run; null when none finished a job. */
export function runMeanSlowdown(run: { mrClusters?: readonly Pick<MrClusterReport, 'avgSlowdown'>[] }): number | null {
  return meanOf((run.mrClusters ?? []).map((c) => c.avgSlowdown).filter((x): x is number => x !== null));
}

/**
 * Per policy (scheduler label), its MR-clusters' outcomes over the seeds it ran, in the order the
 * policies first appear; undefined when no run has MR-clusters (not a FAWKES comparison).
 */
export function mrClusterSummary(runs: readonly MrClusterRun[]): MrClusterSummary | undefined {
  const withClusters = runs.filter((r) => r.mrClusters?.length);
  if (!withClusters.length) return undefined;
  const names = withClusters[0].mrClusters!.map((c) => c.name);
  const schedulers = [...new Set(withClusters.map((r) => r.scheduler))];
  const rows = schedulers.map((scheduler): MrClusterPolicyRow => {
    const mine = withClusters.filter((r) => r.scheduler === scheduler);
    const slowdown = Object.fromEntries(
      names.map((name) => [
        name,
        meanOf(mine.map((r) => r.mrClusters!.find((c) => c.name === name)?.avgSlowdown).filter((x): x is number => x !== null && x !== undefined)),
      ]),
    );
    const known = Object.values(slowdown)
      .filter((x): x is number => x !== null)
      .sort((a, b) => a - b);
    const total = (f: (c: MrClusterOutcome) => number) => meanOf(mine.map((r) => r.mrClusters!.reduce((s, c) => s + f(c), 0))) ?? 0;
    return {
      scheduler,
      seeds: mine.length,
      slowdown,
      min: known[0] ?? null,
      median: median(known),
      max: known.at(-1) ?? null,
      mean: meanOf(mine.map(runMeanSlowdown).filter((x): x is number => x !== null)),
      reconfigurations: total((c) => c.reconfigurations),
      dataMovedMb: total((c) => c.dataMovedMb),
      killedAttempts: total((c) => c.killedAttempts),
    };
  });
  return { names, rows };
}
