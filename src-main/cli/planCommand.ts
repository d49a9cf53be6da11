import { AriaProfileFileSchema, AriaProfileSchema } from '@shared/aria/profile';
import { defaultFailureWorkers } from '@shared/aria/failure';
import { ariaProfileOf, mbPerReduce } from '@shared/aria/totals';
import { plan, PlanError, PlanRequestSchema, type PlanRequestInput, type PlanResult } from '@shared/aria/plan';
import { parseJsonText } from '@shared/files/jsonText';
import { formatOf } from '@shared/files/fileEnvelope';
import { problemsOf } from '@shared/api/validation';
import { problemsInWords } from '@shared/api/fieldLabels';
import { mergeAriaByTemplate } from '@shared/workload/jobProfiles';
import { matchName } from '@shared/matchName';
import { andList } from '@shared/plural';
import { CliUsageError, table, type CliIo } from './output';
import { readResultFile } from './readResultFile';
import { MAX_JSON_BYTES, readCliFile } from './readCliFile';
import { readDecimal } from '@shared/decimal';

export const planHelp = `workload-studio plan --profile <profile.json> --maps N --reduces R --map-slots SM --reduce-slots SR
                     [--deadline T] [--input-mb X --scale-from <result.json>...] [--template NAME]
                     [--fail-at t [--stage map|reduce] [--replenish] [--workers W] [--detect-after S]] [--json]

  The ARIA performance model (Verma, Cherkasova, Campbell; Middleware 2011) for one job:
  lower, upper and average completion-time bounds (eq. 1-8) with the given slots, in seconds.
  --deadline T        minimal (map slots, reduce slots) pairs meeting T for each bound (Algorithm 1),
                      with --map-slots/--reduce-slots as the cluster's slots, and the pair with the
                      fewest slots on the average-bound curve ("minimal").
  --input-mb X        a new dataset: maps = X / avgInputMB (unless --maps is given); with
                      --scale-from, shuffle and reduce durations from a linear fit (eq. 9-10) over
                      the ARIA profiles of runs at other input sizes with the same reduces
                      (result files of \`run --out\`; --template picks the template when a file has several).
  --fail-at t         one of --workers W worker nodes (default: the map slots, one per worker as in
                      the paper's testbed) fails t seconds after the job starts, or after the start of
                      --stage; --replenish replaces its slots at once; detected --detect-after S
                      seconds later (default 600, Hadoop 1's node timeout) (sec. 4.4).
  The profile file holds the twelve numbers (mMin mAvg mMax avgInputMB selectivityM selectivityR
  sh1Avg sh1Max shTypAvg shTypMax rAvg rMax, docs/aria-profile.schema.json), one profile of
  \`workload-studio profile\` output ({"aria": {...}}), or that output whole (--template picks the
  template when it profiles several).
`;

type Flags = Record<string, string | boolean | undefined>;

/** The request field each flag fills, for errors that name the flag the user typed. */
const FLAG_OF: Record<string, string> = {
  maps: '--maps',
  reduces: '--reduces',
  mapSlots: '--map-slots',
  reduceSlots: '--reduce-slots',
  deadlineS: '--deadline',
  inputMb: '--input-mb',
  scaleFrom: '--scale-from',
  'failure.atS': '--fail-at',
  'failure.workers': '--workers',
  'failure.detectS': '--detect-after',
  'failure.stage': '--stage',
};

function flagName(field: string): string {
  if (FLAG_OF[field]) return FLAG_OF[field];
  if (field.startsWith('profile.')) return `--profile: ${field.slice('profile.'.length)}`;
  return field;
}

/** A number flag as typed: absent stays undefined; text that is not a number is an error naming the flag. */
function numberFlag(flags: Flags, name: string): number | undefined {
  const v = flags[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.trim() === '' || !Number.isFinite(readDecimal(v))) throw new CliUsageError(`--${name}: "${String(v)}" is not a number`);
  return readDecimal(v);
}

function readJson(file: string, what: string): unknown {
  const text = readCliFile(file, what, MAX_JSON_BYTES);
  const json = parseJsonText(text, file);
  if (!json.ok) throw new CliUsageError(`${what}: ${json.message}`);
  return json.value;
}

