import type { WorkloadSummary } from '@shared/api/records';
import { expectedGeneratedTasks, type WorkloadSpec } from '@shared/workload/workload';
import type { Store } from './database';
import { namedSpecs } from './namedSpecs';
import { decodeWorkload, encodeWorkload } from './workloadPayload';

/** Saved workloads; the list carries job and task counts for the overview table. */
export function workloadsRepo(store: Store) {
  const specs = namedSpecs<WorkloadSpec>(store, 'workloads', 'workload', {
    encode: encodeWorkload,
    decode: (stored) => decodeWorkload(stored, store.payloads),
  });
  return {
    ...specs,
    list(): WorkloadSummary[] {
      return specs.list().map((r) => {
        const expected = r.spec.generate ? expectedGeneratedTasks(r.spec.generate) : { tasks: 0, templateReduces: false };
        return {
          id: r.id,
          name: r.name,
          description: r.spec.description,
          createdAt: r.createdAt,
          updatedAt: r.updatedAt,
          jobs: r.spec.jobs.length,
          tasks: r.spec.jobs.reduce((s, j) => s + (j.maps ?? 0) + (j.reduces ?? 0), 0),
          generatedJobs: r.spec.generate?.count ?? 0,
          generatedTasks: expected.tasks,
          generatedTasksApproximate: expected.templateReduces,
          templates: [...new Set([...r.spec.jobs.map((j) => j.template), ...(r.spec.generate?.mix.map((m) => m.template) ?? [])])].sort(),
        };
      });
    },
  };
}

export type WorkloadsRepo = ReturnType<typeof workloadsRepo>;
