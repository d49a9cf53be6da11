import { MAX_TASK_SECONDS, TaskTimes } from './replayedTimes';

/** Rumen writes -1 for what it did not see. */
const known = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

const MAX_ATTEMPT_MS = MAX_TASK_SECONDS * 1000;

type Kind = 'map' | 'reduce';

/** A broken attempt, said at its field (`mapTasks.2.attempts.0.finishTime`). */
export interface RumenTimeProblem {
  field: string;
  message: string;
}

/**
 * The time one task of a Rumen job replays (docs/model.md "Trace replay"), in milliseconds: its
 * successful attempt's, from `startTime` to `finishTime` for a map; from `shuffleFinished` (else
 * `startTime`) to `finishTime` for a reduce, whose shuffle overlaps the maps (slow-start) and is
 * not replayed after them. None when no attempt succeeded with both times: the kind's mean stands in.
 */
function attemptMs(task: unknown, kind: Kind, at: string): { ms?: number } | RumenTimeProblem {
  const attempts = (task as { attempts?: unknown } | null)?.attempts;
  if (!Array.isArray(attempts)) return {};
  for (let k = 0; k < attempts.length; k++) {
    const a = (attempts[k] ?? {}) as Record<string, unknown>;
    if (a.result !== 'SUCCESS' || !known(a.startTime) || !known(a.finishTime)) continue;
    const shuffled = kind === 'reduce' && known(a.shuffleFinished) && a.shuffleFinished >= a.startTime ? a.shuffleFinished : undefined;
    const from = shuffled ?? a.startTime;
    const field = `${at}.attempts.${k}.finishTime`;
    if (a.finishTime < from)
      return { field, message: `ends at ${a.finishTime} ms, before the attempt's ${shuffled === undefined ? 'start' : 'shuffle ends'} (${from} ms)` };
    const ms = a.finishTime - from;
    if (ms > MAX_ATTEMPT_MS) return { field, message: `an attempt of ${ms} ms runs longer than a day (86,400,000 ms), the longest the studio replays` };
    return { ms };
  }
  return {};
}

/** Each map's and reduce's replayed time of one Rumen job, in task order, or its first broken attempt. */
export function rumenTaskTimes(mapTasks: readonly unknown[], reduceTasks: readonly unknown[]): { map: TaskTimes; reduce: TaskTimes } | RumenTimeProblem {
  const times = { map: new TaskTimes('ms'), reduce: new TaskTimes('ms') };
  for (const [kind, tasks, list] of [
    ['map', mapTasks, 'mapTasks'],
    ['reduce', reduceTasks, 'reduceTasks'],
  ] as const) {
    for (let i = 0; i < tasks.length; i++) {
      const t = attemptMs(tasks[i], kind, `${list}.${i}`);
      if ('field' in t) return t;
      times[kind].add(t.ms);
    }
  }
  return times;
}
