import type { BatchInputs, RunPlan } from '@shared/experiment/design';
import { checkInputs, resolveRun } from './matrix';
import { planBatch } from '@shared/experiment/batchPlan';
import type { RunProgress, SimulationPool } from './runPool';
import type { RunOutcome } from './runTask';

/** How a batch ended: every run finished (some may have failed), cancelled, or every run failed. */
export type BatchEnd = 'finished' | 'cancelled' | 'failed';

/**
 * Where a batch's runs go as they end. The store saves each run the moment it ends
 * (runner/storeSink.ts); a result file keeps them in plan order (runner/resultFileSink.ts);
 * `run --save` uses both.
 */
export interface BatchSink {
  /** Run `index` ended: finished, or cut short by a cancel (`outcome.cancelled`). */
  runEnded(index: number, outcome: RunOutcome): void | Promise<void>;
  /** Run `index` failed: in the engine, on a worker, lost on a queue, or its saving refused. */
  runFailed(index: number, error: Error): void | Promise<void>;
  /** Every run has ended. */
  batchEnded(end: BatchEnd): void | Promise<void>;
}

/** Several sinks as one, each told everything in turn. */
export function bothSinks(...sinks: BatchSink[]): BatchSink {
  return {
    async runEnded(index, outcome) {
      for (const s of sinks) await s.runEnded(index, outcome);
    },
    async runFailed(index, error) {
      for (const s of sinks) await s.runFailed(index, error);
    },
    async batchEnded(end) {
      for (const s of sinks) await s.batchEnded(end);
    },
  };
}

/** A batch's inputs, checked, and its plan: what a sink is made for before the batch runs. */
export interface PlannedBatch {
  inputs: BatchInputs;
  plan: RunPlan[];
}

/** Check a batch's inputs (a workload that does not compile throws WorkloadError, naming the field) and plan its runs. */
export function planChecked(inputs: BatchInputs): PlannedBatch {
  checkInputs(inputs);
  return { inputs, plan: planBatch(inputs) };
}

export interface RunBatchOptions {
  withAttempts: boolean;
  timing?: boolean;
  /** Cancels the batch: waiting runs never start, running ones stop and hand back what they have. */
  signal?: AbortSignal;
  /** The user allowed a batch the estimate counts as large (queue workers then take its runs). */
  allowLarge?: boolean;
  /** The runs are saved: their records are built where they ran (RunAllOptions.record). */
  record?: boolean;
  progressMs?: number;
  /** Plan indices to run (resuming a batch: the runs it has not finished); absent, the whole plan. Callbacks get plan indices. */
  only?: readonly number[];
  onStart?(index: number): void;
  onProgress?(index: number, progress: RunProgress): void;
  onNotice?(notice: string | undefined): void;
}

/**
 * The one road from Run to result, for the app, serve, the CLI and a queue's workers alike: every
 * run of a planned batch through a pool (this machine's threads, or a queue), each run handed to
 * the sink as it ends, in turn, and the batch's end said once. A run that fails (or whose saving
 * fails) fails alone; the pool is closed whatever happens.
 */
export async function runBatch(
  batch: PlannedBatch,
  pool: SimulationPool,
  sink: BatchSink,
  options: RunBatchOptions,
): Promise<{ end: BatchEnd; failed: number }> {
  const { inputs, plan } = batch;
  const indices = options.only ?? plan.map((p) => p.index);
  // The pool counts its runs from 0; the sink and the callbacks speak of the plan's runs.
  const at = (k: number) => indices[k];
  let failed = 0;
  const ended = new Set<number>();
  try {
    const { cancelled } = await pool.runAll(
      indices.map((i) =>
        resolveRun(
          inputs,
          plan.find((p) => p.index === i)!,
        ),
      ),
      {
        withAttempts: options.withAttempts,
        timing: options.timing,
        allowLarge: options.allowLarge,
        ...(options.record ? { record: true } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.progressMs ? { progressMs: options.progressMs } : {}),
      },
      {
        onStart: options.onStart && ((k) => options.onStart!(at(k))),
        onProgress: options.onProgress && ((k, p) => options.onProgress!(at(k), p)),
        ...(options.onNotice ? { onNotice: options.onNotice } : {}),
        onDone: (k, outcome) => {
          ended.add(k);
          return sink.runEnded(at(k), outcome);
        },
        onError: async (k, error) => {
          ended.add(k);
          failed++;
          await sink.runFailed(at(k), error);
        },
      },
    );
    const end: BatchEnd = cancelled ? 'cancelled' : failed === indices.length && indices.length > 0 ? 'failed' : 'finished';
    await sink.batchEnded(end);
    return { end, failed };
  } catch (err) {
    // The pool itself gave up (a queue out of reach): every run it did not end fails with its reason,
    // so the batch says why rather than listing them as never started.
    const why = err instanceof Error ? err : new Error(String(err));
    for (let k = 0; k < indices.length; k++) if (!ended.has(k)) await Promise.resolve(sink.runFailed(at(k), why)).catch(() => undefined);
    await Promise.resolve(sink.batchEnded('failed')).catch(() => undefined);
    throw err;
  } finally {
    await pool.close();
  }
}
