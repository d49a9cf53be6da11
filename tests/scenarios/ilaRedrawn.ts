import { availableParallelism } from 'node:os';
import type { WorkloadSpec } from '@shared/workload/workload';
import { FACEBOOK_MIX } from '@shared/workload/workloadPresets';
import { measure, REPRODUCTIONS, type Measure, type MeasureOutcome } from '@shared/results/reproductions';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { runExperiment } from '../../src-main/runner/runExperiment';
import { presetFile, storedRun, type StoredRun } from '../../scripts/reproductions/storedRuns';
import { asMeasured } from '../../scripts/reproductions/format';

/**
 * ILA against IAO on redrawn workloads (issue 54 item 3): the ILA preset's cluster and cards, but
 * each replicate draws its own jobs from ILA Table 4's Facebook mix (which jobs, in the table's
 * shares, and when: Poisson arrivals) instead of the preset's one drawn list. Two case shapes: the
 * paper's 25 jobs 14 s apart on average, and 50 jobs 7 s apart (twice the load). Shared by its test
 * and the stored check docs/reproductions.md reads.
 */
export const ILA_REDRAWN_SEEDS = [21, 22, 23];
export const ILA_REDRAWN_SHAPES = [
  { id: 'facebook-25', title: '25 jobs, 14 s apart on average (sec. 5.2)', count: 25, meanInterarrivalS: 14 },
  { id: 'facebook-50-dense', title: '50 jobs, 7 s apart on average (twice the load)', count: 50, meanInterarrivalS: 7 },
] as const;

export interface IlaRedrawnShape {
  shape: (typeof ILA_REDRAWN_SHAPES)[number]['id'];
  runs: StoredRun[];
  /** The Reproduce area's per-job speedup of ILA over IAO, and ILA's throughput over IAO's, with the paired test across replicates. */
  perJob: MeasureOutcome;
  throughput: MeasureOutcome;
}

const iaoMeasure = (): Measure =>
  REPRODUCTIONS.flatMap((e) => e.presets)
    .flatMap((p) => p.measures)
    .find((m) => m.kind === 'perJobSpeedup' && m.of === 'ILA' && m.against === 'IAO')!;
const throughputMeasure = (): Measure => ({
  id: 'throughput-iao',
  label: 'Throughput, ILA ÷ IAO',
  kind: 'ratio',
  metric: 'throughput',
  of: 'ILA',
  against: 'IAO',
  paper: { low: 1, high: 1.9, text: 'up to 1.9× (against the interference-oblivious; IAO is not named)', where: 'sec. 5.2, Fig. 6' },
});

/** Every shape over every replicate, or (for a quick check of the stored runs) some of them. */
export async function ilaRedrawn(only: { shapes?: string[]; seeds?: number[] } = {}): Promise<IlaRedrawnShape[]> {
  const out: IlaRedrawnShape[] = [];
  for (const shape of ILA_REDRAWN_SHAPES.filter((s) => !only.shapes || only.shapes.includes(s.id))) {
    const loaded = loadExperiment(presetFile('ila-facebook'));
    const workload: WorkloadSpec = {
      name: `ILA Table 4 mix, ${shape.title}`,
      description: '',
      jobs: [],
      generate: { ...FACEBOOK_MIX, count: shape.count, arrival: { kind: 'poisson', meanInterarrivalS: shape.meanInterarrivalS } },
    };
    loaded.workload = workload;
    loaded.experiment = {
      ...loaded.experiment,
      workload,
      seeds: only.seeds ?? ILA_REDRAWN_SEEDS,
      schedulers: loaded.experiment.schedulers.filter((s) => s.kind === 'ila' && (s.variant === 'ila' || s.variant === 'iao')),
    };
    const { result } = await runExperiment(loaded, { threads: availableParallelism() });
    const runs = result.runs.map((r) => storedRun(r, true));
    const byScheduler: Record<string, ReturnType<typeof asMeasured>[]> = {};
    for (const r of runs) (byScheduler[r.scheduler] ??= []).push(asMeasured(r));
    out.push({ shape: shape.id, runs, perJob: measure(iaoMeasure(), byScheduler), throughput: measure(throughputMeasure(), byScheduler) });
  }
  return out;
}
