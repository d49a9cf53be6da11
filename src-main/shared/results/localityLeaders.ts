import { compareMetric } from './comparison';
import { localityByJobGroup, type LocalityJob } from './jobLocality';
import type { MetricDef } from './metrics';

/** One run's jobs, with the seed and job set that say which runs of other configurations it pairs with. */
export interface SeededLocalityRun {
  /** The configuration (a scheduler's label, or a compared group's key). */
  key: string;
  seed: number;
  /** shared/experiment/design.ts jobSetOf; absent, every run of a seed ran the same jobs. */
  jobSet?: string;
  jobs: readonly LocalityJob[];
}

/** A job group's local share, printed as a whole percent, as the locality tables print it. */
const LOCAL_SHARE: MetricDef = {
  key: 'localShare',
  label: 'Node- or server-local maps',
  get: () => null,
  better: 'higher',
  digits: 0,
  unit: '%',
  range: [0, 100],
};

/**
 * Per job group (the rows of localityByJobGroup), the configuration whose local share is best by
 * the comparison's own rule (shared/results/comparison.ts): the seeds' shares are tested, so a
 * share pooled over seeds that leads by chance, one seed, or a tie marks nothing. Groups with no
 * separated leader are absent.
 */
export function localityLeaders(runs: readonly SeededLocalityRun[]): Map<string, string> {
  // One column per configuration and seed; the rows are the same groups as the pooled table's,
  // since sizes are grouped over every run whatever its key.
  const columns = new Map<string, SeededLocalityRun[]>();
  for (const run of runs) {
    const id = `${run.key}\u0000${run.seed}`;
    columns.set(id, [...(columns.get(id) ?? []), run]);
  }
  const ids = [...columns.keys()];
  const rows = localityByJobGroup(ids.map((id) => ({ key: id, jobs: columns.get(id)!.flatMap((r) => r.jobs) })));
  const keys = [...new Set(runs.map((r) => r.key))];
  const hasJobSets = runs.some((r) => r.jobSet !== undefined);
  const leaders = new Map<string, string>();
  for (const row of rows) {
    const values = keys.map((key) => {
      const bySeed = new Map<number, number>();
      const jobs = new Map<number, string>();
      for (const id of ids) {
        const [first] = columns.get(id)!;
        const cell = row.cells[id] as (typeof row.cells)[string] | undefined;
        if (first.key !== key || !cell?.maps) continue;
        bySeed.set(first.seed, (100 * cell.local) / cell.maps);
        jobs.set(first.seed, first.jobSet ?? '');
      }
      return { key, bySeed, ...(hasJobSets ? { jobs } : {}) };
    });
    const best = compareMetric(LOCAL_SHARE, values, keys[0]).cells.find((c) => c.best);
    if (best) leaders.set(row.group, best.key);
  }
  return leaders;
}
