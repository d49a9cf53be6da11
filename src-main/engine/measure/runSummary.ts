import { mean, median, quantileSorted, standardDeviation } from 'simple-statistics';
import type { RunSummary } from '@shared/experiment/experiment';
import { anp, jobSeconds, metDeadline, slowdown } from '@shared/results/jobTimes';
import type { EngineRunResult } from './engineResult';

/** The run summary (model.md "Metrics"): its shape is the result file's (RunSummarySchema), defined once there. */
export type { RunSummary };

const round = (x: number, digits = 6) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : x);

export function summarize(r: EngineRunResult): RunSummary {
  const done = r.jobs.filter((j) => j.status === 'succeeded');
  const jct = done.map((j) => jobSeconds(j.submit, j.finish)).sort((a, b) => a - b);
  const anps = done.map((j) => anp(j.idealSeconds, jobSeconds(j.submit, j.finish)));
  const firstSubmit = r.jobs.reduce((m, j) => (Number.isFinite(j.submit) ? Math.min(m, j.submit) : m), Infinity);
  const lastFinish = r.jobs.reduce((m, j) => (Number.isFinite(j.finish) ? Math.max(m, j.finish) : m), 0);
  const makespan = Number.isFinite(firstSubmit) ? lastFinish - firstSubmit : 0;
  const withDeadline = r.jobs.filter((j) => j.deadline !== undefined);
  const anpMean = anps.length ? mean(anps) : 0;
  const sumSq = anps.reduce((s, x) => s + x * x, 0);
  return {
    jobs: r.jobs.length,
    succeeded: done.length,
    failed: r.jobs.filter((j) => j.status === 'failed').length,
    unfinished: r.jobs.filter((j) => j.status === 'unfinished').length,
    makespan: round(makespan),
    meanJct: round(jct.length ? mean(jct) : 0),
    medianJct: round(jct.length ? median(jct) : 0),
    p95Jct: round(jct.length ? quantileSorted(jct, 0.95) : 0),
    throughputJobsPerHour: round(makespan > 0 ? (done.length / makespan) * 3600 : 0),
    utilization: {
      cpu: round(r.utilization.cpu),
      memory: round(r.utilization.memory),
      disk: round(r.utilization.disk),
      network: round(r.utilization.network),
    },
    locality: { node: r.locality.node, server: r.locality.server, rack: r.locality.rack, offRack: r.locality.offRack },
    meanAnp: round(anpMean),
    unfairness: round(anps.length > 1 && anpMean > 0 ? standardDeviation(anps) / anpMean : 0),
    jainIndex: round(anps.length && sumSq > 0 ? anps.reduce((s, x) => s + x, 0) ** 2 / (anps.length * sumSq) : 1),
    meanSlowdown: round(done.length ? mean(done.map((j) => slowdown(j.idealSeconds, jobSeconds(j.submit, j.finish)))) : 0),
    deadlineHitRate: withDeadline.length ? round(withDeadline.filter((j) => metDeadline({ ...j, deadline: j.deadline! })).length / withDeadline.length) : null,
    failedAttempts: r.failedAttempts,
    killedAttempts: r.killedAttempts,
    schedulerCalls: r.schedulerCalls,
    events: r.events,
    simulatedSeconds: round(r.simulatedSeconds),
    ...(r.stopReason ? { stopped: r.stopReason } : {}),
    ...(r.nodeLosses ? { nodeLosses: r.nodeLosses } : {}),
    ...(r.ownFigures ? { ownFigures: r.ownFigures } : {}),
  };
}
