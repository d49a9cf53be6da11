import { jobIdsInWords } from '@shared/results/jobIdsInWords';
import { launchReasonText } from '@shared/results/launchReason';
import type { WhyNotAnswer, WhyNotBeat, WhyNotReason, WhyNotScores } from '@shared/results/whyNot';
import { heartbeatInterval, Simulation } from '../engine/run/kernel';
import type { ClusterView, PolicyScores, Scheduler } from '../engine/scheduling/schedulerApi';
import type { ResolvedRun } from './matrix';
import { simulationInput } from './runTask';

/** A request the run cannot answer (an unknown job, a time outside the run), in the user's words. */
export class WhyNotError extends Error {
  constructor(
    message: string,
    readonly field: 'job' | 'at',
  ) {
    super(message);
  }
}

interface Launch {
  task: number;
  job: number;
  reason: string;
  /** A paused attempt's next phase let start, not a new attempt. */
  resumed: boolean;
}

/**
 * Why a job got nothing on each node around a moment: the run is replayed exactly
 * (the same inputs and seed give the same run, docs/model.md "Determinism") up to one heartbeat
 * interval past `at`, with its scheduler wrapped so that every heartbeat inside the window records
 * what was launched, and then asks the scheduler's explain() about the traced job. Ordinary runs
 * carry none of this: the wrapper exists only here.
 */
export function whyNot(run: ResolvedRun, label: string, jobId: string, at: number): WhyNotAnswer {
  const input = simulationInput(run);
  const j = input.jobs.findIndex((x) => x.id === jobId);
  if (j < 0) throw new WhyNotError(`there is no job "${jobId}" in this run (its jobs: ${jobIdsInWords(input.jobs.map((x) => x.id))})`, 'job');
  if (!Number.isFinite(at) || at < 0) throw new WhyNotError('must be a time in simulated seconds, 0 or more', 'at');
  // Tasks are numbered job by job: the first of each job names the others ("job-7 m3").
  const firstTask: number[] = [];
  let total = 0;
  for (const job of input.jobs) {
    firstTask.push(total);
    total += job.maps + job.reduces;
  }
  /** "m3" or "r0": a task as its job's Gantt rows name it. */
  const taskInJob = (view: ClusterView, task: number) => {
    const owner = view.jobOfTask(task);
    const k = task - firstTask[owner];
    const maps = input.jobs[owner].maps;
    return k < maps ? `m${k}` : `r${k - maps}`;
  };
  const taskName = (view: ClusterView, task: number) => `${input.jobs[view.jobOfTask(task)].id} ${taskInJob(view, task)}`;
  /** The policy's table with its tasks named; an index that is no task of the run (a plug-in's slip) is left out. */
  const named = (view: ClusterView, scores: PolicyScores): WhyNotScores => ({
    criteria: scores.criteria,
    rows: scores.rows.map(({ task, ...row }) => (Number.isInteger(task) && task! >= 0 && task! < total ? { ...row, task: taskInJob(view, task!) } : row)),
  });

  const inner = input.scheduler;
  const beats = new Map<number, WhyNotBeat[]>();
  const H = heartbeatInterval(run.simulation, input.topology);
  const from = Math.max(0, at - H);
  const to = at + H;
  // The real scheduler with its heartbeat watched; every other call goes to it unchanged (bound:
  // a class-based scheduler such as FAWKES keeps its own state).
  const probe = forwarding(inner, (n, view) => {
    if (view.now < from || view.now > to) return inner.onHeartbeat(n, view);
    // What the policy weighs, asked before it decides (read-only: the replay stays the run).
    const scores = inner.scores?.(n, view);
    const launches: Launch[] = [];
    inner.onHeartbeat(n, recordingLaunches(view, launches));
    const list = beats.get(n) ?? [];
    list.push({ time: view.now, reasons: reasonsAt(view, n, launches), ...(scores?.rows.length ? { scores: named(view, scores) } : {}) });
    beats.set(n, list);
  });

  function reasonsAt(view: ClusterView, n: number, launches: Launch[]): WhyNotReason[] {
    const mine = launches.filter((l) => l.job === j);
    if (mine.length) return mine.map((l) => ({ kind: 'launched', task: `${taskName(view, l.task)}${l.resumed ? ' (its next phase)' : ''}`, reason: l.reason }));
    if (Number.isFinite(view.jobFinishTime(j))) return [{ kind: 'finished', at: view.jobFinishTime(j) }];
    if (!view.activeJobs.includes(j)) {
      // Past its submit time, a job not yet in the cluster waits for the jobs it depends on.
      const unfinished = input.jobs[j].dependsOn.filter((d) => !Number.isFinite(view.jobFinishTime(d)));
      if (view.now >= input.jobs[j].submit && unfinished.length) return [{ kind: 'waitsForJobs', jobs: unfinished.map((d) => input.jobs[d].id) }];
      return [{ kind: 'notSubmitted', submitAt: input.jobs[j].submit }];
    }
    if (!view.nodeAlive(n)) return [{ kind: 'nodeDown' }];
    const reducesMayStart = view.reducesMayStart(j);
    if (view.pendingMaps(j) === 0 && (view.pendingReduces(j) === 0 || !reducesMayStart)) {
      return [
        {
          kind: 'nothingPending',
          runningMaps: view.runningMaps(j),
          runningReduces: view.runningReduces(j),
          pendingReduces: view.pendingReduces(j),
          reducesMayStart,
        },
      ];
    }
    const out: WhyNotReason[] = [];
    const seen = new Set<number>();
    for (const l of launches) {
      if (seen.has(l.job)) continue;
      seen.add(l.job);
      out.push({ kind: 'tookByOther', job: view.job(l.job).id, reason: l.reason });
    }
    out.push(...(inner.explain?.(j, n, view) ?? []));
    return out.length ? out : [{ kind: 'notChosen' }];
  }

  // Every heartbeat is simulated, so that the window lists each node's beats even where nothing
  // could be placed (a run skips those; skipping changes nothing else, engineFingerprints.test.ts).
  const sim: Simulation = new Simulation({
    ...input,
    scheduler: probe,
    options: { ...run.simulation, recordAttempts: false },
    until: () => sim.view.now > to,
    simulateIdleBeats: true,
  });
  sim.run();
  const names = input.topology.nodeName;
  return {
    job: jobId,
    run: label,
    seed: run.seed,
    at,
    window: [from, to],
    nodes: [...beats].sort((a, b) => a[0] - b[0]).map(([n, list]) => ({ node: names[n], beats: list })),
    stoppedAt: sim.view.now,
    jobSpan: { submitAt: input.jobs[j].submit, finishedAt: Number.isFinite(sim.view.jobFinishTime(j)) ? sim.view.jobFinishTime(j) : null },
  };
}

