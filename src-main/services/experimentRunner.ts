import type { BatchInputs, BatchSummary, RunProgressEvent } from '@shared/experiment/design';
import { planChecked, runBatch, type BatchSink, type PlannedBatch } from '../runner/runBatch';
import { RunPool, type RunProgress, type SimulationPool } from '../runner/runPool';
import { storeSink } from '../runner/storeSink';
import type { RunOutcome } from '../runner/runTask';
import type { Store } from '../store/database';
import { batchesRepo } from '../store/batchesRepo';
import { WorkloadError } from '../workloads/compile';
import { BatchInputError } from '../runner/matrix';
import type { EventBus } from './eventBus';
import { ServiceError } from './serviceError';

interface Live {
  abort: AbortController;
  done: Promise<void>;
  /** What the batch waits on, in words (a queue no worker listens to). */
  notice?: string;
}

/**
 * Executes batches in the background: the call that starts one returns as soon as the batch is
 * stored, and its runs then go through the one batch pipeline (runner/runBatch.ts) into the
 * store's sink, each reporting progress as a push event and saved the moment it ends. Cancelling
 * ends the threads; finished runs stay.
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

  /** What a running batch waits on, in words, if anything (shown above its runs). */
  noticeOf(batchId: string): string | undefined {
    return this.live.get(batchId)?.notice;
  }

  /** `allowLarge`: the user asked for a batch the estimate counts as large (queue workers then take its runs). */
  async start(name: string, experimentId: string | null, inputs: BatchInputs, tags: string[] = [], allowLarge = false): Promise<BatchSummary> {
    let planned: PlannedBatch;
    try {
      planned = planChecked(inputs);
    } catch (err) {
      if (err instanceof WorkloadError) throw new ServiceError('invalid_request', `workload ${err.message}`, err.field);
      if (err instanceof BatchInputError) throw new ServiceError('invalid_request', err.message, err.field);
      throw err;
    }
    const batch = await batchesRepo(this.store).create(name, experimentId, inputs, planned.plan, tags);
    this.events.emit('store:changed', { domain: 'batches', ids: [batch.id] });
    this.execute(batch.id, planned, allowLarge);
    return batch;
  }

  /**
   * Run what an ended batch has not finished (cancelled, interrupted or failed runs) into the same
   * batch, so its comparison is whole; its finished runs are kept as they are, never run again.
   */
  async resume(batchId: string): Promise<BatchSummary> {
    const repo = batchesRepo(this.store);
    const { inputs, plan } = repo.get(batchId);
    const left = await repo.reopen(batchId);
    this.events.emit('store:changed', { domain: 'batches', ids: [batchId] });
    // A large batch was allowed when it was first run; the runs left are a part of it.
    this.execute(batchId, { inputs, plan }, true, left);
    return repo.list().find((b) => b.id === batchId)!;
  }

  private execute(batchId: string, planned: PlannedBatch, allowLarge: boolean, only?: readonly number[]): void {
    const { inputs } = planned;
    const batch = { id: batchId };
    const abort = new AbortController();
    const startedAt: number[] = [];
    const progress = (
      run: number,
      status: RunProgressEvent['status'],
      p?: Pick<RunProgress, 'simTime' | 'events' | 'jobsDone' | 'jobsTotal'> & Partial<Pick<RunProgress, 'live' | 'samples'>>,
      error?: string,
    ) => {
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
        ...(p?.live
          ? { live: { cpu: p.live.cpu, running: p.live.runningMaps + p.live.runningShuffles + p.live.runningReduces, pending: p.live.pendingTasks } }
          : {}),
        ...(p?.samples?.length ? { samples: p.samples } : {}),
        ...(error ? { error } : {}),
      });
    };

    const store = storeSink(this.store, batch.id, planned);
    const ended = (o: RunOutcome) => ({
      simTime: o.summary.simulatedSeconds,
      events: o.summary.events,
      jobsDone: o.summary.succeeded + o.summary.failed,
      jobsTotal: o.summary.jobs,
    });
    // The store's sink, with what the windows are told around each save.
    const sink: BatchSink = {
      runEnded: async (i, o) => {
        // Writing a large run takes seconds: say so rather than leave it "running" at its last ETA.
        progress(i, 'saving', ended(o));
        await store.runEnded(i, o);
        progress(i, o.cancelled ? 'cancelled' : 'finished', ended(o));
      },
      runFailed: async (i, err) => {
        await store.runFailed(i, err);
        progress(i, 'failed', undefined, err.message);
      },
      batchEnded: (end) => store.batchEnded(end),
    };
    const done = (async () => {
      try {
        await runBatch(planned, this.makePool(), sink, {
          withAttempts: inputs.simulation.recordAttempts,
          signal: abort.signal,
          allowLarge,
          record: true,
          ...(only ? { only } : {}),
          onStart: (i) => {
            startedAt[i] = performance.now();
            progress(i, 'running');
          },
          onProgress: (i, p) => progress(i, 'running', p),
          onNotice: (notice) => {
            const live = this.live.get(batch.id);
            if (live) live.notice = notice;
            this.events.emit('experiments:notice', { batchId: batch.id, notice: notice ?? null });
          },
        });
      } finally {
        this.live.delete(batch.id);
        this.events.emit('store:changed', { domain: 'batches', ids: [batch.id] });
      }
    })();
    this.live.set(batch.id, { abort, done: done.catch((err) => console.error(`[batch ${batch.id}] stopped`, err)) });
  }

  /**
   * A batch that runs outside the studio's own pool (the CLI's `run --save`): stored now as
   * running, its process recorded, for the caller to fill through runner/storeSink.ts.
   */
  async recordBatch(name: string, experimentId: string | null, inputs: BatchInputs): Promise<BatchSummary> {
    const { plan } = planChecked(inputs);
    const batch = await batchesRepo(this.store).create(name, experimentId, inputs, plan);
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
