import { z } from 'zod';
import { nameText, withoutControlCharacters } from '../files/controlCharacters';

/**
 * A workload (model.md "Workload"): jobs that name a benchmark template, or a generator that makes
 * such jobs from a mix and an arrival process. Generated jobs come from the run's seed, so every
 * scheduler in an experiment sees the same arrival stream for a given seed.
 */

const num = () => z.number().finite();
/** A task count; the cap is checked before wholeness so a huge number says "too many", not "not an integer". */
const count = (max: number) =>
  z
    .number()
    .min(0, 'must be at least 0')
    .max(max, `must be at most ${max.toLocaleString('en-US')}`)
    .refine(Number.isInteger, 'must be a whole number');
/**
 * Ids and queue names come from shared trace files: control characters and bidirectional overrides
 * are left out where they enter (a job's reference to another goes through the same rule, so it
 * still names it), rather than refusing a whole trace over one id.
 */
const printable = () => z.string().overwrite(withoutControlCharacters);
const id = printable().trim().min(1, 'must not be empty').max(120);
/** The most maps one job may have, given or made from its input and the block size. */
export const MAX_MAPS = 1_000_000;
/** The most reduces one job may have. */
export const MAX_REDUCES = 100_000;
/** A mix row's maps per job (or one end of its range): a whole number from 1 to MAX_MAPS. */
const mixMaps = () =>
  z
    .number({ error: 'must be a number' })
    .min(1, 'must be at least 1')
    .max(MAX_MAPS, `must be at most ${MAX_MAPS.toLocaleString('en-US')}`)
    .refine(Number.isInteger, 'must be a whole number');
/** The most input one job may read (1 PB). */
export const MAX_INPUT_MB = 1e9;

/**
 * A job's own costs in place of its template's (docs/model.md "Jobs and tasks"), for a job type a
 * paper measured whose template is shared with other papers: CPU-seconds at a reference core per
 * MB a map reads, per map, per MB a reduce receives and per reduce; MB a map emits per MB read,
 * and a reduce writes per MB received. Absent: the template's.
 */
const ownCosts = {
  mapCpuSPerMb: num().min(0, 'must be at least 0').max(1000, 'must be at most 1,000 s per MB').optional(),
  mapCpuSPerTask: num().min(0, 'must be at least 0').max(86_400, 'must be at most 86,400 s (a day)').optional(),
  mapSelectivity: num().min(0, 'must be at least 0').max(1000, 'must be at most 1,000').optional(),
  reduceCpuSPerMb: num().min(0, 'must be at least 0').max(1000, 'must be at most 1,000 s per MB').optional(),
  reduceCpuSPerTask: num().min(0, 'must be at least 0').max(86_400, 'must be at most 86,400 s (a day)').optional(),
  reduceSelectivity: num().min(0, 'must be at least 0').max(1000, 'must be at most 1,000').optional(),
};

/** The fields of a job's own costs, in the order they are said and written (CSV columns, the editor's note). */
export const OWN_COST_FIELDS = [
  'mapCpuSPerMb',
  'mapCpuSPerTask',
  'mapSelectivity',
  'reduceCpuSPerMb',
  'reduceCpuSPerTask',
  'reduceSelectivity',
] as const satisfies readonly (keyof typeof ownCosts)[];
/** The fields of a job's own task times from a trace. */
export const TASK_TIME_FIELDS = ['mapSeconds', 'reduceSeconds'] as const;

/** A trace's own task times for one kind of task: seconds each, at most a day, a list per job. */
const taskTimes = (max: number, kind: string) =>
  z
    .array(num().min(0, 'must be at least 0 s').max(86_400, 'must be at most 86,400 s (a day)'))
    .min(1, `must give at least one ${kind}'s time, or be left out`)
    .max(max, `must give at most ${max.toLocaleString('en-US')} times, one per ${kind}`);

