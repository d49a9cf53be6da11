import type { ExperimentDesign } from '@shared/experiment/design';
import { designRuleProblems } from '@shared/experiment/designRules';
import { deletedChoiceProblems } from '@shared/experiment/deletedChoices';
import type { FieldProblem } from '@shared/api/validation';
import type { DesignFix } from '@shared/experiment/designFix';
import type { WorkloadRecord } from '@shared/api/records';
import { compileTopology } from '../engine/core/topology';
import { cardProblemsOn } from '../runner/cardProblems';
import { unknownFailureTargets } from '../runner/matrix';
import type { ClustersRepo } from '../store/clustersRepo';
import type { WorkloadsRepo } from '../store/workloadsRepo';
import { compileJobs, expandJobs, WorkloadError } from '../workloads/compile';

/**
 * What a design's runs would fail on, found before Run with the saved clusters and workloads it
 * names: a cluster or workload that is gone, a workload that cannot be compiled (an unknown
 * template, a job too large), a failure naming a server the cluster lacks, the design rules a
 * design saved before them may break (shared/experiment/designRules.ts), and what a scheduler's
 * own check finds (its plugin's `checkDesign`: a FAWKES card whose cluster marks no MR-cluster or
 * whose jobs name none or one the cluster lacks). Each problem names the cluster, workload and job,
 * at the field the designer shows it beside (`workloadIds`, `schedulers.K.design`).
 */

/** Tasks of each workload on each cluster the checks compiled (`taskKey`), so the estimate compiles nothing again. */
export type TaskCounts = Map<string, number>;
export const taskKey = (clusterId: string, workloadId: string) => `${clusterId}/${workloadId}`;

export function designChecks(spec: ExperimentDesign, clusters: ClustersRepo, workloads: WorkloadsRepo, tasks?: TaskCounts): FieldProblem[] {
  // A design saved before a rule was added (twin run names, a queue tree YARN refuses) is held to it at Run.
  const problems: FieldProblem[] = designRuleProblems(spec.schedulers, spec.sweep).map((c) => ({ field: c.path.join('.'), message: c.message }));
  const find = <T>(get: () => T): T | undefined => {
    try {
      return get();
    } catch {
      return undefined;
    }
  };
  const cs = spec.clusterIds.map((id) => find(() => clusters.get(id)));
  const ws = spec.workloadIds.map((id) => find(() => workloads.get(id)));
  const kept = new Set([...spec.clusterIds.filter((_, i) => cs[i]), ...spec.workloadIds.filter((_, i) => ws[i])]);
  problems.push(...deletedChoiceProblems(spec, { cluster: (id) => kept.has(id), workload: (id) => kept.has(id) }));
  const seed = spec.seeds[0] ?? 1;
  for (const c of cs) {
    if (!c) continue;
    problems.push(...unknownFailureTargets(c, spec.simulation));
    const topology = compileTopology(c.spec);
    for (const w of ws) {
      if (!w) continue;
      let jobs;
      const specs = expandJobs(w.spec, seed);
      try {
        jobs = compileJobs(specs, c.spec.hdfs.blockSizeMb);
      } catch (err) {
        if (!(err instanceof WorkloadError)) throw err;
        // In words: the job by its id, not the error's field path.
        const at = /^jobs\.(\d+)\./.exec(err.field);
        const job = at ? `job "${specs[Number(at[1])]?.id ?? `j${Number(at[1]) + 1}`}"` : 'a job';
        const { detail } = err;
        problems.push({
          field: 'workloadIds',
          message: `workload "${w.name}" on cluster "${c.name}", ${detail.startsWith('job "') ? detail : `${job}: ${detail}`}`,
        });
        continue;
      }
      tasks?.set(
        taskKey(c.id, w.id),
        jobs.reduce((n, j) => n + j.maps + j.reduces, 0),
      );
      const found = cardProblemsOn(spec.schedulers, c, w, topology, jobs);
      const fix = found.length ? mrClusterFix(topology.mrClusterNames, jobs, w) : undefined;
      for (const p of found) problems.push({ field: `schedulers.${p.card}.design`, message: p.message, ...(fix ? { fix } : {}) });
    }
  }
  return problems;
}

/**
 * The workload editor's bulk edit, offered when some of a workload's own jobs name no MR-cluster
 * the cluster has (generated jobs take theirs from the generator's mix, edited there).
 */
function mrClusterFix(names: readonly string[], jobs: readonly { mrCluster?: string }[], w: WorkloadRecord): DesignFix | undefined {
  if (names.length === 0 || w.spec.jobs.length === 0) return undefined;
  const known = new Set(names);
  if (jobs.every((j) => j.mrCluster !== undefined && known.has(j.mrCluster))) return undefined;
  return { kind: 'assign-mr-clusters', workloadId: w.id, workloadName: w.name, mrClusters: [...names] };
}
