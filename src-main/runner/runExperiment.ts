import type { BatchInputs } from '@shared/experiment/design';
import type { ExperimentFileParts } from '@shared/experiment/experimentFile';
import type { ResultFile } from '@shared/experiment/experiment';
import type { LoadedExperiment } from './loadExperiment';
import { bothSinks, planChecked, runBatch, type BatchSink, type PlannedBatch } from './runBatch';
import { resultFileSink } from './resultFileSink';
import { RunPool, type SimulationPool } from './runPool';
import type { RunOutcome } from './runTask';

export interface RunProgress {
  run: number;
  runs: number;
  scheduler: string;
  seed: number;
  simTime: number;
  events: number;
}

export interface RunOptions {
  onProgress?: (p: RunProgress) => void;
  /** Measure wall time and scheduler time per call (adds `timing`; the result is then not reproducible). */
  timing?: boolean;
  /** Keep per-attempt columns in the outcomes (for `--save --attempts`). */
  withAttempts?: boolean;
  /** Worker threads; 0 runs in this thread. Default: the pool's (cores − 1). */
  threads?: number;
  /** Where the runs go instead of this machine's threads (a queue of remote workers). */
  pool?: SimulationPool;
  /** Stops the batch (Ctrl+C): runs not finished by then are left out of the result. */
  signal?: AbortSignal;
  /** The user allowed a batch the estimate counts as large (`--allow-large`). */
  allowLarge?: boolean;
  /** A second sink beside the result file, made once the batch is planned (the store, for `run --save`). */
  also?: (planned: PlannedBatch) => BatchSink;
}

/** Some runs failed (or were lost on a queue): the message names each; `partial` holds the runs that finished. */
export class RunFailedError extends Error {
  constructor(
    message: string,
    readonly partial?: ResultFile,
  ) {
    super(message);
  }
}

/** An experiment file's single cluster and workload as a batch's inputs. */
export function experimentInputs(loaded: LoadedExperiment): BatchInputs {
  const { experiment, cluster, workload } = loaded;
  return {
    clusters: [{ name: cluster.name, spec: cluster }],
    workloads: [{ name: workload.name, spec: workload }],
    schedulers: experiment.schedulers,
    seeds: experiment.seeds,
    simulation: experiment.simulation,
    ...(experiment.sweep ? { sweep: experiment.sweep } : {}),
  };
}

/** The experiment as the studio keeps a design: its cluster and workload resolved and inlined. */
export function experimentParts(loaded: LoadedExperiment): ExperimentFileParts {
  const { experiment: e, cluster, workload } = loaded;
  return {
    name: e.name,
    description: e.description,
    cluster,
    workload,
    schedulers: e.schedulers,
    seeds: e.seeds,
    simulation: e.simulation,
    ...(e.sweep ? { sweep: e.sweep } : {}),
    ...(e.plugins?.length ? { plugins: e.plugins } : {}),
  };
}

/**
 * Every scheduler × seed of an experiment file through the one batch pipeline (runBatch.ts), into
 * the result file's shape; `also` adds a sink (the store, for `run --save`). A run that fails
 * leaves the rest: the error names each, and carries the result of the runs that finished.
 */
export async function runExperiment(
  loaded: LoadedExperiment,
  options: RunOptions = {},
): Promise<{ result: ResultFile; outcomes: RunOutcome[]; cancelled: boolean }> {
  const planned = planChecked(experimentInputs(loaded));
  const file = resultFileSink(experimentParts(loaded), planned);
  const sink = options.also ? bothSinks(file, options.also(planned)) : file;
  const pool = options.pool ?? new RunPool(options.threads === undefined ? {} : { threads: options.threads });
  const { plan } = planned;
  const { end } = await runBatch(planned, pool, sink, {
    withAttempts: Boolean(options.withAttempts),
    timing: options.timing,
    allowLarge: Boolean(options.allowLarge),
    ...(options.signal ? { signal: options.signal } : {}),
    onProgress: (i, p) =>
      options.onProgress?.({ run: i + 1, runs: plan.length, scheduler: plan[i].label, seed: plan[i].seed, simTime: p.simTime, events: p.events }),
  });
  if (file.errors.length) throw new RunFailedError(file.errors.join('\n'), file.result());
  return { result: file.result(), outcomes: file.outcomes(), cancelled: end === 'cancelled' };
}