export const JobSpecSchema = z.strictObject({
  id: id.optional(),
  template: z.string().min(1, 'must name a template'),
  /** Seconds after the start of the run. */
  submit: num().min(0, 'must be at least 0'),
  /**
   * Map input; with the cluster's block size it gives the number of maps unless `maps` is set.
   * Absent (traces that carry only task counts, generated jobs): one block per map.
   */
  inputMb: num().min(0, 'must be at least 0').max(MAX_INPUT_MB, 'must be at most 1,000,000,000 MB (1 PB)').optional(),
  maps: count(MAX_MAPS).optional(),
  reduces: count(MAX_REDUCES).optional(),
  queue: printable().min(1).max(80).default('default'),
  /** Absolute deadline, seconds after the start of the run. */
  deadline: num().positive('must be greater than 0').optional(),
  /**
   * Deadline as a factor of the job's time alone on the cluster, counted from its submission (the
   * ARIA set-up); fixed by the engine when the job is submitted. Ignored when `deadline` is given.
   */
  deadlineFactor: num().positive('must be greater than 0').optional(),
  /** Ids of jobs that must finish before this one is submitted (workflows). */
  dependsOn: z.array(id).default([]),
  mrCluster: printable().max(80).optional(),
  /** Trace overrides of the template's selectivities, in MB. */
  shuffleMb: num().min(0).optional(),
  outputMb: num().min(0).optional(),
  /**
   * Seconds the job takes beyond its tasks (Hadoop's job set-up, commit and clean-up), added to its
   * finish; it holds no slot (docs/model.md "Jobs and tasks"). Absent: none.
   */
  setupCommitS: num().min(0, 'must be at least 0').max(86_400, 'must be at most 86,400 s (a day)').optional(),
  ...ownCosts,
  /**
   * Each map's own time as a trace gives it (SLS's container times), seconds, in task order; the
   * list repeats when the job has more maps than it holds. The maps' CPU per task (mapCpuSPerTask)
   * is shared out in these proportions, each map's time over the list's mean, in place of the
   * template's random variation (docs/model.md "Trace replay"). `reduceSeconds` likewise.
   */
  mapSeconds: taskTimes(MAX_MAPS, 'map').optional(),
  reduceSeconds: taskTimes(MAX_REDUCES, 'reduce').optional(),
});

export const MixEntrySchema = z.strictObject({
  template: z.string().min(1),
  weight: num().positive('must be greater than 0'),
  /** Number of maps, or a range to draw from uniformly. */
  maps: z.union([mixMaps(), z.tuple([mixMaps(), mixMaps()]).refine(([lo, hi]) => lo <= hi, 'the low end of the range must not exceed the high end')], {
    error: 'must be a number of maps, or a range such as 1-20',
  }),
  reduces: count(MAX_REDUCES).optional(),
  queue: z.string().min(1).max(80).optional(),
  /** The MR-cluster its jobs are submitted to (FAWKES): one mix entry per MR-cluster splits the load between them. */
  mrCluster: z.string().trim().min(1, 'must not be empty').max(80).optional(),
  /**
   * The job's output per map: what each map writes in a map-only job (TeraGen, RWrite), or, with
   * reduces, what they write between them (the job's outputMb); absent: the template's own.
   */
  outputMbPerMap: num().min(0, 'must be at least 0').optional(),
  /**
   * MB of input each map reads; absent: a block. With the shuffle below, what a job type measured
   * in a paper is priced as (docs/model.md "Calibration: PRISM's testbed").
   */
  inputMbPerMap: num().positive('must be greater than 0').optional(),
  /** MB the job's reduces fetch between them, per map; absent: the template's map selectivity × input. */
  shuffleMbPerMap: num().min(0, 'must be at least 0').optional(),
  /** Each of its jobs' time beyond its tasks (JobSpec.setupCommitS); absent: none. */
  setupCommitS: num().min(0, 'must be at least 0').max(86_400, 'must be at most 86,400 s (a day)').optional(),
  /** Its jobs' own costs (JobSpec's); absent: the template's. */
  ...ownCosts,
});

