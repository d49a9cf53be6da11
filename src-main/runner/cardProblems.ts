import type { SchedulerSpec } from '@shared/schedulers';
import type { SchedulerTopology } from '../engine/scheduling/schedulerApi';
import type { EngineJob } from '../engine/core/model';
import { designProblemsOf } from '../schedulers/registry';
import { compileTopology } from '../engine/core/topology';
import { compileJobs, expandJobs, WorkloadError } from '../workloads/compile';
import type { BatchInputs } from '@shared/experiment/design';

/** One scheduler card's problem on one cluster and workload, in words naming both. */
export interface CardProblem {
  /** The card's place in the design's list of schedulers. */
  card: number;
  message: string;
}

/**
 * What each card's own check (its plugin's `checkDesign`) finds on one cluster and workload of a
 * design: a FAWKES card on a cluster without MR-clusters, a YARN card whose containers fit on no
 * node. The app's designer shows these beside the card (services/designChecks.ts) and the CLI's
 * `run` refuses with them, so a design the app will not run the CLI does not run either.
 */
export function cardProblemsOn(
  cards: readonly SchedulerSpec[],
  cluster: { name: string },
  workload: { name: string },
  topology: SchedulerTopology,
  jobs: readonly EngineJob[],
): CardProblem[] {
  return cards.flatMap((card, k) =>
    designProblemsOf(card, topology, jobs, 3).map((p) => ({ card: k, message: `cluster "${cluster.name}", workload "${workload.name}": ${p}` })),
  );
}

/**
 * Every card problem of a batch's clusters × workloads, with its first seed's jobs (as the app's
 * check draws them). A workload that does not compile is left to the run, which names its error.
 */
export function batchCardProblems(inputs: Pick<BatchInputs, 'clusters' | 'workloads' | 'schedulers' | 'seeds'>): CardProblem[] {
  const seed = inputs.seeds[0] ?? 1;
  const problems: CardProblem[] = [];
  for (const c of inputs.clusters) {
    const topology = compileTopology(c.spec);
    for (const w of inputs.workloads) {
      let jobs;
      try {
        jobs = compileJobs(expandJobs(w.spec, seed), c.spec.hdfs.blockSizeMb);
      } catch (err) {
        if (err instanceof WorkloadError) continue;
        throw err;
      }
      problems.push(...cardProblemsOn(inputs.schedulers, c, w, topology, jobs));
    }
  }
  return problems;
}
