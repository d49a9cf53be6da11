import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PushEvent } from '@shared/api/contract';
import type { BatchDetail, BatchSummary, DesignRecord, ExperimentDesignInput, RunProgressEvent } from '@shared/experiment/design';
import type { RunData, WhyAnswer } from '@shared/results/runData';
import type { ProfileStore } from '@shared/workload/templates';
import { RunPool } from '../../../src-main/runner/runPool';
import { experimentStudio, runToEnd } from '../../helpers/experimentStudio';
import { ok } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();

/** A studio with one small cluster and workload, and a design of `schedulers` × `seeds` on them. */
const studio = (pool: () => RunPool, design: Partial<ExperimentDesignInput> = {}) => experimentStudio(tempDir(), pool, design);

describe('experiments: the run matrix through worker threads', () => {
  it('runs clusters × workloads × schedulers × seeds; parallel threads give exactly the sequential results', async () => {
    const parallel = await studio(() => new RunPool({ threads: 2 }));
    const sequential = await studio(() => new RunPool({ threads: 0 }));
    expect(new RunPool({ threads: 2 }).inProcess).toBe(false);
    const events: RunProgressEvent[] = [];
    parallel.s.events.subscribe((e: PushEvent) => e.event === 'experiments:progress' && events.push(e.payload as RunProgressEvent));
    const a = await runToEnd(parallel.s, parallel.design.id);
    const b = await runToEnd(sequential.s, sequential.design.id);
    expect(a.status).toBe('finished');
    expect(a.results.map((r) => `${r.label}/${r.seed}`)).toEqual(['FIFO/1', 'FIFO/2', 'Fair (delay)/1', 'Fair (delay)/2', 'Capacity/1', 'Capacity/2']);
    expect(a.results.every((r) => r.status === 'finished')).toBe(true);
    expect(a.results.map((r) => r.summary)).toEqual(b.results.map((r) => r.summary));
    const dataA = await ok<RunData>(parallel.s, 'batches:runData', { id: a.id, run: 3 });
    const dataB = await ok<RunData>(sequential.s, 'batches:runData', { id: b.id, run: 3 });
    expect(dataA.jobs).toEqual(dataB.jobs);
    expect(dataA.series).toEqual(dataB.series);
    // Every run reported starting, saving, then finishing, and no ETA once it ended.
    for (let i = 0; i < 6; i++) {
      const mine = events.filter((e) => e.run === i);
      expect(mine.some((e) => e.status === 'running')).toBe(true);
      const saving = mine.findIndex((e) => e.status === 'saving');
      expect(saving).toBeGreaterThanOrEqual(0);
      expect(mine.findIndex((e) => e.status === 'finished')).toBeGreaterThan(saving);
      expect(mine.filter((e) => e.status !== 'running').every((e) => e.etaS === null)).toBe(true);
    }
    await parallel.s.close();
    await sequential.s.close();
  }, 120_000);

  it('starts queued runs in the order of the plan', async () => {
    {
      const { s, design } = await studio(() => new RunPool({ threads: 1 }), { seeds: [1, 2, 3] });
      const started: number[] = [];
      s.events.subscribe((e: PushEvent) => {
        const p = e.payload as RunProgressEvent;
        if (e.event === 'experiments:progress' && p.status === 'running' && !started.includes(p.run)) started.push(p.run);
      });
      const batch = await runToEnd(s, design.id);
      expect(batch.results).toHaveLength(9);
      // The progress table lists runs in plan order; a queued run never overtakes an earlier one.
      expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      await s.close();
    }
  }, 120_000);

  // In a worker thread, as the app runs them (in-process runs block the thread a cancel would arrive on).
  it('a cancel keeps what a running run simulated so far, marked partial', async () => {
    const { s, design } = await studio(() => new RunPool({ threads: 1 }), { schedulers: [{ kind: 'fair' }], seeds: [1] });
    const big = await ok<{ id: string }>(s, 'workloads:create', {
      spec: {
        name: 'long',
        generate: { count: 3000, arrival: { kind: 'poisson', meanInterarrivalS: 2 }, mix: [{ template: 'Sort', weight: 1, maps: [10, 40] }] },
      },
    });
    const long = await ok<DesignRecord>(s, 'experiments:update', { id: design.id, spec: { ...design.spec, workloadIds: [big.id] } });
    const running = new Promise<void>((resolve) =>
      s.events.subscribe((e: PushEvent) => e.event === 'experiments:progress' && (e.payload as RunProgressEvent).events > 0 && resolve()),
    );
    const batch = await ok<BatchSummary>(s, 'experiments:run', { id: long.id });
    await running;
    expect(await ok(s, 'batches:cancel', { id: batch.id })).toEqual({ cancelled: true });
    const detail = await ok<BatchDetail>(s, 'batches:get', { id: batch.id });
    expect(detail.status).toBe('cancelled');
    const [run] = detail.results;
    expect(run).toMatchObject({ status: 'cancelled', partial: true });
    expect(run.summary!.succeeded + run.summary!.failed).toBeLessThan(3000);
    expect(run.summary!.unfinished).toBeGreaterThan(0);
    const data = await ok<RunData>(s, 'batches:runData', { id: batch.id, run: 0, gantt: true });
    expect(data.jobs).toHaveLength(3000);
    expect(data.gantt!.start.length).toBeGreaterThan(0);
    // What a cut-short run saw teaches the profile store nothing.
    expect((await ok<ProfileStore>(s, 'profiles:list', {})).measured).toEqual([]);
    await s.close();
  }, 120_000);

  it('resume runs only what a cancel left, into the same batch, with the numbers a whole run gives', async () => {
    const { s, design } = await studio(() => new RunPool({ threads: 1 }), { seeds: [1, 2, 3, 4] });
    const firstDone = new Promise<void>((resolve) =>
      s.events.subscribe((e: PushEvent) => e.event === 'experiments:progress' && (e.payload as RunProgressEvent).status === 'finished' && resolve()),
    );
    const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
    await firstDone;
    await ok(s, 'batches:cancel', { id: batch.id });
    const cut = await ok<BatchDetail>(s, 'batches:get', { id: batch.id });
    const kept = cut.results.filter((r) => r.status === 'finished');
    const left = cut.results.filter((r) => r.status !== 'finished').map((r) => r.index);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(left.length).toBeGreaterThanOrEqual(1);

    const started: number[] = [];
    s.events.subscribe((e: PushEvent) => {
      const p = e.payload as RunProgressEvent;
      if (e.event === 'experiments:progress' && p.batchId === batch.id && p.status === 'running' && !started.includes(p.run)) started.push(p.run);
    });
    expect((await ok<BatchSummary>(s, 'batches:resume', { id: batch.id })).status).toBe('running');
    await s.runner.settled(batch.id);
    const whole = await ok<BatchDetail>(s, 'batches:get', { id: batch.id });
    expect(whole.status).toBe('finished');
    expect(whole.results.every((r) => r.status === 'finished')).toBe(true);
    expect(started.sort((a, b) => a - b)).toEqual(left);
    // The runs kept are as they were; every run matches a batch run whole in one go.
    for (const r of kept) expect(whole.results[r.index].summary).toEqual(r.summary);
    const fresh = await runToEnd(s, design.id);
    expect(whole.results.map((r) => r.summary)).toEqual(fresh.results.map((r) => r.summary));
    // Nothing left to run: said so, and the batch is left as it is.
    const again = await s.dispatch('batches:resume', { id: batch.id });
    expect(again).toMatchObject({ ok: false, error: { message: 'every run of this batch has finished: there is nothing to resume' } });
    await s.close();
  }, 120_000);

  it('a scheduler that throws fails only its own runs; the others finish and the error is kept', async () => {
    const workerFile = path.resolve(__dirname, '../../fixtures/throwingRunWorker.cjs');
    const { s, design } = await studio(() => new RunPool({ threads: 2, workerFile }), { schedulers: [{ kind: 'fifo' }, { kind: 'fair', label: 'boom' }] });
    const batch = await runToEnd(s, design.id);
    expect(batch.status).toBe('finished');
    expect(batch.results.map((r) => [r.label, r.status])).toEqual([
      ['FIFO', 'finished'],
      ['FIFO', 'finished'],
      ['boom', 'failed'],
      ['boom', 'failed'],
    ]);
    expect(batch.results[2].error).toMatch(/the scheduler threw: boom/);
    expect(batch.results[2].summary).toBeNull();
    await s.close();
  }, 120_000);

  it('cancel stops cleanly: finished runs stay whole, the rest are cancelled with nothing half-written', async () => {
    const { s, design } = await studio(() => new RunPool({ threads: 1 }), { seeds: [1, 2, 3, 4, 5, 6, 7, 8] });
    const firstDone = new Promise<void>((resolve) =>
      s.events.subscribe((e: PushEvent) => e.event === 'experiments:progress' && (e.payload as RunProgressEvent).status === 'finished' && resolve()),
    );
    const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
    await firstDone;
    expect(await ok(s, 'batches:cancel', { id: batch.id })).toEqual({ cancelled: true });
    const detail = await ok<BatchDetail>(s, 'batches:get', { id: batch.id });
    expect(detail.status).toBe('cancelled');
    const finished = detail.results.filter((r) => r.status === 'finished');
    expect(finished.length).toBeGreaterThanOrEqual(1);
    expect(finished.length).toBeLessThan(24);
    for (const r of detail.results) {
      expect(['finished', 'cancelled']).toContain(r.status);
      if (r.status === 'finished') expect((await ok<RunData>(s, 'batches:runData', { id: batch.id, run: r.index })).jobs).toHaveLength(12);
      else if (r.partial) expect(r.summary).not.toBeNull();
      else {
        expect(r.summary).toBeNull();
        expect(await s.dispatch('batches:runData', { id: batch.id, run: r.index })).toMatchObject({ ok: false, error: { code: 'not_found' } });
      }
    }
    await s.close();
  }, 120_000);

  it('sweeps a scheduler parameter and the number of servers', async () => {
    const { s, design } = await studio(() => new RunPool({ threads: 0 }), {
      schedulers: [{ kind: 'fair' }],
      seeds: [1],
      sweep: { target: 'scheduler', scheduler: 0, parameter: 'nodeLocalityWaitS', values: [0, 5] },
    });
    const batch = await runToEnd(s, design.id);
    expect(batch.results.map((r) => r.label)).toEqual(['Fair (delay) · Node-locality wait s = 0', 'Fair (delay) · Node-locality wait s = 5']);
    const updated = await ok<DesignRecord>(s, 'experiments:update', { id: design.id, spec: { ...design.spec, sweep: { target: 'servers', values: [2, 9] } } });
    const sized = await runToEnd(s, updated.id);
    // Node names come with the Gantt (they label its rows); the comparison's data leaves them out.
    const nodes = await Promise.all([0, 1].map(async (run) => (await ok<RunData>(s, 'batches:runData', { id: sized.id, run, gantt: true })).nodes.length));
    expect(nodes).toEqual([2, 9]);
    expect((await ok<RunData>(s, 'batches:runData', { id: sized.id, run: 0 })).nodes).toEqual([]);
    await s.close();
  }, 120_000);

  it("explains a job per run: when it waited, where its tasks ran, with the scheduler's reasons", async () => {
    const { s, design } = await studio(() => new RunPool({ threads: 0 }), { seeds: [1] });
    const batch = await runToEnd(s, design.id);
    const answer = await ok<WhyAnswer>(s, 'batches:why', { id: batch.id, job: 'g3' });
    expect(answer.runs).toHaveLength(3);
    // The same seed is the same job under every scheduler: its template and size say so.
    expect(new Set(answer.runs.map((r) => `${r.job?.template} ${r.job?.maps} ${r.job?.reduces}`)).size).toBe(1);
    expect(answer.runs[0].job).toMatchObject({ template: expect.stringMatching(/^(Sort|WordCount)$/), maps: expect.any(Number), reduces: expect.any(Number) });
    for (const r of answer.runs) {
      expect(r.recorded).toBe(true);
      expect(r.job?.waitedS).toBeGreaterThanOrEqual(0);
      expect(r.attempts.length).toBeGreaterThan(0);
      for (const a of r.attempts) {
        expect(a.node).toMatch(/^r0\d-h00\d$/);
        expect(a.task).toMatch(/^[mr]\d+$/);
        expect(a.reason.length).toBeGreaterThan(0);
      }
    }
    await s.close();
  }, 120_000);

  it('fills the profile store from every finished run and hands it to PRISM and Finer-Grained CPU at the next start', async () => {
    const { s, design } = await studio(() => new RunPool({ threads: 0 }), { schedulers: [{ kind: 'fifo' }], seeds: [1] });
    const first = await runToEnd(s, design.id);
    expect(first.status).toBe('finished');
    const store = await ok<ProfileStore>(s, 'profiles:list', {});
    expect(store.measured.map((m) => [m.template, m.runs])).toEqual([
      ['Sort', 1],
      ['WordCount', 1],
    ]);
    expect(store.measured[0].phases.map!.durationS).toBeGreaterThan(0);
    // An edit wins over the measurement for PRISM.
    const edited = { ...store.measured[0].phases, map: { ...store.measured[0].phases.map!, cpuCores: 0.42 } };
    await ok(s, 'profiles:save', { template: 'Sort', phases: edited });
    // A rate out of range is named by its label once, not again in the words.
    const negative = await s.dispatch('profiles:save', { template: 'Sort', phases: { ...edited, map: { ...edited.map!, cpuCores: -1 } } });
    expect(negative).toMatchObject({ ok: false, error: { message: expect.stringMatching(/: must be at least 0$/) } });

    const next = await ok<DesignRecord>(s, 'experiments:update', {
      id: design.id,
      spec: {
        ...design.spec,
        schedulers: [{ kind: 'prism' }, { kind: 'finegrained' }, { kind: 'prism', label: 'own', profiles: { Sort: { map: { cpuCores: 1 } } } }],
      },
    });
    const second = await runToEnd(s, next.id);
    const [prism, fine, own] = second.inputs.schedulers as Record<string, unknown>[];
    expect((prism.profiles as Record<string, Record<string, { cpuCores: number }>>).Sort.map.cpuCores).toBe(0.42);
    expect(Object.keys(prism.profiles as object)).toEqual(['Sort', 'WordCount']);
    expect(Object.keys(fine.requirements as object).length).toBeGreaterThan(0);
    expect(own.profiles).toEqual({ Sort: { map: { cpuCores: 1 } } });
    expect((await ok<ProfileStore>(s, 'profiles:list', {})).measured.map((m) => m.runs)).toEqual([4, 4]);
    await s.close();
  }, 120_000);

  it('pins the profiles a design runs with: reruns are identical until the user refreshes them', async () => {
    const { s, design } = await studio(() => new RunPool({ threads: 0 }), { schedulers: [{ kind: 'prism' }, { kind: 'finegrained' }], seeds: [1] });
    // The store knows something before the first run (another experiment's runs).
    const other = await ok<DesignRecord>(s, 'experiments:create', { spec: { ...design.spec, name: 'teacher', schedulers: [{ kind: 'fifo' }] } });
    await runToEnd(s, other.id);
    const first = await runToEnd(s, design.id);
    const pinned = (await ok<DesignRecord>(s, 'experiments:get', { id: design.id })).spec.profiles!;
    expect(Object.keys(pinned.phases)).toEqual(['Sort', 'WordCount']);
    expect(pinned.sources.Sort).toMatch(/^measured over 1 run, last \d{4}-\d\d-\d\d \d\d:\d\d$/);
    // The first run taught the store more (2 more runs per template); the rerun must not pick it up.
    expect((await ok<ProfileStore>(s, 'profiles:list', {})).measured.map((m) => m.runs)).toEqual([3, 3]);
    const second = await runToEnd(s, design.id);
    expect(second.inputs.schedulers).toEqual(first.inputs.schedulers);
    expect(second.results.map((r) => r.summary)).toEqual(first.results.map((r) => r.summary));
    const data = async (b: BatchDetail, run: number) => ok<RunData>(s, 'batches:runData', { id: b.id, run });
    expect(JSON.stringify(await data(second, 0))).toBe(JSON.stringify(await data(first, 0)));

    // "Refresh profiles" is the one way to take in what was learnt since, and it says so.
    const before = await ok<DesignRecord>(s, 'experiments:get', { id: design.id });
    const refreshed = await ok<DesignRecord>(s, 'experiments:refreshProfiles', { id: design.id, expectedUpdatedAt: before.updatedAt });
    expect(refreshed.spec.profiles!.sources.Sort).toMatch(/^measured over 5 runs/);
    expect(refreshed.spec.profiles!.phases.Sort).not.toEqual(pinned.phases.Sort);
    const third = await runToEnd(s, design.id);
    expect(third.inputs.schedulers).not.toEqual(first.inputs.schedulers);
    // A refresh over a stale copy is refused rather than lost.
    expect(await s.dispatch('experiments:refreshProfiles', { id: design.id, expectedUpdatedAt: before.updatedAt })).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    await s.close();
  }, 120_000);

  it('refuses to run a design whose cluster was deleted, naming the field', async () => {
    const { s, design } = await studio(() => new RunPool({ threads: 0 }));
    await ok(s, 'clusters:delete', { id: design.spec.clusterIds[0] });
    expect(await s.dispatch('experiments:run', { id: design.id })).toMatchObject({
      ok: false,
      error: { field: 'spec.clusterIds.0', message: 'this cluster no longer exists: pick another one' },
    });
    expect(await ok(s, 'batches:list', {})).toEqual([]);
    expect(await ok<{ missing: string[] }[]>(s, 'experiments:list', {})).toMatchObject([{ missing: [design.spec.clusterIds[0]] }]);
    // The check before Run says it in the same words, at the same field (the designer finds it at once too: shared/experiment/deletedChoices.ts).
    const checked = await ok<{ problems: { field: string; message: string }[] }>(s, 'experiments:check', { spec: design.spec });
    expect(checked.problems).toContainEqual(expect.objectContaining({ field: 'clusterIds.0', message: 'this cluster no longer exists: pick another one' }));
    await s.close();
  });
});