export const ArrivalSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('batch'), at: num().min(0).default(0) }),
  z.strictObject({ kind: z.literal('poisson'), meanInterarrivalS: num().positive('must be greater than 0') }),
  /** On/off bursts: `burstSize` jobs `withinBurstS` apart, bursts `betweenBurstsS` apart on average. */
  z.strictObject({ kind: z.literal('bursty'), burstSize: z.number().int().min(1), withinBurstS: num().min(0), betweenBurstsS: num().positive() }),
  /** Each job is submitted when the previous one finishes (a chain). */
  z.strictObject({ kind: z.literal('sequential') }),
]);

/** A deadline factor, or a range [low, high] to draw each job's from uniformly. */
export const DeadlineFactorSchema = z.union([
  num().positive('must be greater than 0'),
  z
    .tuple([num().positive('must be greater than 0'), num().positive('must be greater than 0')])
    .refine(([lo, hi]) => lo <= hi, 'the low end must not exceed the high end'),
]);

export const GeneratorSchema = z.strictObject({
  count: z.number().int().min(1, 'at least 1 job').max(1_000_000),
  arrival: ArrivalSchema,
  mix: z.array(MixEntrySchema).min(1, 'the mix needs at least one template'),
  /** Each generated job's deadline = factor × its time alone on the cluster, after its submission (ARIA's set-up). */
  deadlineFactor: DeadlineFactorSchema.optional(),
});

const WorkloadShape = z.strictObject({
  name: nameText(80).default('workload'),
  description: z.string().max(2000).default(''),
  jobs: z.array(JobSpecSchema).default([]),
  generate: GeneratorSchema.optional(),
});

/**
 * The latest a job may arrive, in seconds after the run starts: about 32 years, as far as a run may
 * be stopped (SimulationOptions.horizonS). Much further out the engine's clock, a double, loses the
 * heartbeat's seconds (at 10^17 s a step of 3 s no longer moves it) and a run would never end.
 */
export const MAX_SUBMIT_S = 1e9;
export const MAX_SUBMIT_WORDS = 'must be at most 1,000,000,000 s (about 32 years)';

/**
 * The problems of a workload as a whole: no jobs, an id used twice, a dependency on no job, and
 * (`strict`: for what is to run) an arrival past MAX_SUBMIT_S or a cycle of dependencies.
 */
function workloadProblems(w: z.output<typeof WorkloadShape>, ctx: z.RefinementCtx, strict: boolean): void {
  if (w.jobs.length === 0 && !w.generate) ctx.addIssue({ code: 'custom', path: ['jobs'], message: 'a workload needs jobs or a generator' });
  const ids = new Set<string>();
  w.jobs.forEach((j, i) => {
    if (j.id && ids.has(j.id)) ctx.addIssue({ code: 'custom', path: ['jobs', i, 'id'], message: `duplicate job id "${j.id}"` });
    if (j.id) ids.add(j.id);
  });
  w.jobs.forEach((j, i) =>
    j.dependsOn.forEach((d, k) => {
      if (!ids.has(d)) ctx.addIssue({ code: 'custom', path: ['jobs', i, 'dependsOn', k], message: `unknown job id "${d}"` });
    }),
  );
  if (strict) {
    w.jobs.forEach((j, i) => {
      if (j.submit > MAX_SUBMIT_S) ctx.addIssue({ code: 'custom', path: ['jobs', i, 'submit'], message: MAX_SUBMIT_WORDS });
    });
    const arrival = w.generate?.arrival;
    if (arrival?.kind === 'batch' && arrival.at > MAX_SUBMIT_S)
      ctx.addIssue({ code: 'custom', path: ['generate', 'arrival', 'at'], message: MAX_SUBMIT_WORDS });
  }
  const cycle = strict ? dependencyCycle(w.jobs) : undefined;
  if (cycle)
    ctx.addIssue({
      code: 'custom',
      path: ['jobs', cycle.job, 'dependsOn', cycle.entry],
      message: `a cycle of dependencies (${cycle.ids.join(' → ')}): none of these jobs could ever start`,
    });
}

/** A workload as it enters the studio (saved, imported, in an experiment file to run). */
export const WorkloadSpecSchema = WorkloadShape.superRefine((w, ctx) => workloadProblems(w, ctx, true));
/**
 * A workload as a result file recorded it: read as it ran, so a result written before cycles of
 * dependencies and arrivals past MAX_SUBMIT_S were refused still opens.
 */
