import { withDeadlines } from '@shared/workload/workload';
import * as path from 'node:path';
import { ClusterSpecSchema, type ClusterSpec } from '@shared/cluster/cluster';
import { parseClusterFile } from '@shared/cluster/clusterFile';
import { ExperimentSchema, type Experiment } from '@shared/experiment/experiment';
import { experimentProblems, MAX_EXPERIMENT_FILE_BYTES, withOwnSchedulerHint } from '@shared/experiment/experimentFile';
import { parseJsonText, withLines } from '@shared/files/jsonText';
import { problemsOf, type FieldProblem } from '@shared/api/validation';
import { problemsInWords } from '@shared/api/fieldLabels';
import { WorkloadSpecSchema, type WorkloadSpec } from '@shared/workload/workload';
import { parseRumen } from '../workloads/traces/rumen';
import { parseSls } from '../workloads/traces/sls';
import { parseSwim } from '../workloads/traces/swim';
import { readUserFile, UserFileError } from '../files/readUserFile';

export class ExperimentFileError extends Error {}

export interface LoadedExperiment {
  experiment: Experiment;
  cluster: ClusterSpec;
  workload: WorkloadSpec;
}

/** A trace file an experiment names may be a whole day of a production cluster. */
const MAX_TRACE_FILE_BYTES = 512 * 1024 * 1024;

/** Read with its size checked first: a file past `maxBytes` is refused before it is read or parsed. */
function readText(file: string, what: string, maxBytes = MAX_EXPERIMENT_FILE_BYTES): string {
  try {
    return readUserFile(file, what, maxBytes);
  } catch (err) {
    if (err instanceof UserFileError) throw new ExperimentFileError(err.message);
    throw err;
  }
}

/**
 * A file's problems one per line, as the app's import dialogs list them: the line the field is on
 * and the field in words, lists counted from 1 ("line 9, scheduler 2 › map slots: …").
 */
function problemsMessage(text: string, problems: FieldProblem[]): string {
  const shown = withLines(text, problems.slice(0, 10)).map((p) => `  ${problemsInWords([p])}`);
  const more = problems.length > 10 ? `\n  and ${problems.length - 10} more` : '';
  return `${shown.join('\n')}${more}`;
}

/**
 * The experiment a file holds, and where it sits in the file: the file itself, or a result file's
 * `inputs` (the experiment as it ran, cluster and workload inlined), so that `run RESULT.json`
 * reruns a result. A result written before results carried their experiment cannot be: said so.
 */
function experimentIn(value: unknown, file: string): { value: unknown; at: string } {
  const format = typeof value === 'object' && value !== null ? (value as { format?: unknown }).format : undefined;
  if (format !== 'workload-studio.result') return { value, at: '' };
  const inputs = (value as { inputs?: unknown }).inputs;
  if (inputs === undefined)
    throw new ExperimentFileError(
      `${file} is a result written before results carried the experiment they ran, so it cannot be rerun: run the experiment file it came from`,
    );
  return { value: inputs, at: 'inputs' };
}

/** Read an experiment file (or a result file, to rerun its experiment) and everything it refers to; every problem names its file and field. */
export function loadExperiment(file: string): LoadedExperiment {
  const dir = path.dirname(path.resolve(file));
  const text = readText(file, 'experiment');
  const json = parseJsonText(text, file);
  if (!json.ok) throw new ExperimentFileError(json.message);
  const { value, at } = experimentIn(json.value, file);
  const problems = experimentProblems(value).map((p) => ({
    ...withOwnSchedulerHint(p, 'loaded with --scheduler FILE or listed under "plugins"'),
    field: at && p.field ? `${at}.${p.field}` : at || p.field,
  }));
  if (problems.length) throw new ExperimentFileError(`${file} is not a valid experiment:\n${problemsMessage(text, problems)}`);
  const experiment = ExperimentSchema.parse(value);

  let cluster: ClusterSpec;
  if ('file' in experiment.cluster) {
    const clusterFile = path.resolve(dir, experiment.cluster.file);
    const clusterText = readText(clusterFile, 'cluster.file');
    const c = parseClusterFile(clusterText);
    if (!c.ok) throw new ExperimentFileError(`cluster.file ${clusterFile} is not a valid cluster:\n${problemsMessage(clusterText, c.problems)}`);
    cluster = c.spec;
  } else {
    cluster = ClusterSpecSchema.parse(experiment.cluster);
  }

  let workload: WorkloadSpec;
  const w = experiment.workload;
  if ('trace' in w) {
    const traceFile = path.resolve(dir, w.trace.file);
    const text = readText(traceFile, 'workload.trace.file', MAX_TRACE_FILE_BYTES);
    const imported =
      w.trace.format === 'swim'
        ? parseSwim(text, cluster.hdfs.blockSizeMb, w.trace.limit)
        : w.trace.format === 'sls'
          ? parseSls(text, w.trace.limit)
          : parseRumen(text, w.trace.limit);
    if (imported.problems.length) {
      const lines = imported.problems.slice(0, 10).map((p) => `  line ${p.line}, ${p.field}: ${p.message}`);
      throw new ExperimentFileError(
        `workload.trace.file ${traceFile} has ${imported.problemCount} problem(s):\n${lines.join('\n')}${imported.problemCount > 10 ? `\n  and ${imported.problemCount - 10} more` : ''}`,
      );
    }
    if (imported.jobs.length === 0) throw new ExperimentFileError(`workload.trace.file ${traceFile} holds no jobs`);
    workload = {
      name: path.basename(traceFile),
      description: `${w.trace.format} trace`,
      jobs: withDeadlines(imported.jobs, w.trace.deadlines ?? { kind: 'keep' }),
    };
  } else if ('file' in w) {
    const workloadFile = path.resolve(dir, w.file);
    const workloadText = readText(workloadFile, 'workload.file', MAX_TRACE_FILE_BYTES);
    const wj = parseJsonText(workloadText, workloadFile);
    if (!wj.ok) throw new ExperimentFileError(wj.message);
    const ws = WorkloadSpecSchema.safeParse(wj.value);
    if (!ws.success)
      throw new ExperimentFileError(`workload.file ${workloadFile} is not a valid workload:\n${problemsMessage(workloadText, problemsOf(ws.error))}`);
    workload = ws.data;
  } else {
    workload = w;
  }
  return { experiment, cluster, workload };
}
