import { stopWords } from '@shared/results/stopReasons';
import { summarize } from '../../../src-main/engine/measure/runSummary';
import { launchReasonText, type LaunchReason } from '@shared/results/launchReason';
import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { PhaseKind } from '../../../src-main/engine/core/model';
import type { ClusterView } from '../../../src-main/engine/scheduling/schedulerApi';
import { Locality } from '../../../src-main/engine/core/topology';
import { WorkCounters } from '../../../src-main/engine/state/workCounters';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { cluster, cpuOnly, job, run } from '../../helpers/engineFixtures';

/**
 * A hand-made machine for Algorithm 1: one node with 2 vcores; job A's map runs on it and A's
 * reduce waits for permission to start its reduce phase; job B has 4 reduces, none started.
 * Each phase needs one core (task level), so there is room for exactly one more phase.
 */
function machine(now: number) {
  const topo = cluster(1, 1, { cores: 2, memoryGb: 16 });
  const jobs = [job('A', cpuOnly(10), { maps: 1, reduces: 1 }), job('B', cpuOnly(10), { maps: 1, reduces: 4 })];
  const launched: string[] = [];
  let version = 0;
  const resumed: string[] = [];
  const attempts = [
    { attempt: 0, task: 0, job: 0, phase: PhaseKind.Map, paused: false, waiting: false, pausedSince: 0, isReduce: false, locality: Locality.Node },
    { attempt: 1, task: 1, job: 0, phase: PhaseKind.Reduce, paused: true, waiting: false, pausedSince: 0, isReduce: true, locality: Locality.None },
  ];
  const view = {
    now,
    topology: topo,
    activeJobs: [0, 1],
    job: (j: number) => jobs[j],
    jobSubmitTime: () => 0,
    appMasterNode: () => 0,
    // Both jobs hold their application master (1,536 MB and a vcore each).
    appMastersMemoryMb: () => 3072,
    appMastersVcores: () => 2,
    appMastersAwaited: () => 0,
    pendingMaps: () => 0,
    pendingReduces: (j: number) => (j === 1 ? 4 : 0),
    runningMaps: (j: number) => (j === 0 ? 1 : 0),
    runningReduces: (j: number) => (j === 0 ? 1 : 0),
    reducesMayStart: () => true,
    nextReduce: (j: number) => (j === 1 ? 10 : -1),
    findMap: () => -1,
    nodeMemoryUsedMb: () => 2048,
    nodeVcoresUsed: () => 2,
    runningAttempts: (j: number) =>
      attempts
        .filter((a) => a.job === j)
        .map((a) => ({ attempt: a.attempt, task: a.task, node: 0, start: 0, progress: 0.5, speculative: false, isReduce: a.isReduce })),
    stateVersion: () => version,
    jobVersion: () => version,
    // No change log: the share order is sorted afresh at each change.
    jobsChangedSince: () => undefined,
    jobFinishTime: () => NaN,
    work: new WorkCounters(),
    jobAttempts: (j: number) => attempts.filter((a) => a.job === j).map((a) => a.attempt),
    jobAttemptCount: (j: number, phase: PhaseKind, paused: boolean) => attempts.filter((a) => a.job === j && a.phase === phase && a.paused === paused).length,
    attemptPhase: (a: number) => attempts[a].phase,
    attemptPaused: (a: number) => attempts[a].paused,
    attemptsOnNode: () => attempts,
    attemptIdsOnNode: () => attempts.map((a) => a.attempt),
    attemptTask: (a: number) => attempts[a].task,
    jobOfTask: (task: number) => attempts.find((a) => a.task === task)!.job,
    attemptWaiting: (a: number) => attempts[a].waiting,
    attemptPausedSince: (a: number) => attempts[a].pausedSince,
    attemptLocality: (a: number) => attempts[a].locality,
    launch: (task: number, _n: number, reason: LaunchReason | (() => LaunchReason)) => {
      launched.push(`${task}: ${launchReasonText(typeof reason === 'function' ? reason() : reason)}`);
      version++;
      attempts.push({
        attempt: 2,
        task,
        job: 1,
        phase: PhaseKind.Shuffle,
        paused: false,
        waiting: false,
        pausedSince: 0,
        isReduce: true,
        locality: Locality.None,
      });
      return true;
    },
    resumePhase: (a: number, reason: LaunchReason | (() => LaunchReason)) => {
      resumed.push(`${a}: ${launchReasonText(typeof reason === 'function' ? reason() : reason)}`);
      attempts[a].paused = false;
      version++;
      return true;
    },
  } as unknown as ClusterView;
  return { view, launched, resumed };
}

const prism = () => createScheduler(SchedulerSpecSchema.parse({ kind: 'prism', vcoresPerNode: 2 }));