export const RecordedWorkloadSpecSchema = WorkloadShape.superRefine((w, ctx) => workloadProblems(w, ctx, false));

/**
 * The first cycle among the jobs' dependencies, if any: the ids around it (the first again at the
 * end) and the dependency that closes it. Jobs in a cycle wait for each other for ever, so a run
 * would end with them never started; the workload is refused instead. Iterative, so a chain of
 * 100,000 jobs does not overflow the stack.
 */
function dependencyCycle(jobs: readonly { id?: string; dependsOn: readonly string[] }[]): { job: number; entry: number; ids: string[] } | undefined {
  const index = new Map<string, number>();
  jobs.forEach((j, i) => j.id !== undefined && !index.has(j.id) && index.set(j.id, i));
  // 0 unvisited, 1 on the current path, 2 done.
  const state = new Uint8Array(jobs.length);
  for (let root = 0; root < jobs.length; root++) {
    if (state[root] !== 0) continue;
    const path: number[] = [root];
    const next: number[] = [0];
    state[root] = 1;
    while (path.length) {
      const j = path[path.length - 1];
      const k = next[next.length - 1]++;
      const deps = jobs[j].dependsOn;
      if (k >= deps.length) {
        state[j] = 2;
        path.pop();
        next.pop();
        continue;
      }
      const d = index.get(deps[k]);
      if (d === undefined || state[d] === 2) continue;
      if (state[d] === 1) {
        const around = path.slice(path.indexOf(d)).map((x) => jobs[x].id!);
        return { job: j, entry: k, ids: [...around, jobs[d].id!] };
      }
      state[d] = 1;
      path.push(d);
      next.push(0);
    }
  }
  return undefined;
}

export type JobSpec = z.output<typeof JobSpecSchema>;
export type WorkloadSpec = z.output<typeof WorkloadSpecSchema>;
export type WorkloadSpecInput = z.input<typeof WorkloadSpecSchema>;
export type GeneratorSpec = z.output<typeof GeneratorSchema>;

/**
 * Tasks a generator is expected to add per seed: its job count times the mix's weighted mean maps
 * (a range counts its midpoint) and stated reduces. Reduces a mix entry leaves to its template are
 * not counted; `templateReduces` says whether any entry does.
 */
export function expectedGeneratedTasks(g: z.input<typeof GeneratorSchema>): { tasks: number; templateReduces: boolean } {
  const total = g.mix.reduce((s, m) => s + m.weight, 0);
  if (total <= 0) return { tasks: 0, templateReduces: false };
  let perJob = 0;
  let templateReduces = false;
  for (const m of g.mix) {
    const maps = Array.isArray(m.maps) ? (m.maps[0] + m.maps[1]) / 2 : m.maps;
    if (m.reduces === undefined) templateReduces = true;
    perJob += (m.weight / total) * (maps + (m.reduces ?? 0));
  }
  return { tasks: Math.round(g.count * perJob), templateReduces };
}

/**
 * How an imported trace's jobs get deadlines (traces rarely carry any): keep what the file says,
 * a factor × each job's time alone after its submission (ARIA's set-up), or a fixed slack after
 * its submission.
 */
export const DeadlineRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('keep') }),
  z.strictObject({ kind: z.literal('factor'), factor: num().positive('must be greater than 0') }),
  z.strictObject({ kind: z.literal('slack'), seconds: num().positive('must be greater than 0') }),
]);
export type DeadlineRule = z.output<typeof DeadlineRuleSchema>;

/** The jobs with the rule's deadlines (a job's own deadline is replaced unless the rule keeps them). */
export function withDeadlines<J extends Pick<JobSpec, 'submit' | 'deadline' | 'deadlineFactor'>>(jobs: J[], rule: DeadlineRule): J[] {
  if (rule.kind === 'keep') return jobs;
  return jobs.map((j) => {
    const { deadline: _d, deadlineFactor: _f, ...rest } = j;
    return (rule.kind === 'factor' ? { ...rest, deadlineFactor: rule.factor } : { ...rest, deadline: j.submit + rule.seconds }) as J;
  });
}
