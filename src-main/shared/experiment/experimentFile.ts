import { ClusterSpecSchema, type ClusterSpec } from '../cluster/cluster';
import type { z } from 'zod';
import { ExperimentSchema, FileRefSchema, TraceWorkloadSchema, type Experiment, type PluginRef } from './experiment';
import type { TraceProblem } from '../workload/imports';
import { parseJsonText, syntaxProblem, withLines } from '../files/jsonText';
import { formatOf } from '../files/fileEnvelope';
import { otherStudioFileWords, yarnXmlWords } from '../files/studioFiles';
import type { SchedulerSpec } from '../schedulers';
import { withFormerDefaults, type SimulationOptions } from './simulation';
import type { Sweep } from './design';
import { problemsOf, type FieldProblem } from '../api/validation';
import { WorkloadSpecSchema, type WorkloadSpec } from '../workload/workload';
import { isObject } from '../isObject';

/**
 * The largest experiment file the studio reads, in the app and on the CLI alike, checked before a
 * byte is parsed. A large job list belongs in a trace file the experiment names.
 */
export const MAX_EXPERIMENT_FILE_BYTES = 60 * 1024 * 1024;

/**
 * Experiment files (docs/experiment.schema.json) as the studio writes and reads them: one
 * cluster and one workload inlined, so the file alone reproduces the runs. The CLI and the paper
 * presets use the same format; they may also point at other files, which the studio's import
 * cannot follow (an upload has no folder).
 */
export interface ExperimentFileParts {
  name: string;
  description: string;
  cluster: ClusterSpec;
  workload: WorkloadSpec;
  schedulers: SchedulerSpec[];
  seeds: number[];
  simulation: SimulationOptions;
  sweep?: Sweep;
  /** The user's scheduler files the runs used, with their hashes (docs/plugins.md). */
  plugins?: PluginRef[];
}

/** The file as a value: keys in a fixed order and no timestamp (what a result file carries as its `inputs`). */
export function experimentFileValue(p: ExperimentFileParts) {
  return {
    format: 'workload-studio.experiment' as const,
    name: p.name,
    description: p.description,
    cluster: p.cluster,
    workload: p.workload,
    schedulers: p.schedulers,
    seeds: p.seeds,
    simulation: p.simulation,
    ...(p.sweep ? { sweep: p.sweep } : {}),
    ...(p.plugins?.length ? { plugins: p.plugins } : {}),
  };
}

/** The file's text, so the same design exports byte for byte the same. */
export function experimentFileText(p: ExperimentFileParts): string {
  return `${JSON.stringify(experimentFileValue(p), null, 2)}\n`;
}

/**
 * Every problem of an experiment value, each at its field. The cluster and the workload are each
 * checked against the one form their keys choose (a file, a trace to replay, or written out), so a
 * bad host says `cluster.racks.0.hosts.1.cores`, and a trace without its format says
 * `workload.trace.format`, rather than that the whole matches none of the forms it may take.
 */
export function experimentProblems(value: unknown): FieldProblem[] {
  const parsed = ExperimentSchema.safeParse(value);
  if (parsed.success) return [];
  const all = problemsOf(parsed.error);
  const v = (value ?? {}) as Record<string, unknown>;
  const sharper: FieldProblem[] = [];
  const checkedAlone = (key: 'cluster' | 'workload', schema: z.ZodType) => {
    const r = schema.safeParse(v[key]);
    if (r.success) return false;
    sharper.push(...problemsOf(r.error, key));
    return true;
  };
  // Missing, or not a group of settings at all: which forms it may take, in words.
  const formsSaid = (key: 'cluster' | 'workload') => {
    if (isObject(v[key])) return false;
    sharper.push({ field: key, message: `${v[key] === undefined ? 'is required' : 'must be a group of settings'}: ${FORMS[key]}` });
    return true;
  };
  const clusterAlone = formsSaid('cluster') || (isObject(v.cluster) && checkedAlone('cluster', 'file' in v.cluster ? FileRefSchema : ClusterSpecSchema));
  const workloadAlone =
    formsSaid('workload') ||
    (isObject(v.workload) && checkedAlone('workload', 'trace' in v.workload ? TraceWorkloadSchema : 'file' in v.workload ? FileRefSchema : WorkloadSpecSchema));
  const rest = all
    .filter((p) => !((clusterAlone && /^cluster(\.|$)/.test(p.field)) || (workloadAlone && /^workload(\.|$)/.test(p.field))))
    .map((p) => (p.field === '' && p.message.startsWith('has unknown setting') ? { ...p, message: p.message + pluralHint(v) } : p));
  return [...sharper, ...rest];
}