function readProfile(file: string, template: string | undefined) {
  let json = readJson(file, '--profile');
  // The whole of `workload-studio profile` output: one template's profile, by --template when it has several.
  if (formatOf(json) === 'workload-studio.profiles') {
    // A file edited by hand may hold anything here: entries that are not objects are passed over.
    const given = (json as { profiles?: unknown }).profiles;
    const listed = (Array.isArray(given) ? given : []).filter((p): p is { template?: string; aria?: unknown } => typeof p === 'object' && p !== null);
    const names = listed.filter((p) => p.aria).map((p) => String(p.template));
    if (names.length === 0) throw new CliUsageError(`--profile: ${file} holds no ARIA profile (its runs measured none)`);
    const name = template === undefined ? (names.length === 1 ? names[0] : undefined) : (matchName(names, template) ?? template);
    if (name === undefined) throw new CliUsageError(`--profile: ${file} profiles several templates (${names.join(', ')}); pick one with --template`);
    const chosen = listed.find((p) => p.template === name && p.aria);
    if (!chosen) throw new CliUsageError(`--profile: ${file} has no profile of template "${name}" (it has ${names.join(', ')})`);
    json = chosen;
  }
  // A run's result holds what a profile is made from, not the profile: say how to make one.
  if (formatOf(json) === 'workload-studio.result')
    throw new CliUsageError(`--profile: ${file} is a run result, not a job profile: \`workload-studio profile ${file}\` makes the profiles of its jobs`);
  // \`profile\` output wraps the numbers in {"aria": …}; a bare file is the numbers themselves.
  const wrapped = typeof json === 'object' && json !== null && 'aria' in json;
  const parsed = wrapped ? AriaProfileFileSchema.safeParse(json) : AriaProfileSchema.safeParse(json);
  if (!parsed.success) {
    // Every problem of the file at once (a profile missing several numbers names them all), by label.
    throw new CliUsageError(`--profile: ${file}: ${problemsInWords(problemsOf(parsed.error), 6)}`);
  }
  return parsed.data;
}

/** A staging run for the fit: the ARIA profile of one template in a result file, and its data per reduce. */
function readScalingRun(file: string, template: string | undefined) {
  const read = readResultFile(file);
  if (!read.ok) throw new CliUsageError(`--scale-from: ${read.message}`);
  const totals = mergeAriaByTemplate(read.result.runs.map((r) => r.aria ?? {}));
  const names = Object.keys(totals).filter((n) => totals[n].reduces.count > 0);
  if (names.length === 0)
    throw new CliUsageError(
      `--scale-from: ${file} has no ARIA measurements of a job with reduces (results written by studio versions before ARIA profiles have none)`,
    );
  const name = template === undefined ? (names.length === 1 ? names[0] : undefined) : (matchName(names, template) ?? template);
  if (!name) throw new CliUsageError(`--scale-from: ${file} profiles several templates (${names.join(', ')}); pick one with --template`);
  if (!Object.hasOwn(totals, name)) throw new CliUsageError(`--scale-from: ${file} has no template "${name}" (it has ${names.join(', ')})`);
  return { profile: ariaProfileOf(totals[name]), mbPerReduce: mbPerReduce(totals[name]) };
}