describe('PRISM Algorithm 1', () => {
  it('keeps a reduce phase paused when a new shuffle is the better use of the last core (eq. 5 > eq. 6)', () => {
    // Paused 1 s: urgency 0.1·1² = 0.1. B's first reduce: 4/max(0, 0.1) − 4/1 = 36.
    // Dominant shares of the machine: A 0.5 (one of two cores), B 0.1 (its AM's memory); B's shuffle
    // evens them (+0.4), A's reduce would widen the gap to 0.9 (−0.5).
    const { view, launched, resumed } = machine(1);
    prism().onHeartbeat(0, view);
    expect(resumed).toEqual([]);
    expect(launched).toHaveLength(1);
    expect(launched[0]).toBe(
      '10: PRISM: new shuffle of job B has the highest utility 36.400 (fairness 0.400 + α·perf 36.000); next best: paused reduce of job A at -0.400',
    );
  });

  it('lets the paused phase go first once it has waited long enough (quadratic urgency)', () => {
    // Paused 30 s: 0.1·30² = 90 > 36.
    const { view, launched, resumed } = machine(30);
    prism().onHeartbeat(0, view);
    expect(launched).toEqual([]);
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toBe(
      '1: PRISM: reduce phase of job A, paused 30.0 s, has the highest utility 89.500 (fairness -0.500 + α·perf 90.000); next best: new shuffle of job B at 36.400',
    );
  });

  it('tells the why panel what it weighs, term by term, best first, and decides nothing doing so', () => {
    const { view, launched, resumed } = machine(1);
    const scores = prism().scores?.(0, view);
    expect(scores?.criteria).toEqual(['fairness gain (eq. 2)', 'α · performance (eq. 5, 6)', 'utility U (eq. 1)']);
    expect(scores?.rows.map((r) => [r.candidate, r.job, r.task, r.values.map((v) => Number(v.toFixed(3)))])).toEqual([
      ['new shuffle', 'B', 10, [0.4, 36, 36.4]],
      ['paused reduce', 'A', 1, [-0.5, 0.1, -0.4]],
    ]);
    expect(launched).toEqual([]);
    expect(resumed).toEqual([]);
  });

  it('in submission order, takes the earlier job first but never a phase without utility (lines 25-26)', () => {
    const bySubmission = () => createScheduler(SchedulerSpecSchema.parse({ kind: 'prism', vcoresPerNode: 2, jobOrder: 'submission' }));
    // Paused 30 s: job A (submitted first, the lower index) goes first although B's shuffle is worth more (36 against 90 by share).
    const waited = machine(30);
    bySubmission().onHeartbeat(0, waited.view);
    expect(waited.resumed).toHaveLength(1);
    expect(waited.launched).toEqual([]);
    // Paused just now: A's phase is worth 0·a, so it is dropped and B's shuffle goes, as a useless phase must not hold the core.
    const now = machine(0);
    bySubmission().onHeartbeat(0, now.view);
    expect(now.resumed).toEqual([]);
    expect(now.launched).toHaveLength(1);
    expect(now.launched[0]).toMatch(/^10: PRISM: new shuffle of job B/);
  });
});

describe('PRISM in the engine', () => {
  it('pauses tasks between phases and still finishes every job', () => {
    const r = run(
      cluster(1, 3, { cores: 4, memoryGb: 16 }),
      [job('a', 'Sort', { inputMb: 1024, maps: 8, reduces: 2 }), job('b', 'WordCount', { inputMb: 512, maps: 4, reduces: 2, submit: 5 })],
      createScheduler(SchedulerSpecSchema.parse({ kind: 'prism' })),
      { heartbeatS: 1 },
    );
    expect(r.jobs.map((j) => j.status)).toEqual(['succeeded', 'succeeded']);
    // Every non-leading phase started by permission, each with PRISM's reason.
    expect(r.phaseDecisions.length).toBeGreaterThan(0);
    expect(r.phaseDecisions.every((d) => /^PRISM: (merge|sort|reduce) phase of job [ab], paused/.test(r.reasons[d.reason]))).toBe(true);
  });
});

describe('PRISM and waiting shuffles', () => {
  it('shuffles idle for map output do not block the merges they wait for', () => {
    // Reduces start at once (slow-start 0) and outnumber the cores: were idle shuffles counted as
    // busy, paused merges would never fit and the job would never end.
    const r = run(
      cluster(1, 2, { cores: 2, memoryGb: 16 }),
      [job('j', 'Sort', { inputMb: 512, maps: 8, reduces: 12 })],
      createScheduler(SchedulerSpecSchema.parse({ kind: 'prism' })),
      { heartbeatS: 1, slowstart: 0 },
    );
    expect(r.stalled).toBe(false);
    expect(r.jobs[0].status).toBe('succeeded');
    expect(summarize(r).stopped).toBeUndefined();
  });
});

describe('a wedged scheduler', () => {
  it('is stopped after a day of simulated time without progress, and reported', () => {
    // Gates phases but never grants one: every task stops after its first phase.
    const never = {
      name: 'never',
      gatesPhases: true,
      onHeartbeat: (n: number, view: ClusterView) => {
        for (const j of view.activeJobs) {
          const t = view.findMap(j, n, Locality.OffRack, { level: Locality.Node }, true);
          if (t >= 0) view.launch(t, n, { kind: 'profiling' });
        }
      },
    };
    const r = run(cluster(1, 1), [job('j', cpuOnly(5, { mapSelectivity: 0.5 }), { maps: 2, reduces: 1, inputMb: 128 })], never, { heartbeatS: 1 });
    expect(r.stalled).toBe(true);
    expect(r.jobs[0].status).toBe('unfinished');
    // The summary names the rule, so the comparison, the CLI and the reports can say why.
    expect(r.stopReason).toBe('noPhaseEnds');
    expect(summarize(r)).toMatchObject({ unfinished: 1, stopped: 'noPhaseEnds' });
    expect(stopWords('noPhaseEnds')).toBe(
      'for a day of simulated time (and at least 1,000 heartbeats) tasks ran, but none ended a phase, nothing new started and no phase was due to end within 30 days',
    );
  });
});
