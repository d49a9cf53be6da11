import { Random } from '../../engine/core/random';
import { TraceCollector } from './collector';
import { LARGE_GENERATED, type GeneratedSize } from '@shared/workload/imports';
import { quote } from '@shared/files/quote';
import type { TraceImport, TraceReader } from './types';
import { isObject } from '@shared/isObject';
import { MAX_TASK_SECONDS, replayedCosts, TaskTimes } from './replayedTimes';

/**
 * A value drawn per job or task in SLS's current format (SynthTraceJobProducer.Sample): a constant
 * (`val`), a distribution (`val` and `std`; log-normal unless `dist` is "NORM"), or one of
 * `discrete` values by `weights`.
 */
interface Sample {
  val?: number;
  std?: number;
  dist?: string;
  discrete?: (number | string)[];
  weights?: number[];
}

/** One kind of container of a job class in the current format: its count and time per container. */
interface TaskDefinition {
  type: string;
  count: Sample;
  time?: Sample;
  max_memory?: Sample;
  max_vcores?: Sample;
}

interface JobClass {
  class_weight?: number;
  /** Current format (Hadoop 3's SLS): the AM type, and per-container-type tasks. */
  type?: string;
  tasks?: TaskDefinition[];
  deadline_factor?: Sample;
  duration?: Sample;
  reservation?: Sample;
  /** Old format: task counts, durations and deadline factors as means and deviations. */
  mtasks_avg?: number;
  mtasks_stddev?: number;
  rtasks_avg?: number;
  rtasks_stddev?: number;
  dur_avg?: number;
  dur_stddev?: number;
  mtime_avg?: number;
  mtime_stddev?: number;
  rtime_avg?: number;
  rtime_stddev?: number;
  deadline_factor_avg?: number;
  deadline_factor_stddev?: number;
}

/** A log-normal draw with the given mean and standard deviation, as SLS's SYNTH generator uses. */
function logNormal(rng: Random, mean: number, sd: number): number {
  if (!(mean > 0)) return 0;
  if (!(sd > 0)) return mean;
  const sigma2 = Math.log(1 + (sd * sd) / (mean * mean));
  return Math.exp(Math.log(mean) - sigma2 / 2 + Math.sqrt(sigma2) * rng.normal());
}

/** A draw from a Sample (current format), as SLS's Sample.getDouble does; NaN when it has no value. */
function draw(rng: Random, sample: Sample | undefined): number {
  if (!sample) return NaN;
  if (Array.isArray(sample.discrete)) {
    const weights = sample.weights ?? sample.discrete.map(() => 1);
    const k = pickByWeight(
      rng,
      sample.discrete.map((_, i) => i),
      (i) => weights[i] ?? 0,
    );
    return Number(sample.discrete[k]);
  }
  const val = num(sample.val, NaN);
  if (!Number.isFinite(val)) return NaN;
  const std = num(sample.std, 0);
  if (!(std > 0)) return val;
  return sample.dist === 'NORM' ? val + std * rng.normal() : logNormal(rng, val, std);
}

const isSample = (v: unknown): boolean => isObject(v) && ((typeof v.val === 'number' && Number.isFinite(v.val)) || Array.isArray(v.discrete));

