import { SchedulerSpecSchema } from '@shared/schedulers';
import type { SchedulerSpecOf } from '../../src-main/schedulers/builtIns';
import { ariaProfileOf } from '@shared/aria/totals';
import { Simulation } from '../../src-main/engine/run/kernel';
import { summarize } from '../../src-main/engine/measure/runSummary';
import type { Scheduler } from '../../src-main/engine/scheduling/schedulerApi';
import { simulatedTimesAlone } from '../../src-main/runner/timeAlone';
import { fairScheduler } from '../../src-main/schedulers/fair';
import { minEdfScheduler } from '../../src-main/schedulers/minEdf';
import { cluster, fifo, job, options, run } from '../helpers/engineFixtures';

/**
 * MinEDF on a case it was not tuned on (issue 30): a long Sort job with a loose deadline arrives
 * first and would hold every slot; ten smaller Sort and WordCount jobs with deadlines twice their
 * time alone follow it, 40 s apart. FIFO and Fair (no pre-emption) leave the long job's reduces in
 * the reduce slots for its whole map stage; MinEDF holds it to what ARIA says it needs. Shared by
 * its test (tests/integration/schedulers/minEdfHeldOut.test.ts) and the stored check the docs read
 * (scripts/reproductions).
 */
export const HELD_OUT_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

const topology = () => cluster(2, 8, { cores: 4 });
const spec = (o: object) => SchedulerSpecSchema.parse({ mapSlots: 4, reduceSlots: 2, ...o });

/** Profiles as the studio measures them: each template alone, three reduce waves, the jobs' data per reduce. */
function stagedProfiles() {
  const profiles: Record<string, ReturnType<typeof ariaProfileOf>> = {};
  for (const t of ['WordCount', 'Sort']) {
    const r = run(topology(), [job('staging', t, { maps: 576, reduces: 96, inputMb: 576 * 128 })], fifo(4, 2));
    profiles[t] = ariaProfileOf(Object.values(r.aria)[0]);
  }
  return profiles;
}

const jobs = () => [
  job('long', 'Sort', { maps: 576, reduces: 96, inputMb: 576 * 128, deadlineFactor: 3 }),
  ...Array.from({ length: 10 }, (_, i) =>
    job(`u${i}`, i % 2 ? 'WordCount' : 'Sort', { maps: 48, reduces: 8, inputMb: 48 * 128, submit: 30 + 40 * i, deadlineFactor: 2 }),
  ),
];

/** Percent of deadlines met; every job must finish. */
function deadlinesMet(scheduler: () => Scheduler, seed: number): number {
  const topo = topology();
  const list = jobs();
  const o = options({});
  const r = new Simulation({ topology: topo, jobs: list, options: o, seed, scheduler: scheduler(), timeAlone: simulatedTimesAlone(topo, list, o, seed) }).run();
  const unfinished = r.jobs.filter((j) => j.status !== 'succeeded').map((j) => j.id);
  if (unfinished.length) throw new Error(`held-out case, seed ${seed}: ${unfinished.join(', ')} did not succeed`);
  return summarize(r).deadlineHitRate! * 100;
}

/** The configurations compared, by the label the docs show. */
export const HELD_OUT_CONFIGURATIONS = [
  'FIFO',
  'Fair',
  'MinEDF, average bound',
  'MinEDF, upper bound',
  'MinEDF lending, average bound',
  'MinEDF lending, upper bound',
  'MinEDF lending and killing, average bound',
  'MinEDF lending and killing, upper bound',
] as const;
export type HeldOutConfiguration = (typeof HELD_OUT_CONFIGURATIONS)[number];

/** Deadlines met (percent) per configuration, seed by seed over `seeds`. */
export function heldOutDeadlines(
  seeds: readonly number[] = HELD_OUT_SEEDS,
  only?: readonly HeldOutConfiguration[],
): Partial<Record<HeldOutConfiguration, number[]>> {
  const profiles = stagedProfiles();
  const minEdf = (bound: 'avg' | 'up', spare: 'none' | 'lend' | 'lend-kill') => () =>
    minEdfScheduler(spec({ kind: 'minedf', profiles, bound, spare }) as SchedulerSpecOf<'minedf'>);
  const make: Record<HeldOutConfiguration, () => Scheduler> = {
    FIFO: () => fifo(4, 2),
    Fair: () => fairScheduler(spec({ kind: 'fair' }) as SchedulerSpecOf<'fair'>),
    'MinEDF, average bound': minEdf('avg', 'none'),
    'MinEDF, upper bound': minEdf('up', 'none'),
    'MinEDF lending, average bound': minEdf('avg', 'lend'),
    'MinEDF lending, upper bound': minEdf('up', 'lend'),
    'MinEDF lending and killing, average bound': minEdf('avg', 'lend-kill'),
    'MinEDF lending and killing, upper bound': minEdf('up', 'lend-kill'),
  };
  const out: Partial<Record<HeldOutConfiguration, number[]>> = {};
  for (const c of only ?? HELD_OUT_CONFIGURATIONS) out[c] = seeds.map((s) => deadlinesMet(make[c], s));
  return out;
}