/** The engine hints a policy states: the replay must state them too, or the engine keeps other books (LATE's jobs with live attempts). */
const HINTS = ['gatesPhases', 'tracksPendingPlaces', 'tracksJobsWithAttempts', 'placesAppMasters'] as const;
/** The calls the replay passes on unchanged. */
const PASSED_ON = ['wantsIdleBeats', 'nodePlacesNothing', 'onJobSubmitted', 'onJobFinished', 'onTaskFinished', 'onWake', 'report', 'ownFigures'] as const;
/**
 * Every member of Scheduler is forwarded, watched (onHeartbeat) or asked by the replay itself
 * (explain, scores): a member added to the interface fails to compile here until it is placed.
 */
type Placed = (typeof HINTS)[number] | (typeof PASSED_ON)[number] | 'name' | 'onHeartbeat' | 'explain' | 'scores';
type EveryMemberPlaced = Exclude<keyof Scheduler, Placed> extends never ? true : never;

/** A scheduler that is `inner` but for its heartbeat. */
function forwarding(inner: Scheduler, onHeartbeat: Scheduler['onHeartbeat']): Scheduler {
  const out: Record<string, unknown> = { name: inner.name, onHeartbeat };
  for (const hint of HINTS) if (inner[hint]) out[hint] = true;
  for (const call of PASSED_ON) {
    const f = inner[call] as ((...args: never[]) => unknown) | undefined;
    if (f) out[call] = f.bind(inner);
  }
  const placed: EveryMemberPlaced = true;
  void placed;
  return out as unknown as Scheduler;
}

/** The view as the scheduler sees it, with every launch it makes noted (and its reason spelt out). */
function recordingLaunches(view: ClusterView, launches: Launch[]): ClusterView {
  return new Proxy(view, {
    get(target, prop) {
      if (prop === 'launch') {
        const launch: ClusterView['launch'] = (task, n, reason, options) => {
          const ok = target.launch(task, n, reason, options);
          if (ok)
            launches.push({ task, job: target.jobOfTask(task), reason: launchReasonText(typeof reason === 'function' ? reason() : reason), resumed: false });
          return ok;
        };
        return launch;
      }
      // Phase-level schedulers (PRISM) give a node's room to a paused attempt's next phase too.
      if (prop === 'resumePhase') {
        const resume: ClusterView['resumePhase'] = (attempt, reason) => {
          const task = target.attemptTask(attempt);
          const ok = target.resumePhase(attempt, reason);
          if (ok)
            launches.push({ task, job: target.jobOfTask(task), reason: launchReasonText(typeof reason === 'function' ? reason() : reason), resumed: true });
          return ok;
        };
        return resume;
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The answer, or the problem with the question: what crosses a thread boundary (an Error's class does not). */
export type WhyNotResult = { ok: true; answer: WhyNotAnswer } | { ok: false; message: string; field: 'job' | 'at' };

export function whyNotResult(run: ResolvedRun, label: string, jobId: string, at: number): WhyNotResult {
  try {
    return { ok: true, answer: whyNot(run, label, jobId, at) };
  } catch (err) {
    if (err instanceof WhyNotError) return { ok: false, message: err.message, field: err.field };
    throw err;
  }
}
