import { availableParallelism } from 'node:os';
import { pairedTTest } from '@shared/results/stats';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { runExperiment } from '../../src-main/runner/runExperiment';
import { presetFile } from '../../scripts/reproductions/storedRuns';

/**
 * PRISM sec. 6.3's Fig. 15 as a curve: the PRISM presets' batches at each size the paper ran (50 to
 * 200 PUMA jobs, 25 to 100 Gridmix 2 jobs), each seed drawing its batch afresh, three seeds as the
 * paper ran each batch three times. Per size: each scheduler's mean job time and batch running
 * time (makespan), and PRISM against Fair and YARN paired by seed. Shared by its test and the
 * stored check docs/reproductions.md reads.
 */
export const PRISM_BATCH_SIZES = { 'prism-puma': [50, 100, 150, 200], 'prism-gridmix': [25, 50, 75, 100] } as const;
export const PRISM_BATCH_SEEDS = [1, 2, 3];

export interface BatchSizeRow {
  preset: keyof typeof PRISM_BATCH_SIZES;
  jobs: number;
  /** Per scheduler label: mean over seeds of the mean job time and the makespan, seconds. */
  meanJct: Record<string, number>;
  makespan: Record<string, number>;
  /** Other scheduler's mean job time ÷ PRISM's, mean over seeds, and the paired test's p on the per-seed means. */
  againstPrism: Record<string, { ratio: number; p: number | null }>;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const r3 = (x: number) => Number(x.toFixed(3));

export async function prismBatchSizes(): Promise<BatchSizeRow[]> {
  const rows: BatchSizeRow[] = [];
  for (const [preset, sizes] of Object.entries(PRISM_BATCH_SIZES) as [keyof typeof PRISM_BATCH_SIZES, readonly number[]][]) {
    for (const jobs of sizes) {
      const loaded = loadExperiment(presetFile(preset));
      loaded.experiment.seeds = PRISM_BATCH_SEEDS;
      const generate = loaded.workload.generate!;
      loaded.workload = { ...loaded.workload, generate: { ...generate, count: jobs } };
      loaded.experiment.workload = loaded.workload;
      const { result } = await runExperiment(loaded, { threads: availableParallelism() });
      const labels = [...new Set(result.runs.map((r) => r.scheduler))];
      const perSeed = (label: string, f: (s: (typeof result.runs)[number]['summary']) => number) =>
        PRISM_BATCH_SEEDS.map((seed) => f(result.runs.find((r) => r.scheduler === label && r.seed === seed)!.summary));
      const prism = labels.find((l) => l === 'PRISM')!;
      rows.push({
        preset,
        jobs,
        meanJct: Object.fromEntries(labels.map((l) => [l, r3(mean(perSeed(l, (s) => s.meanJct)))])),
        makespan: Object.fromEntries(labels.map((l) => [l, r3(mean(perSeed(l, (s) => s.makespan)))])),
        againstPrism: Object.fromEntries(
          labels
            .filter((l) => l !== prism)
            .map((l) => {
              const other = perSeed(l, (s) => s.meanJct);
              const mine = perSeed(prism, (s) => s.meanJct);
              const p = pairedTTest(other, mine).p;
              return [l, { ratio: r3(mean(other.map((x, i) => x / mine[i]))), p: p === null ? null : r3(p) }];
            }),
        ),
      });
    }
  }
  return rows;
}
