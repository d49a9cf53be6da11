import { withDeadlines } from '@shared/workload/workload';
import * as path from 'node:path';
import { ClusterSpecSchema, type ClusterSpec } from '@shared/cluster/cluster';
import { parseClusterFile } from '@shared/cluster/clusterFile';
import type { Experiment } from '@shared/experiment/experiment';
import { CLI_LOADS_SCHEDULERS, MAX_EXPERIMENT_FILE_BYTES, readExperimentFile } from '@shared/experiment/experimentFile';
import { TRACE_FORMAT_NAMES, type TraceProblem } from '@shared/workload/imports';
import { parseJsonText, withLines } from '@shared/files/jsonText';
import { problemsOf, type FieldProblem } from '@shared/api/validation';
import { problemsInWords } from '@shared/api/fieldLabels';
import { WorkloadSpecSchema, type WorkloadSpec } from '@shared/workload/workload';
import { DETECT_HEAD_CHARS, detectTraceFormat } from '../workloads/traces/detect';
import { parseRumen } from '../workloads/traces/rumen';
import { parseSls } from '../workloads/traces/sls';
import { parseSwim } from '../workloads/traces/swim';
import { readUserFile, UserFileError } from '../files/readUserFile';

export class ExperimentFileError extends Error {}

const REPLAYED_FORMATS = ['swim', 'sls', 'rumen'] as const;

/** A trace's format read from its first lines, when the experiment names none: one of those an experiment replays. */
function replayedFormat(text: string, file: string): (typeof REPLAYED_FORMATS)[number] {
  const detected = detectTraceFormat(text.slice(0, DETECT_HEAD_CHARS));
  if (!detected.ok) throw new ExperimentFileError(`workload.trace.file ${file}: ${detected.message}`);
  const format = detected.format;
  if (format === 'swim' || format === 'sls' || format === 'rumen') return format;
  const instead = format === 'json' ? 'name it as "workload": {"file": …} instead' : 'import it with `workload-studio workloads import` instead';
  throw new ExperimentFileError(
    `workload.trace.file ${file} reads as ${TRACE_FORMAT_NAMES[format]}, not a trace an experiment replays (SWIM, SLS or Rumen): ${instead}`,
  );
}

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
  return problemsList(withLines(text, problems.slice(0, 10)), problems.length);
}

/** Problems that carry their lines already, one per line; `total` counts those not shown. */
function problemsList(problems: readonly TraceProblem[], total = problems.length): string {
  const shown = problems.slice(0, 10).map((p) => `  ${problemsInWords([p])}`);
  const more = total > 10 ? `\n  and ${total - 10} more` : '';
  return `${shown.join('\n')}${more}`;
}

/** Read an experiment file (or a result file, to rerun its experiment) and everything it refers to; every problem names its file and field. */
export function loadExperiment(file: string): LoadedExperiment {
  const dir = path.dirname(path.resolve(file));
  const text = readText(file, 'experiment');
  // A result file reruns the experiment it recorded (its inputs), as the app's import reads one.
  const read = readExperimentFile(text, file, CLI_LOADS_SCHEDULERS);
  if (!read.ok) {
    const [first] = read.problems;
    // A file that is not JSON is said as the JSON reader says it (with its line and column).
    if (read.problems.length === 1 && first.field === '') throw new ExperimentFileError(first.message);
    throw new ExperimentFileError(`${file} is not a valid experiment:\n${problemsList(read.problems)}`);
  }
  const experiment = read.experiment;

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
    const format = w.trace.format ?? replayedFormat(text, traceFile);
    if (w.trace.replay === 'times' && format !== 'rumen')
      throw new ExperimentFileError(
        `workload.trace.replay: "times" is for Hadoop Rumen traces; ${traceFile} reads as ${TRACE_FORMAT_NAMES[format]}, which has one reading`,
      );
    const imported =
      format === 'swim'
        ? parseSwim(text, cluster.hdfs.blockSizeMb, w.trace.limit)
        : format === 'sls'
          ? parseSls(text, w.trace.limit)
          : parseRumen(text, w.trace.limit, w.trace.replay);
    if (imported.problems.length) {
      const lines = imported.problems.slice(0, 10).map((p) => `  line ${p.line}, ${p.field}: ${p.message}`);
      throw new ExperimentFileError(
        `workload.trace.file ${traceFile} has ${imported.problemCount} problem(s):\n${lines.join('\n')}${imported.problemCount > 10 ? `\n  and ${imported.problemCount - 10} more` : ''}`,
      );
    }
    if (imported.jobs.length === 0) throw new ExperimentFileError(`workload.trace.file ${traceFile} holds no jobs`);
    workload = {
      name: path.basename(traceFile),
      description: `${format} trace${w.trace.replay === 'times' ? ', each task replaying its own traced time' : ''}`,
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
