import { plural } from '@shared/plural';
import { stoppedRunWords } from '@shared/results/stopReasons';
import { runNodeLossText } from '@shared/results/nodeLosses';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { availableParallelism } from 'node:os';
import type { ResultFile } from '@shared/experiment/experiment';
import { resultFileChunks } from '@shared/results/resultFile';
import { workRatios } from '@shared/results/workCount';
import { METRICS } from '@shared/results/metrics';
import { batchEstimate } from '../runner/batchEstimate';
import { batchCardProblems } from '../runner/cardProblems';
import { checkOutFile } from './outPaths';
import { schedulerLabel } from '@shared/schedulers';
import { ExperimentFileError, loadExperiment } from '../runner/loadExperiment';
import { describeEstimate } from '@shared/experiment/runEstimate';
import { experimentInputs, experimentParts, RunFailedError, runExperiment, type RunProgress } from '../runner/runExperiment';
import { experimentFiles } from '../services/experimentFiles';
import { WorkloadError } from '../workloads/compile';
import { BatchInputError } from '../runner/matrix';
import { CliUsageError, table, type CliIo } from './output';
import { QueueUnreachableError, RemotePool } from '../runner/remote/remotePool';
import { planBatch } from '@shared/experiment/batchPlan';
import { queueOf } from './workerCommand';
import type { Services } from '../services';
import type { BatchSummary } from '@shared/experiment/design';
import type { PlannedBatch } from '../runner/runBatch';
import { storeSink } from '../runner/storeSink';
import { loadedPlugins, PluginFileError } from '../runner/pluginFile';
import { loadExperimentPlugins } from '../runner/pluginRefs';
import type { PluginRef } from '@shared/experiment/experiment';
import { batchStamp } from '@shared/experiment/batchStamp';

export const runHelp = `workload-studio run <experiment.json | result.json> [--out result.json] [--save [--attempts] --data-dir DIR] [--timing] [--threads N | --queue URL] [--allow-large] [--scheduler FILE]… [--embed-plugins]

  Runs every scheduler × seed of the experiment (docs/experiment.schema.json) and writes the
  result (docs/result.schema.json) to --out, or to stdout. The same experiment gives a
  byte-identical result every time. A summary table goes to stderr. A card that could run
  nothing on the cluster (a FAWKES card without MR-clusters, a YARN card whose containers fit on
  no node) is refused before anything runs, as the app's designer refuses it. Given a result
  file, it reruns the experiment the result recorded (its "inputs"), to the same bytes.

  --save       also keep the experiment in the studio: its cluster, workload and design appear
               in Experiments (the same file saved again adds to that design's history), its
               runs in Run history (time series as compressed columns); --attempts adds every
               task attempt (node, phases, locality, reason)
  --threads N  runs simulated at once, one per worker thread (default: one per core; the
               app keeps one core free). The result is the same whatever N is.
  --queue URL  send the runs to the workers of a queue in Redis instead (workload-studio worker
               --help; redis://HOST:PORT[/DB][?queue=NAME]); the result is the same byte for byte
  --allow-large  run a batch the studio estimates as large (a run needing more than 3 GB, or a
               batch over an hour on a machine like the studio's build machine); without it such
               a batch is refused with the estimate
  --scheduler FILE  load a scheduler of your own from FILE (an ES module, docs/plugins.md;
               \`workload-studio scheduler new NAME\` writes one to start from); the experiment
               names it by its kind. Repeat for several. A plug-in is code that runs with your
               rights. With --queue the file goes with the runs, and workers run it only when
               started with --allow-plugins.
  --embed-plugins  put each scheduler file's text in the result beside its hash, so the result
               file alone reruns it (a rerun uses the text, checked against the hash)
  --timing     add wall time and scheduler time per call to each run (not reproducible), and
               print each run's work counts: events per task, jobs looked at, order
               comparisons and attempts scanned per heartbeat, full sorts, hosts re-rated
               per event (docs/architecture.md "Work counters")
`;

