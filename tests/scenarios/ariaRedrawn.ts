import { availableParallelism } from 'node:os';
import { pairedTTest } from '@shared/results/stats';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { runExperiment } from '../../src-main/runner/runExperiment';
import { presetFile } from '../../scripts/reproductions/storedRuns';

/**
 * MinEDF against FIFO and Fair on redrawn workloads (issue 54 item 3): the ARIA preset's generator
 * draws each replicate's 40 jobs (application, size, arrivals, deadline) from its own seed; the
 * seeds here are ones the preset never ran. Two case shapes: the preset's arrivals 60 s apart on
 * average, and 30 s apart (twice the load). Shared by its test and the stored check
 * docs/reproductions.md reads.
 */
export const ARIA_REDRAWN_SEEDS = [11, 12, 13, 14, 15, 16];
export const ARIA_REDRAWN_SHAPES = [
  { id: 'arrivals-60s', title: '40 jobs, 60 s apart on average (the preset)', meanInterarrivalS: 60 },
  { id: 'arrivals-30s', title: '40 jobs, 30 s apart on average (twice the load)', meanInterarrivalS: 30 },
] as const;

export interface AriaRedrawnShape {
  shape: (typeof ARIA_REDRAWN_SHAPES)[number]['id'];
  /** Per configuration label: deadlines met, %, per replicate. */
  met: Record<string, number[]>;
  /** Each MinEDF configuration against Fair and FIFO: mean difference in points and the paired test's p. */
  against: Record<string, { fair: { points: number; p: number | null }; fifo: { points: number; p: number | null } }>;
}

const r3 = (x: number) => Number(x.toFixed(3));

export async function ariaRedrawn(): Promise<AriaRedrawnShape[]> {
  const out: AriaRedrawnShape[] = [];
  for (const shape of ARIA_REDRAWN_SHAPES) {
    const loaded = loadExperiment(presetFile('aria-minedf'));
    const generate = loaded.workload.generate!;
    loaded.workload = { ...loaded.workload, generate: { ...generate, arrival: { kind: 'poisson', meanInterarrivalS: shape.meanInterarrivalS } } };
    loaded.experiment = { ...loaded.experiment, workload: loaded.workload, seeds: ARIA_REDRAWN_SEEDS };
    const { result } = await runExperiment(loaded, { threads: availableParallelism() });
    const met: Record<string, number[]> = {};
    for (const seed of ARIA_REDRAWN_SEEDS)
      for (const r of result.runs.filter((x) => x.seed === seed)) (met[r.scheduler] ??= []).push(r3(100 * (r.summary.deadlineHitRate ?? NaN)));
    const test = (a: number[], b: number[]) => {
      const t = pairedTTest(a, b);
      return { points: r3(t.meanDiff), p: t.p === null ? null : r3(t.p) };
    };
    const against: AriaRedrawnShape['against'] = {};
    for (const label of Object.keys(met).filter((l) => l.startsWith('MinEDF')))
      against[label] = { fair: test(met[label], met['Fair (delay)']), fifo: test(met[label], met.FIFO) };
    out.push({ shape: shape.id, met, against });
  }
  return out;
}
