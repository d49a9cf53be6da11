import type { BatchInputs } from '@shared/experiment/design';
import { experimentFileText, type ExperimentFileParts } from '@shared/experiment/experimentFile';
import { ExperimentSchema, type ResultFile } from '@shared/experiment/experiment';
import type { LoadedExperiment } from './loadExperiment';
import { checkInputs, planBatch, resolveRun } from './matrix';
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
  return { clusters: [{ name: cluster.name, spec: cluster }], workloads: [{ name: workload.name, spec: workload }], schedulers: experiment.schedulers, seeds: experiment.seeds, simulation: experiment.simulation, ...(experiment.sweep ? { sweep: experiment.sweep } : {}) };
}

/** The experiment as the studio keeps a design: its cluster and workload resolved and inlined. */
export function experimentParts(loaded: LoadedExperiment): ExperimentFileParts {
  const { experiment: e, cluster, workload } = loaded;
  return { name: e.name, description: e.description, cluster, workload, schedulers: e.schedulers, seeds: e.seeds, simulation: e.simulation, ...(e.sweep ? { sweep: e.sweep } : {}) };
}

/**
 * Every scheduler × seed of an experiment file through the run pool (the app's runner), into the
 * result file's shape. Runs may finish in any order; the file lists them in plan order, so the
 * output is the same byte for byte whatever the number of threads.
 */
export async function runExperiment(loaded: LoadedExperiment, options: RunOptions = {}): Promise<{ result: ResultFile; outcomes: RunOutcome[]; cancelled: boolean }> {
  const inputs = experimentInputs(loaded);
  checkInputs(inputs);
  const plan = planBatch(inputs);
  const outcomes: (RunOutcome | undefined)[] = [];
  const errors: string[] = [];
  const pool = options.pool ?? new RunPool(options.threads === undefined ? {} : { threads: options.threads });
  try {
    await pool.runAll(
      plan.map((p) => resolveRun(inputs, p)),
      { withAttempts: Boolean(options.withAttempts), timing: options.timing, allowLarge: Boolean(options.allowLarge), ...(options.signal ? { signal: options.signal } : {}) },
      {
        onProgress: (i, p) => options.onProgress?.({ run: i + 1, runs: plan.length, scheduler: plan[i].label, seed: plan[i].seed, simTime: p.simTime, events: p.events }),
        onDone: (i, outcome) => void (outcomes[i] = outcome),
        onError: (i, err) => void errors.push(`run ${i + 1} (${plan[i].label}, seed ${plan[i].seed}): ${err.message}`),
      },
    );
  } finally {
    await pool.close();
  }
  const cancelled = Boolean(options.signal?.aborted);
  // A stopped batch keeps the runs that finished; one cut short or never started is left out.
  const kept = plan.flatMap((p, i) => {
    const o = outcomes[i];
    return o && !o.cancelled ? [{ p, o }] : [];
  });
  const runs: ResultFile['runs'] = kept.map(({ p, o }) => {
    return {
      scheduler: p.label,
      kind: inputs.schedulers[p.scheduler].kind,
      seed: p.seed,
      summary: o.summary,
      ...(o.wallSeconds !== undefined ? { timing: { wallSeconds: o.wallSeconds, schedulerCalls: o.schedulerCalls, schedulerMsPerCall: o.schedulerMsPerCall ?? 0, work: o.work } } : {}),
      profiles: o.profiles,
      aria: o.aria,
      ...(o.mrClusters ? { mrClusters: o.mrClusters } : {}),
      jobs: o.jobs,
    };
  });
  const asRun = ExperimentSchema.parse(JSON.parse(experimentFileText(experimentParts(loaded))));
  const result: ResultFile = { format: 'workload-studio.result', version: 1, experiment: loaded.experiment.name, inputs: asRun, runs };
  if (errors.length) throw new RunFailedError(errors.join('\n'), result);
  return { result, outcomes: kept.map(({ o }) => o), cancelled };
}
