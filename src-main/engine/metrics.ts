import { mean, median, quantileSorted, standardDeviation } from 'simple-statistics';
import type { EngineRunResult } from './result';

/** The run summary (model.md "Metrics"), from the engine's raw outcome. */
export interface RunSummary {
  jobs: number;
  succeeded: number;
  failed: number;
  unfinished: number;
  /** First submission to last finish, seconds. */
  makespan: number;
  meanJct: number;
  medianJct: number;
  p95Jct: number;
  throughputJobsPerHour: number;
  utilization: { cpu: number; memory: number; disk: number; network: number };
  /** Map attempts by locality level (maps without input are not counted). */
  locality: { node: number; server: number; rack: number; offRack: number };
  /** Mean of each job's ideal / actual running time (PRISM sec. 6, after Quincy). */
  meanAnp: number;
  /** Coefficient of variation of ANP across jobs: lower is fairer. */
  unfairness: number;
  /** Jain's fairness index of ANP: 1 when every job is slowed equally. */
  jainIndex: number;
  /** Mean of actual / ideal running time. */
  meanSlowdown: number;
  /** Share of jobs with a deadline that met it (null when no job has one). */
  deadlineHitRate: number | null;
  failedAttempts: number;
  killedAttempts: number;
  schedulerCalls: number;
  events: number;
  simulatedSeconds: number;
}

const round = (x: number, digits = 6) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : x);

export function summarize(r: EngineRunResult): RunSummary {
  const done = r.jobs.filter((j) => j.status === 'succeeded');
  const jct = done.map((j) => j.finish - j.submit).sort((a, b) => a - b);
  const anp = done.map((j) => (j.finish - j.submit > 0 ? Math.min(1, j.idealSeconds / (j.finish - j.submit)) : 1));
  const firstSubmit = r.jobs.reduce((m, j) => (Number.isFinite(j.submit) ? Math.min(m, j.submit) : m), Infinity);
  const lastFinish = r.jobs.reduce((m, j) => (Number.isFinite(j.finish) ? Math.max(m, j.finish) : m), 0);
  const makespan = Number.isFinite(firstSubmit) ? lastFinish - firstSubmit : 0;
  const withDeadline = r.jobs.filter((j) => j.deadline !== undefined);
  const anpMean = anp.length ? mean(anp) : 0;
  const sumSq = anp.reduce((s, x) => s + x * x, 0);
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
    unfairness: round(anp.length > 1 && anpMean > 0 ? standardDeviation(anp) / anpMean : 0),
    jainIndex: round(anp.length && sumSq > 0 ? (anp.reduce((s, x) => s + x, 0) ** 2 / (anp.length * sumSq)) : 1),
    meanSlowdown: round(done.length ? mean(done.map((j) => (j.idealSeconds > 0 ? (j.finish - j.submit) / j.idealSeconds : 1))) : 0),
    deadlineHitRate: withDeadline.length ? round(withDeadline.filter((j) => j.status === 'succeeded' && j.finish <= j.deadline!).length / withDeadline.length) : null,
    failedAttempts: r.failedAttempts,
    killedAttempts: r.killedAttempts,
    schedulerCalls: r.schedulerCalls,
    events: r.events,
    simulatedSeconds: round(r.simulatedSeconds),
  };
}