function pickByWeight<T>(rng: Random, items: T[], weight: (t: T) => number): T {
  const total = items.reduce((s, t) => s + Math.max(0, weight(t)), 0);
  let x = rng.next() * total;
  for (const t of items) if ((x -= Math.max(0, weight(t))) < 0) return t;
  return items[items.length - 1];
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

interface Bucket {
  time: number;
  weight: number;
}

interface SynthWorkload {
  workload_weight?: unknown;
  queue_name?: unknown;
  job_classes: JobClass[];
  time_distribution?: Bucket[];
}

/**
 * The description's shape, checked before anything is drawn from it: every workload, job class
 * and time bucket an object, at least one of each, bucket times and weights non-negative numbers.
 * The first problem found is reported by its field; nothing is generated from a broken description.
 */
function checkDescription(doc: unknown, out: TraceCollector): { count: number; workloads: SynthWorkload[]; seed: number } | undefined {
  const fail = (field: string, message: string) => void out.problem(1, field, message);
  if (!isObject(doc)) return fail('file', `expected a SYNTH description (an object with num_jobs and workloads), found ${quote(doc)}`);
  const count = doc.num_jobs;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1_000_000)
    return fail('num_jobs', `expected a whole number of jobs from 1 to 1,000,000, found ${quote(count)}`);
  if (!Array.isArray(doc.workloads) || doc.workloads.length === 0) return fail('workloads', 'expected at least one workload');
  const workloads = doc.workloads as unknown[];
  for (let w = 0; w < workloads.length; w++) {
    const workload = workloads[w];
    if (!isObject(workload)) return fail(`workloads.${w}`, `expected a workload (an object), found ${quote(workload)}`);
    const classes = workload.job_classes;
    if (!Array.isArray(classes) || classes.length === 0) return fail(`workloads.${w}.job_classes`, 'expected at least one job class');
    const badClass = classes.findIndex((c) => !isObject(c));
    if (badClass >= 0) return fail(`workloads.${w}.job_classes.${badClass}`, `expected a job class (an object), found ${quote(classes[badClass])}`);
    for (let k = 0; k < classes.length; k++) {
      const c = classes[k] as Record<string, unknown>;
      const at = `workloads.${w}.job_classes.${k}`;
      if (typeof c.type === 'string' && c.type !== 'mapreduce')
        return fail(
          `${at}.type`,
          `"${c.type}" jobs cannot be simulated: the studio models MapReduce jobs (maps and reduces); ${c.type === 'stream' ? 'stream jobs hold long-lived containers that never finish as tasks' : 'only type "mapreduce" can be imported'}`,
        );
      for (const key of ['mtime_avg', 'rtime_avg'] as const) {
        const t = c[key];
        if (t !== undefined && (typeof t !== 'number' || !(t >= 0) || t > MAX_TASK_SECONDS)) return fail(`${at}.${key}`, taskTimeWords(t));
      }
      if (c.tasks === undefined) continue;
      if (!Array.isArray(c.tasks) || c.tasks.length === 0)
        return fail(`${at}.tasks`, 'expected a list of at least one task definition ({type, count, time, …})');
      for (let t = 0; t < c.tasks.length; t++) {
        const task: unknown = c.tasks[t];
        const tat = `${at}.tasks.${t}`;
        if (!isObject(task)) return fail(tat, `expected a task definition (an object), found ${quote(task)}`);
        if (task.type !== 'map' && task.type !== 'reduce')
          return fail(
            `${tat}.type`,
            `"${String(task.type)}" containers cannot be simulated: only "map" and "reduce" tasks can${task.type === 'stream' ? ' (stream containers are long-lived services, not tasks that finish)' : ''}`,
          );
        if (!isSample(task.count)) return fail(`${tat}.count`, `expected a count such as {"val": 5, "std": 1}, found ${quote(task.count)}`);
        for (const key of ['time', 'max_memory', 'max_vcores'] as const)
          if (task[key] !== undefined && !isSample(task[key]))
            return fail(`${tat}.${key}`, `expected a value such as {"val": 10, "std": 2}, found ${quote(task[key])}`);
        if (task.time !== undefined && !(meanOf(task.time as Sample) <= MAX_TASK_SECONDS))
          return fail(`${tat}.time`, taskTimeWords(meanOf(task.time as Sample)));
      }
    }
    const buckets = workload.time_distribution;
    if (buckets === undefined) continue;
    if (!Array.isArray(buckets) || buckets.length === 0)
      return fail(`workloads.${w}.time_distribution`, 'expected a list of at least one {time, weight} bucket');
    for (let k = 0; k < buckets.length; k++) {
      const b = buckets[k];
      const at = `workloads.${w}.time_distribution.${k}`;
      if (!isObject(b)) return fail(at, `expected a {time, weight} bucket, found ${quote(b)}`);
      if (typeof b.time !== 'number' || !(b.time >= 0)) return fail(`${at}.time`, `expected seconds ≥ 0, found ${quote(b.time)}`);
      if (typeof b.weight !== 'number' || !(b.weight >= 0)) return fail(`${at}.weight`, `expected a weight ≥ 0, found ${quote(b.weight)}`);
    }
    if (!buckets.some((b: Bucket) => b.weight > 0)) return fail(`workloads.${w}.time_distribution`, 'every bucket has weight 0: no job could be submitted');
  }
  return { count, workloads: workloads as SynthWorkload[], seed: num(doc.rand_seed, 0) };
}

/**
 * A job's task times of one kind, in task order: `n` draws from each definition that gives a time
 * (each held to 0 … a day: a normal draw can fall below 0, a log-normal's tail past a day), and `n`
 * tasks without one from each that does not (they take the others' mean, ./replayedTimes.ts).
 */
