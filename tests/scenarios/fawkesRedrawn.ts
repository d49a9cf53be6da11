import { availableParallelism } from 'node:os';
import { pairedTTest } from '@shared/results/stats';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { runExperiment } from '../../src-main/runner/runExperiment';
import { presetFile } from '../../scripts/reproductions/storedRuns';
import { wkldD, wkldDMixed } from '../../scripts/fawkesWorkloads';
import { isKind } from '../../src-main/schedulers/builtIns';

/**
 * FAWKES' weighting policies on redrawn workloads (issue 54 item 3): WKLD-D and its mixed-size
 * variant, each replicate drawing its MR-clusters' arrivals, bursts and sizes from its own seeds
 * (the presets hold one draw), run with engine seed = the replicate. None, TD and the usage-based
 * PU, DU and RU: the docs' claims about them, checked on two case shapes. Shared by its test and
 * the stored check docs/reproductions.md reads.
 */
export const FAWKES_REDRAWN_REPLICATES = [1, 2, 3, 4, 5, 6];
export const FAWKES_REDRAWN_POLICIES = ['none', 'td', 'pu', 'du', 'ru'];
export const FAWKES_REDRAWN_SHAPES = [
  { id: 'wkld-d', preset: 'fawkes-wkld-d', title: 'WKLD-D (Table 2)', draw: wkldD, seedOffset: 11 },
  { id: 'wkld-d-mixed', preset: 'fawkes-wkld-d-mixed', title: 'WKLD-D, sizes mixed in every MR-cluster', draw: wkldDMixed, seedOffset: 31 },
] as const;

export interface FawkesRedrawnShape {
  shape: (typeof FAWKES_REDRAWN_SHAPES)[number]['id'];
  /** Per policy, per replicate: the mean over MR-clusters of their average job slowdown, and the reconfigurations. */
  slowdown: Record<string, number[]>;
  reconfigurations: Record<string, number[]>;
  /** Paired tests across replicates of the mean slowdown: "a vs b" → a's mean minus b's, and p. */
  tests: Record<string, { meanDiff: number; p: number | null }>;
}

const r3 = (x: number) => Number(x.toFixed(3));
export const FAWKES_REDRAWN_PAIRS: [string, string][] = [
  ['td', 'none'],
  ['du', 'pu'],
  ['ru', 'pu'],
  ['ru', 'du'],
];

/** Every shape over every replicate, or (for a quick check of the stored numbers) some of them. */
export async function fawkesRedrawn(only: { shapes?: string[]; replicates?: number[] } = {}): Promise<FawkesRedrawnShape[]> {
  const out: FawkesRedrawnShape[] = [];
  for (const shape of FAWKES_REDRAWN_SHAPES.filter((s) => !only.shapes || only.shapes.includes(s.id))) {
    const slowdown: Record<string, number[]> = {};
    const reconfigurations: Record<string, number[]> = {};
    for (const replicate of only.replicates ?? FAWKES_REDRAWN_REPLICATES) {
      const loaded = loadExperiment(presetFile(shape.preset));
      const base = shape.seedOffset + 100 * replicate;
      const jobs = shape.draw([base, base + 1, base + 2]).sort((a, b) => a.submit - b.submit || a.id.localeCompare(b.id));
      loaded.workload = { ...loaded.workload, jobs: jobs.map((j) => ({ ...j, queue: 'default', dependsOn: j.dependsOn ?? [] })) };
      loaded.experiment = {
        ...loaded.experiment,
        workload: loaded.workload,
        seeds: [replicate],
        schedulers: loaded.experiment.schedulers.filter((s) => isKind(s, 'fawkes') && FAWKES_REDRAWN_POLICIES.includes(s.policy)),
      };
      const { result } = await runExperiment(loaded, { threads: availableParallelism() });
      for (const run of result.runs) {
        const policy = run.kind === 'fawkes' ? (loaded.experiment.schedulers.find((s) => s.label === run.scheduler)?.policy as string) : run.scheduler;
        const clusters = run.mrClusters ?? [];
        (slowdown[policy] ??= []).push(r3(clusters.reduce((s, c) => s + (c.avgSlowdown ?? 0), 0) / Math.max(1, clusters.length)));
        (reconfigurations[policy] ??= []).push(clusters.reduce((s, c) => s + c.reconfigurations, 0));
      }
    }
    const tests: FawkesRedrawnShape['tests'] = {};
    for (const [a, b] of only.replicates?.length === 1 ? [] : FAWKES_REDRAWN_PAIRS) {
      const t = pairedTTest(slowdown[a], slowdown[b]);
      tests[`${a} vs ${b}`] = { meanDiff: r3(t.meanDiff), p: t.p === null ? null : r3(t.p) };
    }
    out.push({ shape: shape.id, slowdown, reconfigurations, tests });
  }
  return out;
}