/** The forms an experiment's cluster and workload may take, as a problem names them. */
const FORMS = {
  cluster: 'the cluster written out (its "hostTypes" and "racks"), or {"file": "…"} naming a cluster file beside the experiment',
  workload:
    'the workload written out (its "jobs", or "generate"), {"trace": {"file": "…"}} to replay a SWIM, SLS or Rumen trace, or {"file": "…"} naming a workload file beside the experiment',
};

/** " (an experiment file has one "cluster")" where an unknown setting is the plural of one it has. */
function pluralHint(v: Record<string, unknown>): string {
  const known = new Set(Object.keys(ExperimentSchema.shape));
  const singular = Object.keys(v)
    .filter((k) => !known.has(k) && k.endsWith('s') && known.has(k.slice(0, -1)))
    .map((k) => `"${k.slice(0, -1)}"`);
  return singular.length ? ` (an experiment file has one ${singular.join(' and one ')})` : '';
}

/**
 * A scheduler kind the studio does not know may be the user's own, whose file is not loaded: the
 * problem then says how to load it (`howToLoad`: the CLI's flag, or the app's Settings section).
 */
export function withOwnSchedulerHint(p: FieldProblem, howToLoad: string): FieldProblem {
  if (!/^(inputs\.)?schedulers\.\d+\.kind$/.test(p.field) || !p.message.startsWith('must be one of')) return p;
  return { ...p, message: `${p.message}, or the name of a scheduler file of your own ${howToLoad}` };
}

/** Where the app loads a scheduler file (Settings → Schedulers of your own, PluginSettings.vue). */
export const APP_LOADS_SCHEDULERS = 'once it is added under Settings → Schedulers of your own';
/** Where the CLI loads one (`run --scheduler FILE`, or the experiment's `plugins`). */
export const CLI_LOADS_SCHEDULERS = 'loaded with --scheduler FILE or listed under "plugins"';

export type ExperimentFileRead = { ok: true; experiment: Experiment } | { ok: false; problems: TraceProblem[] };

/**
 * Read an experiment file's text: JSON errors by line and column, schema problems by field and
 * line. A result file (`run --out`, "Export → Result file") is read for the experiment it carries
 * (`inputs`): what ran can be imported and run again from its result.
 */
export function readExperimentFile(text: string, fileName: string, howToLoad = APP_LOADS_SCHEDULERS): ExperimentFileRead {
  const yarn = yarnXmlWords(text);
  if (yarn) return { ok: false, problems: [{ line: 1, field: 'file', message: yarn }] };
  const json = parseJsonText(text, fileName);
  if (!json.ok) {
    return { ok: false, problems: [syntaxProblem(json.message)] };
  }
  // A result file is read for its experiment (below); any other of the studio's files is sent where it opens.
  const format = formatOf(json.value);
  const other = format === 'workload-studio.result' ? undefined : otherStudioFileWords(format, 'workload-studio.experiment');
  if (other) return { ok: false, problems: withLines(text, [{ field: 'format', message: other }]) };
  const v = json.value as Record<string, unknown> | null;
  if (typeof v === 'object' && v !== null && v.format === 'workload-studio.result') {
    if (typeof v.inputs !== 'object' || v.inputs === null) {
      return {
        ok: false,
        problems: [
          {
            line: 1,
            field: 'inputs',
            message:
              'this result file does not carry its experiment (it was written before results did, or from runs of several clusters or workloads), so it cannot be run again: use the experiment file it was run from',
          },
        ],
      };
    }
    const inner = experimentProblems(v.inputs).map((p) => withOwnSchedulerHint({ ...p, field: p.field ? `inputs.${p.field}` : 'inputs' }, howToLoad));
    if (inner.length) return { ok: false, problems: withLines(text, inner) };
    // It ran with the former default of any setting it lacks (FORMER_DEFAULTS): it reruns as it ran.
    const inputs = v.inputs as Record<string, unknown>;
    return { ok: true, experiment: ExperimentSchema.parse({ ...inputs, simulation: withFormerDefaults(inputs.simulation) }) };
  }
  const problems = experimentProblems(json.value).map((p) => withOwnSchedulerHint(p, howToLoad));
  if (problems.length) return { ok: false, problems: withLines(text, problems) };
  return { ok: true, experiment: ExperimentSchema.parse(json.value) };
}

/** What importing an experiment file would add, shown before the user confirms. */
export interface ExperimentImportPreview {
  fileName: string;
  name: string;
  description: string;
  cluster?: { name: string; nodes: number; cores: number };
  workload?: { name: string; jobs: number; generated: number };
  schedulers: string[];
  seeds: number[];
  runs: number;
  /** The first problems (at most MAX_PREVIEW_PROBLEMS); `problemCount` counts them all. */
  problems: TraceProblem[];
  problemCount: number;
}

export const MAX_PREVIEW_PROBLEMS = 100;