function taskTimes(groups: readonly { n: number; next: (() => number) | undefined }[]): TaskTimes {
  const times = new TaskTimes('s');
  for (const g of groups) {
    if (!g.next) times.add(undefined, g.n);
    else for (let i = 0; i < g.n; i++) times.add(Math.min(MAX_TASK_SECONDS, Math.max(0, g.next() || 0)));
  }
  return times;
}

/** Why a class's task time cannot be replayed: seconds from 0 to a day. */
const taskTimeWords = (t: unknown) => `expected a task time in seconds from 0 to 86,400 (a day), found ${quote(t)}`;

/** A Sample's expected value (a discrete one's weighted mean), for the size stated before drawing. */
function meanOf(sample: Sample): number {
  if (Array.isArray(sample.discrete)) {
    const weights = sample.weights ?? sample.discrete.map(() => 1);
    const total = weights.reduce((a, b) => a + b, 0);
    return total > 0 ? sample.discrete.reduce<number>((a, x, i) => a + Number(x) * (weights[i] ?? 0), 0) / total : 0;
  }
  return num(sample.val, 0);
}

/** What the description will make, before making it: its jobs and their expected task count. */
function plannedSize(count: number, workloads: SynthWorkload[]): GeneratedSize {
  const share = (weights: number[]) => {
    const total = weights.reduce((s, x) => s + Math.max(0, x), 0);
    return weights.map((x) => (total > 0 ? Math.max(0, x) / total : 1 / weights.length));
  };
  const workloadShare = share(workloads.map((w) => num(w.workload_weight, 1)));
  let tasksPerJob = 0;
  workloads.forEach((w, i) => {
    const classShare = share(w.job_classes.map((c) => num(c.class_weight, 1)));
    w.job_classes.forEach((c, k) => {
      const perJob = c.tasks
        ? c.tasks.reduce((n, t) => n + Math.max(0, meanOf(t.count)), 0)
        : Math.max(1, num(c.mtasks_avg, 1)) + Math.max(0, num(c.rtasks_avg, 0));
      tasksPerJob += workloadShare[i] * classShare[k] * perJob;
    });
  });
  return { jobs: count, tasks: Math.round(count * tasksPerJob) };
}

/**
 * One job's draws from its class: counts from `pick` (in the order SLS's generators draw them),
 * task times from `times`, the deadline where the class gives one.
 */
function drawJob(c: JobClass, pick: Random, times: Random, submit: number): DrawnJob {
  const tasks = c.tasks;
  if (tasks) {
    // Current format (SynthJob): counts per container type, every map definition's before the
    // reduces' (the order counts were drawn in before task times were kept); a deadline with
    // probability `reservation`, at submit + deadline_factor × the job's duration.
    const counted = (type: string) => tasks.filter((t) => t.type === type).map((t) => ({ t, n: Math.max(0, Math.round(draw(pick, t.count) || 0)) }));
    const [mapDefs, reduceDefs] = [counted('map'), counted('reduce')];
    const timesOf = (defs: typeof mapDefs) => taskTimes(defs.map((d) => ({ n: d.n, next: d.t.time && (() => draw(times, d.t.time)) })));
    const duration = draw(pick, c.duration);
    const factor = draw(pick, c.deadline_factor);
    const chance = draw(pick, c.reservation);
    const reserved = pick.next() <= (Number.isFinite(chance) ? chance : 0);
    return {
      maps: Math.max(
        1,
        mapDefs.reduce((n, d) => n + d.n, 0),
      ),
      reduces: reduceDefs.reduce((n, d) => n + d.n, 0),
      deadline: reserved && duration > 0 && factor > 0 ? submit + Math.ceil(factor * duration * 1000) / 1000 : undefined,
      mapSeconds: timesOf(mapDefs),
      reduceSeconds: timesOf(reduceDefs),
    };
  }
  // Old format: means and deviations, log-normal.
  const maps = Math.max(1, Math.round(logNormal(pick, num(c.mtasks_avg, 1), num(c.mtasks_stddev, 0))));
  const reduces = Math.max(0, Math.round(logNormal(pick, num(c.rtasks_avg, 0), num(c.rtasks_stddev, 0))));
  const timed = (mean: number | undefined, sd: number | undefined) => (mean === undefined ? undefined : () => logNormal(times, mean, num(sd, 0)));
  const duration = logNormal(pick, num(c.dur_avg, 0), num(c.dur_stddev, 0));
  const factor = logNormal(pick, num(c.deadline_factor_avg, 0), num(c.deadline_factor_stddev, 0));
  return {
    maps,
    reduces,
    deadline: duration > 0 && factor > 0 ? submit + factor * duration : undefined,
    mapSeconds: taskTimes([{ n: maps, next: timed(c.mtime_avg, c.mtime_stddev) }]),
    reduceSeconds: taskTimes([{ n: reduces, next: timed(c.rtime_avg, c.rtime_stddev) }]),
  };
}

