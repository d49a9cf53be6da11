import { MAX_MAPS, type JobSpec } from '@shared/workload/workload';

/** The longest task time a trace's job may replay: a job's own CPU per task is at most a day (shared/workload/workload.ts). */
export const MAX_TASK_SECONDS = 86_400;

/** Seconds to the millisecond, as traces give task times. */
export const toMillisecond = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/**
 * One kind of a job's tasks (maps or reduces) as a trace times them, in task order: each task's own
 * time where the trace gives one, in the trace's unit (SLS: milliseconds; SYNTH: seconds). Their
 * mean becomes the kind's CPU per task and the list each task's share of it (JobSpec.mapSeconds); a
 * task without a time takes the mean. Both to the millisecond.
 */
export class TaskTimes {
  private readonly times: (number | undefined)[] = [];
  private sum = 0;
  private timed = 0;
  /** More tasks than a job may have: the job is refused at its count, so the list is not grown. */
  private tooMany = false;

  constructor(private readonly unit: 'ms' | 's') {}

  private seconds(t: number): number {
    return this.unit === 'ms' ? Math.round(t) / 1000 : toMillisecond(t);
  }

  /** `count` tasks of time `t` each (undefined: the trace gives them none). */
  add(t: number | undefined, count = 1): void {
    if (t !== undefined) {
      this.sum += t * count;
      this.timed += count;
    }
    if (this.tooMany || this.times.length + count > MAX_MAPS) {
      this.tooMany = true;
      return;
    }
    const each = t === undefined ? undefined : this.seconds(t);
    for (let i = 0; i < count; i++) this.times.push(each);
  }

  /** The mean time in seconds; undefined when no task of the kind was timed. */
  mean(): number | undefined {
    return this.timed === 0 ? undefined : this.seconds(this.sum / this.timed);
  }

  /** Each task's time in order (the mean where it had none), one time when all are equal (the list repeats). */
  each(): number[] | undefined {
    const mean = this.mean();
    if (mean === undefined || this.tooMany || this.times.length === 0) return undefined;
    const all = this.times.map((t) => t ?? mean);
    return all.every((t) => t === all[0]) ? [all[0]] : all;
  }
}

/**
 * The job's own costs that replay a trace's task times, as YARN's Scheduler Load Simulator does
 * (docs/model.md "Trace replay"): SLS runs each container for its time and models no data, so a
 * timed kind computes for its tasks' own times (CPU-seconds at a reference core: their mean as the
 * CPU per task, each task's share of it in `mapSeconds`/`reduceSeconds`) in place of the Generic
 * template's per-MB work; a map still reads its block, so locality keeps its meaning. Timed reduces
 * receive and write nothing (the maps emit nothing), as in SLS. A kind without times keeps the
 * template's costs.
 */
export function replayedCosts(maps: TaskTimes, reduces: TaskTimes): Partial<JobSpec> {
  const [mapMean, reduceMean] = [maps.mean(), reduces.mean()];
  const [mapEach, reduceEach] = [maps.each(), reduces.each()];
  return {
    ...(mapMean !== undefined ? { mapCpuSPerMb: 0, mapCpuSPerTask: mapMean, ...(mapEach ? { mapSeconds: mapEach } : {}) } : {}),
    ...(reduceMean !== undefined
      ? { mapSelectivity: 0, reduceCpuSPerMb: 0, reduceCpuSPerTask: reduceMean, ...(reduceEach ? { reduceSeconds: reduceEach } : {}) }
      : {}),
  };
}
