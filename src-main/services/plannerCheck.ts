import { completionBounds } from '@shared/aria/bounds';
import { PlannerCheckSchema, type PlannerCheckPoint, type PlannerCheckResult } from '@shared/aria/check';
import type { ClusterSpec } from '@shared/cluster/cluster';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { clusterSlots } from '@shared/schedulers/concurrency';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import type { z } from 'zod';
import { runTask } from '../runner/runTask';
import { TEMPLATE_NAMES, unknownTemplateWords } from '../workloads/benchmarkTemplates';
import { ServiceError } from './serviceError';

const s3 = (x: number) => Number(x.toFixed(3));
/** A count as the planner shows it: 10,000, not 10000. */
const n = (x: number) => x.toLocaleString('en-US');

/**
 * ARIA's check of the model (Fig. 7-8): for each point, the job alone on the cluster under FIFO
 * with its running maps and reduces capped at the point's slots (jobMapLimit / jobReduceLimit),
 * against the bounds of eq. 5-6. Runs in-process, one short single-job simulation per point.
 */
export function checkPlannerPoints(cluster: { name: string; spec: ClusterSpec }, request: z.output<typeof PlannerCheckSchema>): PlannerCheckResult {
  const { profile, maps, reduces, deadlineS } = request;
  if (!TEMPLATE_NAMES.includes(request.template)) throw new ServiceError('invalid_request', unknownTemplateWords(request.template), 'template');
  const slots = clusterSlots(cluster.spec);
  // A point is simulated on the cluster as it is: one that needs more slots than it has is refused
  // in a sentence that says which point, what it needs, what the cluster has and what to change.
  const tooBig = (i: number, p: { mapSlots: number; reduceSlots: number }, kind: 'map' | 'reduce', has: number) =>
    new ServiceError(
      'invalid_request',
      `point ${i + 1} (${n(p.mapSlots)} map + ${n(p.reduceSlots)} reduce slots) needs more ${kind} slots than “${cluster.name}” has (${n(has)}): ` +
        `a cluster runs only allocations within its slots, so give the job at most ${n(has)} ${kind} slots or pick a larger cluster`,
      `points.${i}.${kind}Slots`,
    );
  request.points.forEach((p, i) => {
    if (p.mapSlots > slots.maps) throw tooBig(i, p, 'map', slots.maps);
    if (reduces > 0 && p.reduceSlots > slots.reduces) throw tooBig(i, p, 'reduce', slots.reduces);
  });
  const perMap = request.inputMbPerMap ?? profile.avgInputMB;
  const workload = {
    name: 'planner check',
    description: '',
    jobs: [
      { id: 'job', template: request.template, submit: 0, maps, reduces, ...(perMap > 0 ? { inputMb: perMap * maps } : {}), queue: 'default', dependsOn: [] },
    ],
  };
  const simulation = SimulationOptionsSchema.parse({ contention: request.contention, recordAttempts: false });
  const points: PlannerCheckPoint[] = request.points.map((p, index) => {
    const scheduler = SchedulerSpecSchema.parse({ kind: 'fifo', jobMapLimit: p.mapSlots, ...(reduces > 0 ? { jobReduceLimit: p.reduceSlots } : {}) });
    const outcome = runTask(
      {
        plan: { index, cluster: 0, workload: 0, scheduler: 0, seed: request.seed, label: 'fifo' },
        cluster: cluster.spec,
        workload,
        scheduler,
        simulation,
        seed: request.seed,
      },
      { withAttempts: false },
    );
    const job = outcome.jobs[0];
    const simulatedS = job.finish !== null && job.submit !== null && job.status === 'succeeded' ? s3(job.finish - job.submit) : null;
    const b = completionBounds(profile, { maps, reduces, mapSlots: p.mapSlots, reduceSlots: p.reduceSlots });
    return {
      ...p,
      predicted: { low: s3(b.low), avg: s3(b.avg), up: s3(b.up) },
      simulatedS,
      met: deadlineS === undefined || simulatedS === null ? null : simulatedS <= deadlineS,
    };
  });
  return { cluster: cluster.name, clusterSlots: slots, points };
}