interface DrawnJob {
  maps: number;
  reduces: number;
  deadline: number | undefined;
  mapSeconds: TaskTimes;
  reduceSeconds: TaskTimes;
}

/**
 * SLS SYNTH workload descriptions (`num_jobs`, `rand_seed`, `workloads[]` of `job_classes[]`):
 * expanded into concrete jobs with the file's own seed, so the same file always gives the same
 * jobs. A job picks a workload by `workload_weight`, a class by `class_weight`; maps, reduces,
 * duration and deadline factor are log-normal with the class's mean and deviation; the submit
 * time falls uniformly in a `time_distribution` bucket picked by its weight (seconds). Tasks run
 * the trace default template on one block each; task times (`mtime_avg`, `rtime_avg`, log-normal
 * with their deviations) are drawn per task from a stream of their own, and each task replays its
 * own time as an SLS trace's containers do (./replayedTimes.ts).
 *
 * Hadoop 3's current format (syn_generic.json) is read too: a class's `tasks` list gives each
 * container type's `count` as a Sample (a constant, a log-normal or normal draw, or weighted
 * discrete values), and a job has a deadline with probability `reservation`, at submission plus
 * `deadline_factor` × its `duration`, as SLS's SynthJob sets it. Task `time` (seconds) is drawn
 * and replayed as above; `max_memory` and `max_vcores` are checked but not kept (container sizes
 * are the scheduler card's).
 * Classes or containers of any type but MapReduce maps and reduces (SLS's "stream" jobs) are
 * refused with their field and the reason: they are long-lived services, not tasks that end.
 */
export function synthReader(limit = Infinity, allowLarge = false): TraceReader {
  let text = '';
  return {
    format: 'synth',
    push(chunk) {
      text += chunk;
    },
    end(): TraceImport {
      const out = new TraceCollector('synth', limit);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
      } catch (err) {
        out.problem(1, 'file', `not valid JSON: ${(err as Error).message}`);
        return out.result();
      }
      const description = checkDescription(parsed, out);
      if (!description) return out.result();
      const { count, workloads, seed } = description;
      const planned = plannedSize(count, workloads);
      if (!allowLarge && (planned.jobs > LARGE_GENERATED.jobs || planned.tasks > LARGE_GENERATED.tasks)) {
        out.problem(
          1,
          'num_jobs',
          `this description makes ${planned.jobs.toLocaleString('en-US')} jobs (about ${planned.tasks.toLocaleString('en-US')} tasks); more than ${LARGE_GENERATED.jobs.toLocaleString('en-US')} jobs or ${LARGE_GENERATED.tasks.toLocaleString('en-US')} tasks are made only when asked`,
        );
        return { ...out.result(), large: planned };
      }
      const pick = new Random(seed, 'sizes');
      const when = new Random(seed, 'arrivals');
      // Task times from a stream of their own: the jobs' counts, arrivals and deadlines are drawn as before times were kept.
      const times = new Random(seed, 'variation');
      for (let i = 0; i < count && !out.full; i++) {
        const w = pickByWeight(pick, workloads, (x) => num(x.workload_weight, 1));
        const c = pickByWeight(pick, w.job_classes, (x) => num(x.class_weight, 1));
        const buckets = w.time_distribution ?? [{ time: 0, weight: 1 }];
        const b = pickByWeight(when, buckets, (x) => num(x.weight, 0));
        const k = buckets.indexOf(b);
        const from = num(b.time, 0);
        const to = k + 1 < buckets.length ? num(buckets[k + 1].time, from) : from;
        const submit = from + when.next() * Math.max(0, to - from);
        const { maps, reduces, deadline, mapSeconds, reduceSeconds } = drawJob(c, pick, times, submit);
        const queue = typeof w.queue_name === 'string' && w.queue_name ? w.queue_name : 'default';
        out.accept(
          {
            id: `synth-${i + 1}`,
            template: 'Generic',
            submit,
            maps,
            reduces,
            queue,
            dependsOn: [],
            ...(deadline !== undefined ? { deadline } : {}),
            ...replayedCosts(mapSeconds, reduceSeconds),
          },
          1,
        );
      }
      out.jobs.sort((a, b) => a.submit - b.submit);
      return out.result();
    },
  };
}