export async function runCommand(
  args: string[],
  flags: Record<string, string | boolean | undefined>,
  io: CliIo,
  openServices: () => Promise<Services>,
  pluginFiles: readonly string[] = [],
): Promise<number> {
  const file = args[0];
  if (!file) throw new CliUsageError(`run needs an experiment file\n\n${runHelp}`);
  const threads = threadsFlag(flags.threads);
  const queue = queueOf(flags.queue);
  if (queue && flags.threads !== undefined)
    throw new CliUsageError('give --threads or --queue, not both: with a queue the workers decide how many runs go at once');
  let plugins: PluginRef[];
  try {
    plugins = await loadExperimentPlugins(file, pluginFiles, flags['embed-plugins'] === true);
  } catch (err) {
    if (err instanceof PluginFileError) throw new CliUsageError(err.message);
    throw err;
  }
  if (queue && plugins.length) io.err("the scheduler files go with the runs: the queue's workers run them only when started with --allow-plugins\n");
  for (const p of loadedPlugins()) io.err(`loaded scheduler "${p.kind}" (${p.title}) from ${p.file}, sha256 ${p.sha256.slice(0, 12)}…\n`);
  let loaded;
  try {
    loaded = loadExperiment(file);
  } catch (err) {
    if (err instanceof ExperimentFileError) {
      io.err(`error: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  // Where the result goes is checked before the runs, which may take hours.
  checkOutFile(flags.out, 'result.json');
  // The result records each scheduler file with the hash it ran with, so a rerun with another refuses.
  if (plugins.length) loaded.experiment.plugins = plugins;
  // A batch of hours, or runs past what a thread may take, goes only when asked for.
  // The batch's inputs and plan, built once: the estimate, the studio's batch and the messages read them.
  const inputs = experimentInputs(loaded);
  const runs = planBatch(inputs).length;
  const estimate = batchEstimate(inputs, queue ? null : threads);
  if (estimate.large.length > 0 && flags['allow-large'] !== true) {
    io.err(`error: a large batch: ${estimate.large.join('; ')} (${describeEstimate(estimate)}). Give --allow-large to run it anyway.\n`);
    return 2;
  }
  // What the app's designer refuses to run (a card's own check), the CLI does not run either.
  const cardProblems = batchCardProblems(inputs);
  if (cardProblems.length > 0) {
    const lines = cardProblems.map((p) => `  ${schedulerLabel(inputs.schedulers[p.card])}: ${p.message}`);
    io.err(`error: ${file} cannot run as it is:\n${lines.join('\n')}\n`);
    return 2;
  }
  let result;
  let stopped = false;
  // Ctrl+C stops the batch: finished runs are kept (written to --out), the rest are left out.
  const interrupt = new AbortController();
  const onInterrupt = () => {
    io.err('\nstopping: the runs that finished are kept; the others are stopped or taken off the queue\n');
    interrupt.abort();
  };
  process.once('SIGINT', onInterrupt);
  // With --save the batch goes into the studio as the app's do: its design adopted first, then
  // each run saved the moment it ends (the store's sink beside the result file's).
  let saving: { services: Services; design: { id: string; name: string }; batch: BatchSummary } | undefined;
  try {
    if (flags.save) {
      const services = await openServices();
      const design = await experimentFiles(services.store, services.events).adopt(experimentParts(loaded));
      const when = batchStamp(services.store.now());
      saving = { services, design, batch: await services.runner.recordBatch(`${design.name} — ${when}`, design.id, inputs) };
    }
    const store = saving;
    // Progress is for a person watching a terminal; logs and pipes get only the summary.
    const progress = process.stderr.isTTY
      ? (p: RunProgress) =>
          io.err(`\r  run ${p.run}/${p.runs} ${p.scheduler} seed ${p.seed}: ${Math.round(p.simTime)} s simulated, ${p.events.toLocaleString('en-US')} events`)
      : undefined;
    if (queue) io.err(`sending the runs to ${queue.display}\n`);
    const ran = await runExperiment(loaded, {
      onProgress: progress,
      timing: flags.timing === true,
      withAttempts: flags.attempts === true,
      threads,
      signal: interrupt.signal,
      allowLarge: flags['allow-large'] === true,
      ...(queue ? { pool: new RemotePool(queue, (line) => io.err(`${line}\n`)) } : {}),
      ...(store ? { also: (planned: PlannedBatch) => storeSink(store.services.store, store.batch.id, planned) } : {}),
    });
    result = ran.result;
    stopped = ran.cancelled;
    if (saving) {
      const runs = plural(ran.outcomes.length, 'run');
      const what = stopped ? `the ${runs} that finished before the stop` : runs;
      io.err(`saved experiment "${saving.design.name}" with ${what} ("${saving.batch.name}") in ${saving.services.store.file}\n`);
    }
  } catch (err) {
    if (err instanceof RunFailedError) {
      io.err(`error: ${err.message}\n`);
      // The runs that finished are kept, as after a Ctrl+C: a lost queue costs only what it lost.
      if (err.partial && err.partial.runs.length > 0) {
        writeResult(err.partial, flags.out, io, file);
        io.err(
          `${err.partial.runs.length} of ${runs} runs finished and are in the result${typeof flags.out === 'string' ? ` (${flags.out})` : ''}${saving ? `; they are saved in the studio ("${saving.batch.name}"), the failed ones marked with the reason` : ''}\n`,
        );
      } else if (saving) io.err(`no run finished; the studio keeps the batch ("${saving.batch.name}") with each failure's reason\n`);
      return 1;
    }
    if (err instanceof WorkloadError) {
      io.err(`error: workload ${err.message}\n`);
      return 1;
    }
    if (err instanceof BatchInputError || err instanceof QueueUnreachableError) {
      io.err(`error: ${err.message}\n`);
      if (saving) io.err(`the studio keeps the batch ("${saving.batch.name}") with the reason on each run\n`);
      return 1;
    }
    throw err;
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    await saving?.services.close();
  }
  writeResult(result, flags.out, io, file);
  io.err(
    `\n${table(
      ['SCHEDULER', 'SEED', 'JOBS OK', 'MAKESPAN S', 'MEAN JCT S', 'P95 JCT S', 'CPU %', 'NODE-LOCAL %', 'UNFAIRNESS'],
      result.runs.map((r) => [
        r.scheduler,
        r.seed,
        r.summary.succeeded,
        rounded(r.summary, 'makespan'),
        rounded(r.summary, 'meanJct'),
        rounded(r.summary, 'p95Jct'),
        Math.round(r.summary.utilization.cpu * 100),
        // The app's share of launched maps, not the count: with retries and copies the count outgrows the maps.
        nodeLocal(r.summary),
        rounded(r.summary, 'unfairness', 3),
      ]),
    )}`,
  );
  // A run a stop rule ended says so: its unfinished jobs are the rule's doing, not the scheduler's speed.
  for (const r of result.runs) if (r.summary.stopped) io.err(`note: ${stoppedRunWords(r.scheduler, r.seed, r.summary)}\n`);
  // A lost node is part of why a run took longer: which one, when, and what it made run again.
  for (const r of result.runs) if (r.summary.nodeLosses) io.err(`note: ${runNodeLossText(r.scheduler, r.seed, r.summary.nodeLosses)}\n`);
  if (flags.timing === true) io.err(`\n${workTable(result.runs)}`);
  if (typeof flags.out === 'string') io.err(`wrote ${flags.out}\n`);
  if (stopped) {
    io.err(`stopped: ${result.runs.length} of ${runs} runs finished and are in the result\n`);
    // As a shell reports a program ended by Ctrl+C.
    return 130;
  }
  return 0;
}

const NODE_LOCAL = METRICS.find((m) => m.key === 'nodeLocal')!;
const nodeLocal = (s: ResultFile['runs'][number]['summary']) => rounded(s, NODE_LOCAL.key);

/** A metric as the app shows it (METRICS), rounded; '—' where it has no value (no job succeeded, no map launched). */
function rounded(s: ResultFile['runs'][number]['summary'], key: string, digits = 0): number | string {
  const v = METRICS.find((m) => m.key === key)!.get(s);
  return v === null ? '—' : Number(v.toFixed(digits));
}

/** The `--timing` table: wall time and the work counts that should not grow with the queue. */
function workTable(runs: ResultFile['runs']): string {
  const f = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(2));
  return table(
    ['SCHEDULER', 'SEED', 'WALL S', 'EVENTS/TASK', 'JOBS/BEAT', 'COMPARISONS/BEAT', 'ATTEMPTS/BEAT', 'FULL SORTS', 'RE-RATED/EVENT'],
    runs.map((r) => {
      const t = r.timing;
      if (!t?.work) return [r.scheduler, r.seed, t ? t.wallSeconds.toFixed(2) : '', '', '', '', '', '', ''];
      const w = workRatios(t.work);
      return [
        r.scheduler,
        r.seed,
        t.wallSeconds.toFixed(2),
        f(w.eventsPerTask),
        f(w.jobsPerHeartbeat),
        f(w.comparisonsPerHeartbeat),
        f(w.attemptsPerHeartbeat),
        t.work.orderSorts.toLocaleString('en-US'),
        f(w.reratedPerEvent),
      ];
    }),
  );
}

