import { availableParallelism } from 'node:os';
import { pairedTTest } from '@shared/results/stats';
import type { SchedulerSpec } from '@shared/schedulers';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { runExperiment } from '../../src-main/runner/runExperiment';
import { presetFile } from '../../scripts/reproductions/storedRuns';

/**
 * PRISM against YARN Capacity on sec. 6.3's batches, taken apart into job order and placement
 * (issue 54 item 4). Four schedulers share each seed's batch: YARN as the presets run it (first
 * come, first served in its queue), YARN with its fair ordering policy (least memory held first),
 * PRISM as the paper orders jobs (furthest below its share first), and PRISM in submission order
 * with its own phase-level placement. The gap YARN − PRISM in mean job time is then the sum of an
 * order step and a placement step, along either road:
 *   YARN → YARN fair order → PRISM      (order under YARN's placement, then placement under fair order)
 *   YARN → PRISM by submission → PRISM  (placement under FIFO order, then order under PRISM's placement)
 * Each step is paired by seed. Shared by its test and the stored check docs/reproductions.md reads.
 */
export const ORDER_PLACEMENT_CASES = [
  { preset: 'prism-puma', jobs: 50 },
  { preset: 'prism-puma', jobs: 100 },
  { preset: 'prism-gridmix', jobs: 25 },
  { preset: 'prism-gridmix', jobs: 50 },
] as const;
export const ORDER_PLACEMENT_SEEDS = [1, 2, 3, 4, 5, 6];

/** The four schedulers, by the role each plays in the decomposition. */
export const ORDER_PLACEMENT_ROLES = ['yarn', 'yarnFairOrder', 'prismBySubmission', 'prism'] as const;
export type OrderPlacementRole = (typeof ORDER_PLACEMENT_ROLES)[number];

/** One step of the decomposition: mean over seeds of (from − to) in mean job time, and the paired test. */
export interface Step {
  from: OrderPlacementRole;
  to: OrderPlacementRole;
  seconds: number;
  p: number | null;
}

export interface OrderPlacementRow {
  preset: (typeof ORDER_PLACEMENT_CASES)[number]['preset'];
  jobs: number;
  /** Per role: mean over seeds of the run's mean job time and makespan, seconds. */
  meanJct: Record<OrderPlacementRole, number>;
  makespan: Record<OrderPlacementRole, number>;
  /** Per role: mean over seeds of the CPU in use, a share of the cluster's cores. */
  cpu: Record<OrderPlacementRole, number>;
  /** YARN − PRISM. */
  gap: Step;
  /** Order under YARN's placement, then placement under fair order. */
  viaYarnFairOrder: { order: Step; placement: Step };
  /** Placement under submission order, then order under PRISM's placement. */
  viaPrismBySubmission: { placement: Step; order: Step };
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const r3 = (x: number) => Number(x.toFixed(3));

/** The preset's YARN and PRISM cards, and each with the other's kind of job order. */
function cardsOf(schedulers: readonly SchedulerSpec[]): Record<OrderPlacementRole, SchedulerSpec> {
  const yarn = schedulers.find((s) => s.kind === 'capacity');
  const prism = schedulers.find((s) => s.kind === 'prism');
  if (yarn?.kind !== 'capacity' || prism?.kind !== 'prism') throw new Error('a PRISM preset has a YARN Capacity card and a PRISM card');
  return {
    yarn,
    yarnFairOrder: { ...yarn, orderingPolicy: 'fair', label: `${yarn.label ?? 'YARN Capacity'}, fair order` },
    prismBySubmission: { ...prism, jobOrder: 'submission', label: `${prism.label ?? 'PRISM'}, submission order` },
    prism,
  };
}

export async function prismOrderPlacement(): Promise<OrderPlacementRow[]> {
  const rows: OrderPlacementRow[] = [];
  for (const { preset, jobs } of ORDER_PLACEMENT_CASES) {
    const loaded = loadExperiment(presetFile(preset));
    const cards = cardsOf(loaded.experiment.schedulers);
    loaded.experiment.seeds = ORDER_PLACEMENT_SEEDS;
    loaded.experiment.schedulers = ORDER_PLACEMENT_ROLES.map((role) => cards[role]);
    const generate = loaded.workload.generate!;
    loaded.workload = { ...loaded.workload, generate: { ...generate, count: jobs } };
    loaded.experiment.workload = loaded.workload;
    const { result } = await runExperiment(loaded, { threads: availableParallelism() });
    const labelOf = (role: OrderPlacementRole) => cards[role].label!;
    const perSeed = (role: OrderPlacementRole, f: (s: (typeof result.runs)[number]['summary']) => number) =>
      ORDER_PLACEMENT_SEEDS.map((seed) => f(result.runs.find((r) => r.scheduler === labelOf(role) && r.seed === seed)!.summary));
    const jct = (role: OrderPlacementRole) => perSeed(role, (s) => s.meanJct);
    const step = (from: OrderPlacementRole, to: OrderPlacementRole): Step => {
      const a = jct(from);
      const b = jct(to);
      const p = pairedTTest(a, b).p;
      return { from, to, seconds: r3(mean(a.map((x, i) => x - b[i]))), p: p === null ? null : r3(p) };
    };
    const byRole = (f: (s: (typeof result.runs)[number]['summary']) => number) =>
      Object.fromEntries(ORDER_PLACEMENT_ROLES.map((role) => [role, r3(mean(perSeed(role, f)))])) as Record<OrderPlacementRole, number>;
    rows.push({
      preset,
      jobs,
      meanJct: byRole((s) => s.meanJct),
      makespan: byRole((s) => s.makespan),
      cpu: byRole((s) => s.utilization.cpu),
      gap: step('yarn', 'prism'),
      viaYarnFairOrder: { order: step('yarn', 'yarnFairOrder'), placement: step('yarnFairOrder', 'prism') },
      viaPrismBySubmission: { placement: step('yarn', 'prismBySubmission'), order: step('prismBySubmission', 'prism') },
    });
  }
  return rows;
}
