import type { JobList } from './incrementalOrder';

/**
 * The two ways a heartbeat hands out a node's free slots, written once for every policy
 * (docs/architecture.md "Schedulers"). Each takes the policy's order and its own "try to place a
 * task of job j here"; what differs between policies is only those two.
 */

/**
 * The fair-share rule (Fair, ILA, Finer-Grained CPU): one slot at a time, to the first job in the
 * order that places a task on it. The order is asked for again before every slot, because a launch
 * moves its job back (it is no longer as far below its share). Stops at the first slot no job takes.
 * `launched(i)` hears the place in that order of the job that took the slot. Returns the launches.
 */
export function fillOneAtATime(slots: number, order: () => JobList, tryJob: (j: number) => boolean, launched?: (i: number) => void): number {
  let used = 0;
  while (used < slots) {
    const jobs = order();
    let at = -1;
    for (let i = 0; i < jobs.length; i++) {
      if (tryJob(jobs[i])) {
        at = i;
        break;
      }
    }
    if (at < 0) break;
    used++;
    launched?.(at);
  }
  return used;
}

/**
 * The queue rule (FIFO, MinEDF's spare slots): each job in turn takes as many free slots as it
 * can before the next job is asked. `jobs` may be a live list that a job leaves once it has nothing
 * more to place (the engine's jobs with a pending map): the walk then stays at the same index.
 * `asks(j)` says whether job j is asked at all. Returns the slots still free.
 */
export function fillInOrder(jobs: JobList, free: number, asks: (j: number) => boolean, launchOne: (j: number) => boolean): number {
  for (let i = 0; i < jobs.length && free > 0;) {
    const j = jobs[i];
    if (asks(j)) while (free > 0 && launchOne(j)) free--;
    if (jobs[i] === j) i++;
  }
  return free;
}