/**
 * `--threads`: how many runs go at once. A terminal run has the machine to itself, so by default
 * every core simulates (the app, which must stay responsive, keeps one free).
 */
function threadsFlag(value: string | boolean | undefined): number {
  if (value === undefined) return availableParallelism();
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new CliUsageError(`--threads: "${String(value)}" is not a whole number of threads from 1 to 256`);
  return n;
}

/**
 * The result to --out, or to stdout; in chunks: a result of a million jobs over several runs is
 * more text than one string may hold. In a file, the scheduler files it lists are named from the
 * result's own folder, where `run RESULT.json` and `why` look for them.
 */
function writeResult(result: ResultFile, out: string | boolean | undefined, io: CliIo, experimentFile: string): void {
  if (typeof out !== 'string') {
    for (const chunk of resultFileChunks(result)) io.out(chunk);
    return;
  }
  const from = path.dirname(path.resolve(experimentFile));
  const to = path.dirname(path.resolve(out));
  const listed = result.inputs?.plugins;
  const placed =
    listed && from !== to
      ? {
          ...result,
          inputs: { ...result.inputs!, plugins: listed.map((p) => ({ ...p, file: path.relative(to, path.resolve(from, p.file)).split(path.sep).join('/') })) },
        }
      : result;
  const fd = fs.openSync(out, 'w');
  try {
    for (const chunk of resultFileChunks(placed)) fs.writeSync(fd, chunk);
  } finally {
    fs.closeSync(fd);
  }
}
