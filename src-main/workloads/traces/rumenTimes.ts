import { MAX_TASK_SECONDS, TaskTimes } from './replayedTimes';
import { known, successfulAttempt, type RumenAttempt } from './rumenRecords';

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
  const k = successfulAttempt(attempts);
  if (k < 0) return {};
  const a = (attempts as RumenAttempt[])[k];
  // successfulAttempt found both times known.
  const [start, finish] = [a.startTime!, a.finishTime!];
  const shuffled = kind === 'reduce' && known(a.shuffleFinished) && a.shuffleFinished >= start ? a.shuffleFinished : undefined;
  const from = shuffled ?? start;
  const field = `${at}.attempts.${k}.finishTime`;
  if (finish < from) return { field, message: `ends at ${finish} ms, before the attempt's ${shuffled === undefined ? 'start' : 'shuffle ends'} (${from} ms)` };
  const ms = finish - from;
  if (ms > MAX_ATTEMPT_MS) return { field, message: `an attempt of ${ms} ms runs longer than a day (86,400,000 ms), the longest the studio replays` };
  return { ms };
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