export async function planCommand(args: string[], flags: Flags, io: CliIo, scaleFrom: string[] = []): Promise<number> {
  const profileFile = flags.profile;
  if (typeof profileFile !== 'string') throw new CliUsageError(`plan needs --profile <profile.json>\n\n${planHelp}`);
  // `--scale-from a.json b.json c.json`: the files after the first arrive as arguments.
  const scaleFiles = [...scaleFrom, ...(scaleFrom.length ? args : [])];
  if (!scaleFrom.length && args.length) throw new CliUsageError(`plan takes no file arguments ("${args[0]}"); did you mean --scale-from?`);
  const atS = numberFlag(flags, 'fail-at');
  // Every missing one is named at once, not one per try.
  const missing = ['reduces', 'map-slots', 'reduce-slots'].filter((name) => numberFlag(flags, name) === undefined).map((name) => `--${name}`);
  if (missing.length) throw new CliUsageError(`${andList(missing)} ${missing.length === 1 ? 'is' : 'are'} required\n\n${planHelp}`);
  const reduces = numberFlag(flags, 'reduces')!;
  const mapSlots = numberFlag(flags, 'map-slots')!;
  const reduceSlots = numberFlag(flags, 'reduce-slots')!;
  const stage = flags.stage;
  if (stage !== undefined && stage !== 'map' && stage !== 'reduce') throw new CliUsageError(`--stage: "${String(stage)}" is not map or reduce`);
  if (atS === undefined && (stage !== undefined || flags.replenish || flags.workers !== undefined || flags['detect-after'] !== undefined))
    throw new CliUsageError('--stage, --replenish, --workers and --detect-after describe a failure: give --fail-at too');
  const request: PlanRequestInput = {
    profile: readProfile(profileFile, typeof flags.template === 'string' ? flags.template : undefined),
    maps: numberFlag(flags, 'maps'),
    reduces,
    mapSlots,
    reduceSlots,
    deadlineS: numberFlag(flags, 'deadline'),
    inputMb: numberFlag(flags, 'input-mb'),
    ...(scaleFiles.length ? { scaleFrom: scaleFiles.map((f) => readScalingRun(f, typeof flags.template === 'string' ? flags.template : undefined)) } : {}),
    ...(atS !== undefined
      ? {
          failure: {
            atS,
            stage: stage as 'map' | 'reduce' | undefined,
            replenish: Boolean(flags.replenish),
            workers: numberFlag(flags, 'workers') ?? defaultFailureWorkers(mapSlots),
            detectS: numberFlag(flags, 'detect-after'),
          },
        }
      : {}),
  };
  const checked = PlanRequestSchema.safeParse(request);
  if (!checked.success) {
    const p = problemsOf(checked.error)[0];
    throw new CliUsageError(`${flagName(p.field)}: ${p.message}`);
  }
  let result: PlanResult;
  try {
    result = plan(request);
  } catch (err) {
    if (err instanceof PlanError) throw new CliUsageError(`${flagName(err.field)}: ${err.detail}`);
    if (err instanceof RangeError) throw new CliUsageError(err.message);
    throw err;
  }
  io.out(flags.json ? `${JSON.stringify(jsonOf(result), null, 2)}\n` : describe(result));
  return 0;
}

/** The documented JSON: bounds, then allocations and the minimal pair with a deadline, then what else was asked. */
function jsonOf(r: PlanResult) {
  return {
    bounds: r.bounds,
    ...(r.allocations ? { allocations: r.allocations, minimal: r.minimal, minimalBy: r.minimalBy } : {}),
    job: { maps: r.maps, reduces: r.reduces },
    mapStage: r.mapStage,
    ...(r.scaled ? { scaled: { ...r.scaled, profile: r.profile } } : {}),
    ...(r.failure ? { failure: r.failure } : {}),
  };
}

/** "1 reduce", "70 maps". */
const tasks = (n: number, kind: 'map' | 'reduce') => `${n} ${kind}${n === 1 ? '' : 's'}`;

function describe(r: PlanResult): string {
  const lines = [
    `${tasks(r.maps, 'map')}, ${tasks(r.reduces, 'reduce')}${r.scaled ? ` (scaled: ${r.scaled.mbPerReduce} MB per reduce)` : ''}`,
    `completion time: lower ${r.bounds.low} s, average ${r.bounds.avg} s, upper ${r.bounds.up} s`,
  ];
  if (r.failure)
    lines.push(
      r.failure.stage === 'after'
        ? `with a worker failure at ${r.failure.atS} s (after the job's end on the lower bound's timeline: nothing left to redo there): lower ${r.failure.low} s, average ${r.failure.avg} s, upper ${r.failure.up} s`
        : `with a worker failure at ${r.failure.atS} s (${r.failure.stage} stage; ${tasks(r.failure.remainingMaps, 'map')} and ${tasks(r.failure.remainingReduces, 'reduce')} to run on ${r.failure.mapSlots} + ${r.failure.reduceSlots} slots): lower ${r.failure.low} s, average ${r.failure.avg} s, upper ${r.failure.up} s`,
    );
  if (r.allocations) {
    lines.push(
      r.minimal
        ? `fewest slots meeting the deadline (average bound): ${r.minimal.mapSlots} map + ${r.minimal.reduceSlots} reduce`
        : 'no allocation within the given slots meets the deadline (average bound)',
    );
    const rows = (['low', 'avg', 'up'] as const).map((k) => {
      const m = r.minimalBy![k];
      return [k, r.allocations![k].length, m ? `${m.mapSlots} + ${m.reduceSlots}` : '—'];
    });
    lines.push('', table(['bound', 'pairs', 'fewest slots'], rows).trimEnd());
  }
  return `${lines.join('\n')}\n`;
}
