import type { ResultFile, RunSummary } from '../../src-main/shared/experiment/experiment';

type ResultRun = ResultFile['runs'][number];

/** A run of a hand-made result file: only its jobs matter to the reports under test. */
export function handRun(scheduler: string, seed: number, jobs: ResultRun['jobs']): ResultRun {
  return { scheduler, kind: 'fair', seed, summary: {} as ResultRun['summary'], profiles: {}, jobs };
}

export const handResult = (runs: ResultFile['runs']): ResultFile => ({ format: 'workload-studio.result', version: 1, experiment: 'hand-made', runs });

/** A whole run summary of six jobs that all succeeded, with `change` over it. */
export function handSummary(change: Partial<RunSummary> = {}): RunSummary {
  return {
    jobs: 6,
    succeeded: 6,
    failed: 0,
    unfinished: 0,
    makespan: 20,
    meanJct: 10,
    medianJct: 10,
    p95Jct: 10,
    throughputJobsPerHour: 1000,
    utilization: { cpu: 0.5, memory: 0.2, disk: 0.1, network: 0.05 },
    locality: { node: 6, server: 0, rack: 6, offRack: 0 },
    meanAnp: 0.5,
    unfairness: 0.3,
    jainIndex: 0.8,
    meanSlowdown: 2,
    deadlineHitRate: null,
    failedAttempts: 0,
    killedAttempts: 0,
    schedulerCalls: 100,
    events: 1000,
    simulatedSeconds: 20,
    ...change,
  };
}

/** What a report's header says of the hand-made result it was made from. */
export const HAND_REPORT_META = { source: 'hand.result.json', studioVersion: 'test', generatedAt: '2026-12-01 09:00 UTC' };

/** One Sort job of four maps, 99 s from start to finish: the jobs of a run whose summary is under test. */
export const ONE_SORT_JOB: ResultRun['jobs'] = [
  { id: 'j1', template: 'Sort', status: 'succeeded', submit: 0, start: 1, finish: 100, maps: 4, locality: { node: 2, server: 1, rack: 1, offRack: 0 } },
];

/** A run of ONE_SORT_JOB whose summary is the hand summary with `change` over it. */
export const handRunWith = (scheduler: string, seed: number, change: Partial<RunSummary> = {}): ResultRun => ({
  ...handRun(scheduler, seed, ONE_SORT_JOB),
  summary: handSummary(change),
});
