import type { BatchInputs, BatchSummary, RunPlan, RunProgressEvent } from '@shared/experiment/design';
import { checkInputs, planBatch, resolveRun } from '../runner/matrix';
import { RunPool, type RunProgress, type SimulationPool } from '../runner/runPool';
import type { Store } from '../store/database';
import { storedResult, type RunOutcome } from '../runner/runTask';
import { batchesRepo } from '../store/batchesRepo';
import { profilesRepo } from '../store/profilesRepo';
import { WorkloadError } from '../workloads/compile';
import type { EventBus } from './eventBus';
import { ServiceError } from './serviceError';

interface Live {
  abort: AbortController;
  done: Promise<void>;
}

/**
 * Executes batches in the background: the call that starts one returns as soon as the batch is
 * stored, and its runs then go through the run pool (worker threads), each reporting progress as
 * a push event and saved the moment it ends. Cancelling ends the threads; finished runs stay.
 */
export class ExperimentRunner {
  private readonly live = new Map<string, Live>();

  constructor(
    private readonly store: Store,
    private readonly events: EventBus,
    private readonly makePool: () => SimulationPool = () => new RunPool(),
  ) {}

  get running(): string[] {
    return [...this.live.keys()];
  }

  /** `allowLarge`: the user asked for a batch the estimate counts as large (queue workers then take its runs). */
  async start(name: string, experimentId: string | null, inputs: BatchInputs, tags: string[] = [], allowLarge = false): Promise<BatchSummary> {
    try {
      checkInputs(inputs);
    } catch (err) {
      if (err instanceof WorkloadError) throw new ServiceError('invalid_request', `workload ${err.message}`, err.field);
      throw err;
    }
    const batches = batchesRepo(this.store);
    const plan = planBatch(inputs);
    const batch = await batches.create(name, experimentId, inputs, plan, tags);
    this.events.emit('store:changed', { domain: 'batches', ids: [batch.id] });

    const abort = new AbortController();
    const startedAt: number[] = [];
    const progress = (run: number, status: RunProgressEvent['status'], p?: Pick<RunProgress, 'simTime' | 'events' | 'jobsDone' | 'jobsTotal'> & Partial<Pick<RunProgress, 'live'>>, error?: string) => {
      const started = startedAt.at(run);
      const elapsed = started === undefined ? 0 : (performance.now() - started) / 1000;
      const share = p && p.jobsTotal > 0 ? p.jobsDone / p.jobsTotal : 0;
      this.events.emit('experiments:progress', {
        batchId: batch.id,
        run,
        status,
        simTime: p?.simTime ?? 0,
        events: p?.events ?? 0,
        // A rate or an ETA from the first instants of a run says nothing ("346,290,689 events/s, ETA 0.1 s"): wait for a second of it.
        eventsPerSecond: p && elapsed >= 1 ? Math.round(p.events / elapsed) : 0,
        jobsDone: p?.jobsDone ?? 0,
        jobsTotal: p?.jobsTotal ?? 0,
        etaS: status === 'running' && elapsed >= 2 && share > 0.02 && share < 1 ? Number(((elapsed * (1 - share)) / share).toFixed(1)) : null,
        ...(p?.live ? { live: { cpu: p.live.cpu, running: p.live.runningMaps + p.live.runningShuffles + p.live.runningReduces, pending: p.live.pendingTasks } } : {}),
        ...(error ? { error } : {}),
      });
    };

    const done = (async () => {
      const pool = this.makePool();
      let failed = 0;
      try {
        const { cancelled } = await pool.runAll(
          plan.map((p) => resolveRun(inputs, p)),
          { withAttempts: inputs.simulation.recordAttempts, signal: abort.signal, allowLarge },
          {
            onStart: (i) => {
              startedAt[i] = performance.now();
              progress(i, 'running');
            },
            onProgress: (i, p) => progress(i, 'running', p),
            onDone: async (i, o) => {
              // Writing a large run takes seconds: say so rather than leave it "running" at its last ETA.
              progress(i, 'saving', { simTime: o.summary.simulatedSeconds, events: o.summary.events, jobsDone: o.summary.succeeded + o.summary.failed, jobsTotal: o.summary.jobs });
              try {
                await this.saveRun(batch.id, i, inputs, plan, o);
              } catch (err) {
                // The run fails with the reason (onError records it) and the batch goes on.
                throw new Error(`the run finished but could not be saved: ${err instanceof Error ? err.message : String(err)}`);
              }
              progress(i, o.cancelled ? 'cancelled' : 'finished', { simTime: o.summary.simulatedSeconds, events: o.summary.events, jobsDone: o.summary.succeeded + o.summary.failed, jobsTotal: o.summary.jobs });
            },
            onError: async (i, err) => {
              failed++;
              await batches.failRun(batch.id, i, err.message);
              progress(i, 'failed', undefined, err.message);
            },
          },
        );
        await batches.finish(batch.id, cancelled ? 'cancelled' : failed === plan.length ? 'failed' : 'finished');
      } catch (err) {
        await batches.finish(batch.id, 'failed').catch(() => undefined);
        throw err;
      } finally {
        await pool.close();
        this.live.delete(batch.id);
        this.events.emit('store:changed', { domain: 'batches', ids: [batch.id] });
      }
    })();
    this.live.set(batch.id, { abort, done: done.catch((err) => console.error(`[batch ${batch.id}] stopped`, err)) });
    return batch;
  }

  /** One finished run into its batch: its row and columns, and what it teaches the measured profiles. */
  private async saveRun(batchId: string, i: number, inputs: BatchInputs, plan: RunPlan[], o: RunOutcome): Promise<void> {
    // Both writes are queued together, so they share one turn of the lock and one save.
    await Promise.all([
      batchesRepo(this.store).finishRun(batchId, i, storedResult(o, inputs.schedulers[plan[i].scheduler].kind), o.blob, o.cancelled),
      // Every finished run refines the measured profiles of its templates; a cut-short one does not.
      o.cancelled ? undefined : profilesRepo(this.store).addRun(o.profiles, o.aria),
    ]);
  }

  /**
   * A batch that ran outside the studio's pool (the CLI's `run --save`), saved exactly as the
   * studio saves its own: the batch, every run in plan order, the profiles it teaches, its end.
   */
  async record(name: string, inputs: BatchInputs, outcomes: RunOutcome[], experimentId: string | null = null): Promise<BatchSummary> {
    const batches = batchesRepo(this.store);
    const plan = planBatch(inputs);
    const batch = await batches.create(name, experimentId, inputs, plan);
    // Every run and the batch's end in one save: queued in one go, they share one turn of the lock.
    const saved = outcomes.map((o, i) => this.saveRun(batch.id, i, inputs, plan, o));
    await Promise.all([...saved, batches.finish(batch.id, 'finished')]);
    this.events.emit('store:changed', { domain: 'batches', ids: [batch.id] });
    return batch;
  }

  /** Stop a running batch; resolves once its threads are gone and it is closed as cancelled. */
  async cancel(batchId: string): Promise<boolean> {
    const live = this.live.get(batchId);
    if (!live) return false;
    live.abort.abort();
    await live.done;
    return true;
  }

  /** Wait for a batch to end (tests, and the CLI when it serves). */
  async settled(batchId: string): Promise<void> {
    await this.live.get(batchId)?.done;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.live.keys()].map((id) => this.cancel(id)));
  }
}
