import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { ResultFile } from '@shared/experiment/experiment';
import { Redis } from 'ioredis';
import { parseClusterFile } from '@shared/cluster/clusterFile';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { queueTarget } from '../../../src-main/runner/remote/connection';
import { inputKey, packInput, remoteRunOf } from '../../../src-main/runner/remote/protocol';
import { resolveRun } from '../../../src-main/runner/matrix';
import { planBatch } from '@shared/experiment/batchPlan';
import { startServices } from '../../../src-main/services';
import { useTempDirs } from '../../helpers/tempDir';
import {
  builtWorker,
  finishedLines,
  freePort,
  REDIS,
  requireRedisUnderCi,
  sourceWorker,
  startRedis,
  stopRedis,
  waitForLine,
  type WorkerProcess,
} from '../../helpers/redis';

/**
 * Runs on other machines, with real processes: a local redis-server on a free port, worker
 * processes of the built CLI, a sweep sent through the queue, and one worker killed mid-run.
 * Without redis-server the suite is skipped with a line saying so, except under CI, which
 * installs it (.ci/run) and must run these tests.
 */
const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'bin/workload-studio.js');
const tempDir = useTempDirs();
requireRedisUnderCi();

/** `workload-studio run ARGS` as a process of the built CLI: its exit code and what it printed. */
function studioRun(args: string[]): { child: ChildProcess; done: Promise<{ code: number | null; err: string }> } {
  const child = spawn(process.execPath, [BIN, 'run', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  return { child, done: new Promise((resolve) => child.once('exit', (code) => resolve({ code, err }))) };
}

describe.runIf(REDIS)('a batch through Redis and BullMQ, on worker processes', () => {
  let redis: ChildProcess;
  let url: string;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    ({ redis, url } = await startRedis());
  });

  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await stopRedis(redis);
  });

  function startWorker(queueUrl: string): WorkerProcess {
    // A short stall timeout, so a killed worker's run moves on within seconds.
    const w = builtWorker(queueUrl, ['--stall-timeout', '3']);
    workers.push(w);
    return w;
  }

  /** A 24-run sweep (6 schedulers × 4 seeds) long enough per run that a kill lands mid-run. */
  function sweep(dir: string): string {
    const example = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs/examples/baselines.experiment.json'), 'utf8')) as {
      workload: { generate: { count: number; arrival: { meanInterarrivalS: number } } };
      seeds: number[];
    };
    example.workload.generate.count = 3000;
    example.workload.generate.arrival.meanInterarrivalS = 1;
    example.seeds = [1, 2, 3, 4];
    fs.copyFileSync(path.join(ROOT, 'docs/examples/small.cluster.json'), path.join(dir, 'small.cluster.json'));
    const file = path.join(dir, 'sweep.experiment.json');
    fs.writeFileSync(file, JSON.stringify(example));
    return file;
  }

  it('runs a 24-run sweep on three workers, one killed mid-run: every run finishes once, equal to a local run', async () => {
    const dir = tempDir();
    const file = sweep(dir);
    const queueUrl = `${url}?queue=sweep`;
    const [doomed, ...rest] = [startWorker(queueUrl), startWorker(queueUrl), startWorker(queueUrl)];
    await Promise.all([doomed, ...rest].map((w) => waitForLine(w.child, w.log, /waiting for runs/)));
    const remoteOut = path.join(dir, 'remote.json');
    // The studio's side is the built CLI too: a run is reproduced only by the same build, and the
    // workers check that every run is of their own version.
    const remote = studioRun([file, '--queue', queueUrl, '--out', remoteOut]);
    // The first run the doomed worker takes dies with it (SIGKILL: no goodbye, its lock just expires).
    const [, killedRun] = await waitForLine(doomed.child, doomed.log, /took run (\S+)/);
    doomed.child.kill('SIGKILL');
    const r = await remote.done;
    expect(r.err).toMatch(/sending the runs to redis:\/\/127\.0\.0\.1:\d+ \(queue sweep\)/);
    expect(r.code).toBe(0);
    // Every run finished exactly once.
    const finished = (await finishedLines(rest, 24)).map((l) => l.replace(/^.* finished run /, ''));
    const finishedIt = (w: WorkerProcess) => w.log.some((l) => l.endsWith(`finished run ${killedRun}`));
    expect(finishedIt(doomed)).toBe(false);
    // Another worker took the killed run up again and finished it.
    const finishedBy = rest.filter(finishedIt);
    expect(finishedBy).toHaveLength(1);
    expect(new Set(finished).size).toBe(24);
    expect(finished).toHaveLength(24);

    const localOut = path.join(dir, 'local.json');
    expect((await studioRun([file, '--out', localOut]).done).code).toBe(0);
    // Byte for byte the same result as on this machine's threads.
    expect(fs.readFileSync(remoteOut, 'utf8')).toBe(fs.readFileSync(localOut, 'utf8'));
    const result = JSON.parse(fs.readFileSync(remoteOut, 'utf8')) as ResultFile;
    expect(result.runs).toHaveLength(24);
  }, 600_000);

  it('keeps one outcome of a run whose worker was frozen past its lock: the worker that took it over finishes it, the frozen one says its outcome was dropped', async () => {
    const dir = tempDir();
    const queueUrl = `${url}?queue=frozen`;
    const frozen = startWorker(queueUrl);
    const workerLogs = [frozen];
    // A failure (a timeout too) shows what the workers said: the race it is about is in their logs.
    onTestFailed(() => workerLogs.forEach((w, i) => console.error(`worker ${i === 0 ? 'frozen' : 'other'}:\n${w.log.join('\n')}`)));
    await waitForLine(frozen.child, frozen.log, /waiting for runs/);
    // Two runs (two schedulers, one seed), each long enough (8,000 jobs, some 15 s alone) that the
    // stop lands while the first is under way; the loop below copes with one that ends first. The
    // time-out guards against a hang: on a machine busy with other tests these runs took 2.5 min.
    const file = sweep(dir);
    const design = JSON.parse(fs.readFileSync(file, 'utf8')) as { schedulers: unknown[]; workload: { generate: { count: number } } };
    design.workload.generate.count = 8_000;
    fs.writeFileSync(file, JSON.stringify({ ...design, schedulers: design.schedulers.slice(0, 2), seeds: [1] }));
    const out = path.join(dir, 'remote.json');
    const remote = studioRun([file, '--queue', queueUrl, '--out', out]);
    // As a starved process on a busy machine: no time at all, so its lock is not renewed. The run
    // it holds is the queue's one active run (no other worker runs yet), not the first it said it
    // took: a short run can end before the stop lands, and the worker be on its next, or between.
    const target = queueTarget(queueUrl);
    const queue = new Queue(target.name, { connection: target.connection });
    let run = '';
    const taken: string[] = [];
    try {
      while (!run) {
        const next = taken.length === 0 ? /took run (\S+)/ : new RegExp(`took run (?!(?:${taken.map((t) => t.replace(/[.]/g, '\\.')).join('|')}) )(\\S+)`);
        const [, took] = await waitForLine(frozen.child, frozen.log, next);
        taken.push(took);
        frozen.child.kill('SIGSTOP');
        run = (await queue.getActive())[0]?.id ?? '';
        if (!run) frozen.child.kill('SIGCONT');
      }
    } finally {
      await queue.close();
    }
    const other = startWorker(queueUrl);
    workerLogs.push(other);
    try {
      await waitForLine(other.child, other.log, new RegExp(`took run ${run.replace(/[.]/g, '\\.')} `));
    } finally {
      frozen.child.kill('SIGCONT');
    }
    expect((await remote.done).code).toBe(0);
    // Once it runs again, the frozen worker ends the run it had: it must not claim to have finished it.
    const id = run.replace(/[.]/g, '\\.');
    const [said] = await waitForLine(frozen.child, frozen.log, new RegExp(`run ${id} went to another worker|finished run ${id}$`));
    expect(said).toMatch(/went to another worker/);
    const finished = await finishedLines([frozen, other], 2);
    expect(other.log.some((l) => l.endsWith(`finished run ${run}`))).toBe(true);
    expect(finished).toHaveLength(2);
    const localOut = path.join(dir, 'local.json');
    expect((await studioRun([file, '--out', localOut]).done).code).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe(fs.readFileSync(localOut, 'utf8'));
  }, 900_000);

  it('stops a batch on Ctrl+C: waiting runs leave the queue, the running one stops, finished ones are kept', async () => {
    const dir = tempDir();
    const queueUrl = `${url}?queue=cancel`;
    const target = queueTarget(queueUrl);
    const w = startWorker(queueUrl);
    await waitForLine(w.child, w.log, /waiting for runs/);
    const out = path.join(dir, 'partial.json');
    const run = studioRun([sweep(dir), '--queue', queueUrl, '--out', out]);
    // Two runs finished, the third under way: Ctrl+C.
    await waitForLine(w.child, w.log, /took run \S+\.2 /);
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(r.err).toMatch(/stopping: the runs that finished are kept/);
    expect(r.err).toMatch(/stopped: \d+ of 24 runs finished and are in the result/);
    const kept = (JSON.parse(fs.readFileSync(out, 'utf8')) as ResultFile).runs;
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect(kept.length).toBeLessThan(24);
    // Nothing is left waiting or running for the workers.
    const queue = new Queue(target.name, { connection: target.connection });
    try {
      await expect.poll(() => queue.getActiveCount(), { timeout: 30_000 }).toBe(0);
      expect(await queue.getWaitingCount()).toBe(0);
    } finally {
      await queue.close();
    }
    expect(w.log.some((l) => /stopped run \S+\.2\b/.test(l)) || w.log.some((l) => /finished run \S+\.2\b/.test(l))).toBe(true);
  }, 300_000);

  it("runs the app's batches on the queue its settings name, with progress, and the same results as this machine's", async () => {
    const queueUrl = `${url}?queue=app`;
    // The services here run from source ("dev"), so this worker does too: a worker takes only runs of its own version.
    const w = sourceWorker(queueUrl);
    workers.push(w);
    await waitForLine(w.child, w.log, /waiting for runs/);
    const s = await startServices({ dataDir: tempDir() });
    try {
      const progress: { status: string; simTime: number }[] = [];
      s.events.subscribe((e) => e.event === 'experiments:progress' && progress.push(e.payload as { status: string; simTime: number }));
      const sample = (await s.dispatch('studio:sample', {})) as { ok: true; data: { clusterId: string } };
      // Runs long enough to report progress: the engine checks every 20,000 events, and the sample's
      // own runs take 6,000-15,000. Twenty jobs of 600 maps and 20 reduces take more (about 40,000).
      const workload = (await s.dispatch('workloads:create', {
        spec: { name: 'long', jobs: Array.from({ length: 20 }, (_, i) => ({ id: `j${i}`, template: 'Sort', submit: 20 * i, maps: 600, reduces: 20 })) },
      })) as { ok: true; data: { id: string } };
      const design = (await s.dispatch('experiments:create', {
        spec: {
          name: 'remote',
          clusterIds: [sample.data.clusterId],
          workloadIds: [workload.data.id],
          schedulers: [{ kind: 'fifo' }, { kind: 'fair' }],
          seeds: [1, 2],
        },
      })) as { ok: true; data: { id: string } };
      const batchOf = async () => {
        const started = (await s.dispatch('experiments:run', { id: design.data.id })) as { ok: true; data: { id: string } };
        await s.runner.settled(started.data.id);
        const detail = (await s.dispatch('batches:get', { id: started.data.id })) as { ok: true; data: { results: { status: string; summary: unknown }[] } };
        return detail.data.results;
      };
      expect(await s.dispatch('settings:update', { runThreads: null, queue: queueUrl })).toMatchObject({ ok: true });
      const remote = await batchOf();
      expect(await finishedLines([w], remote.length)).toHaveLength(remote.length);
      expect(progress.some((p) => p.status === 'running' && p.simTime > 0)).toBe(true);
      expect(await s.dispatch('settings:update', { runThreads: null, queue: null })).toMatchObject({ ok: true });
      const local = await batchOf();
      expect(remote.map((r) => r.status)).toEqual(local.map(() => 'finished'));
      expect(remote.map((r) => r.summary)).toEqual(local.map((r) => r.summary));
    } finally {
      await s.close();
    }
  }, 300_000);

  it('says when the runs wait on a queue no worker listens to, and takes it back once one starts', async () => {
    const queueUrl = `${url}?queue=nobody`;
    const s = await startServices({ dataDir: tempDir() });
    try {
      const notices: (string | null)[] = [];
      s.events.subscribe((e) => e.event === 'experiments:notice' && notices.push((e.payload as { notice: string | null }).notice));
      const sample = (await s.dispatch('studio:sample', {})) as { ok: true; data: { experimentId: string } };
      expect(await s.dispatch('settings:update', { runThreads: null, queue: queueUrl })).toMatchObject({ ok: true });
      const started = (await s.dispatch('experiments:run', { id: sample.data.experimentId })) as { ok: true; data: { id: string } };
      const detail = async () => ((await s.dispatch('batches:get', { id: started.data.id })) as { ok: true; data: { notice?: string } }).data;
      await expect.poll(() => notices.length, { timeout: 60_000, interval: 200 }).toBe(1);
      expect(notices[0]).toMatch(/^No worker is taking runs from redis:\/\/127\.0\.0\.1:\d+ \(queue nobody\): the runs wait there until one starts/);
      // A page opened now reads it with the batch.
      expect((await detail()).notice).toBe(notices[0]);
      const w = sourceWorker(queueUrl);
      workers.push(w);
      await s.runner.settled(started.data.id);
      expect(notices).toEqual([expect.any(String), null]);
      expect((await detail()).notice).toBeUndefined();
    } finally {
      await s.close();
    }
  }, 300_000);

  it('refuses a run of another studio version, saying so, and the run fails alone', async () => {
    const queueUrl = `${url}?queue=versions`;
    const target = queueTarget(queueUrl);
    const w = startWorker(queueUrl);
    await waitForLine(w.child, w.log, /waiting for runs/);
    const queue = new Queue(target.name, { connection: target.connection });
    try {
      const job = await queue.add('run', { version: '0.0.1-elsewhere' }, { attempts: 1 });
      // Polled, not awaited through QueueEvents: an event sent before a listener is attached is lost.
      await expect.poll(() => job.getState(), { timeout: 60_000, interval: 200 }).toBe('failed');
      const failed = await queue.getJob(job.id!);
      expect(failed?.failedReason).toMatch(/this worker is Workload Studio \S+ and cannot reproduce a run of 0\.0\.1-elsewhere/);
    } finally {
      await queue.close();
    }
  }, 120_000);

  it('refuses a job that holds no run, and a run past the bounds its batch was not allowed, each with its reason', async () => {
    const queueUrl = `${url}?queue=bounds`;
    const target = queueTarget(queueUrl);
    // From source, as the run below is made here: a worker takes only runs of its own version.
    const w = sourceWorker(queueUrl);
    workers.push(w);
    await waitForLine(w.child, w.log, /waiting for runs/);
    const queue = new Queue(target.name, { connection: target.connection });
    const redis = new Redis(target.connection);
    try {
      const empty = await queue.add('run', null as never, { attempts: 1 });
      await expect.poll(() => empty.getState(), { timeout: 60_000, interval: 200 }).toBe('failed');
      expect((await queue.getJob(empty.id!))?.failedReason).toBe('the job is not a run of Workload Studio: it holds no run');

      // 100,000 jobs of 100 maps: every field within its limits, 10 million tasks in all.
      const cluster = parseClusterFile(fs.readFileSync(path.join(ROOT, 'docs/examples/small.cluster.json'), 'utf8'));
      if (!cluster.ok) throw new Error('the example cluster does not parse');
      const workload = WorkloadSpecSchema.parse({
        name: 'huge',
        generate: { count: 100_000, arrival: { kind: 'batch' }, mix: [{ template: 'Sort', weight: 1, maps: [100, 100], reduces: 0 }] },
      });
      const inputs = {
        clusters: [{ name: 'c', spec: cluster.spec }],
        workloads: [{ name: 'w', spec: workload }],
        schedulers: [SchedulerSpecSchema.parse({ kind: 'fifo' })],
        seeds: [1],
        simulation: SimulationOptionsSchema.parse({}),
      };
      const keys = { cluster: packInput(cluster.spec), workload: packInput(workload) };
      for (const k of Object.values(keys)) await redis.set(inputKey(target.name, k.hash), k.bytes);
      const run = remoteRunOf(
        'bounds-batch',
        resolveRun(inputs, planBatch(inputs)[0]),
        { cluster: keys.cluster.hash, workload: keys.workload.hash },
        { withAttempts: false, timing: false },
      );
      const large = await queue.add('run', run, { attempts: 1 });
      await expect.poll(() => large.getState(), { timeout: 120_000, interval: 200 }).toBe('failed');
      expect((await queue.getJob(large.id!))?.failedReason).toMatch(
        /^refused: a run of 10,000,000 tasks, more than the 5,000,000 the studio runs without asking, and its batch was not allowed to be large/,
      );
      expect(w.log.some((l) => /run \S+ refused: a run of 10,000,000 tasks/.test(l))).toBe(true);
      expect(w.child.exitCode).toBeNull();
    } finally {
      redis.disconnect();
      await queue.close();
    }
  }, 240_000);

  it('says when it cannot reach Redis, and keeps trying', async () => {
    const port = await freePort();
    const w = startWorker(`redis://127.0.0.1:${port}`);
    await waitForLine(w.child, w.log, /cannot reach redis:\/\/127\.0\.0\.1:\d+ \(queue workload-studio\) .*retrying with backoff/);
    expect(w.child.exitCode).toBeNull();
  }, 60_000);
});

describe.runIf(REDIS)('a Redis that asks for a password', () => {
  const SECRET = 'correct horse battery staple';

  it("runs the app's batches with the password entered in the settings, which is kept nowhere on disk and never sent back", async () => {
    const { redis, url } = await startRedis('--requirepass', SECRET);
    const queueUrl = `${url}?queue=guarded`;
    const w = sourceWorker(queueUrl, { REDIS_PASSWORD: SECRET });
    const dataDir = tempDir();
    const s = await startServices({ dataDir });
    try {
      await waitForLine(w.child, w.log, /waiting for runs/);
      const sample = (await s.dispatch('studio:sample', {})) as { ok: true; data: { experimentId: string } };
      expect(await s.dispatch('settings:get', {})).toMatchObject({ ok: true, data: { queuePassword: { kept: false, where: 'session' } } });
      // Every problem beside its field: an empty password is refused as such.
      expect(await s.dispatch('settings:queuePassword', { password: '' })).toMatchObject({ ok: false, error: { field: 'password' } });
      const kept = await s.dispatch('settings:queuePassword', { password: SECRET });
      expect(kept).toMatchObject({ ok: true, data: { queuePassword: { kept: true, where: 'session' } } });
      expect(JSON.stringify(kept)).not.toContain(SECRET);
      expect(await s.dispatch('settings:update', { runThreads: null, queue: queueUrl })).toMatchObject({ ok: true });
      const started = (await s.dispatch('experiments:run', { id: sample.data.experimentId })) as { ok: true; data: { id: string } };
      await s.runner.settled(started.data.id);
      const detail = (await s.dispatch('batches:get', { id: started.data.id })) as { ok: true; data: { results: { status: string }[] } };
      expect(detail.data.results.map((r) => r.status).every((x) => x === 'finished')).toBe(true);
      expect(await finishedLines([w], detail.data.results.length)).toHaveLength(detail.data.results.length);
      await s.store.flush();
      // Nothing the studio wrote holds the password: the settings, the store, its backups.
      for (const file of fs.readdirSync(dataDir, { recursive: true }) as string[]) {
        const full = path.join(dataDir, file);
        if (fs.statSync(full).isFile()) expect(fs.readFileSync(full).includes(Buffer.from(SECRET)), file).toBe(false);
      }
      expect(await s.dispatch('settings:queuePassword', { password: null })).toMatchObject({ ok: true, data: { queuePassword: { kept: false } } });
    } finally {
      await s.close();
      w.child.kill('SIGKILL');
      await stopRedis(redis);
    }
  }, 300_000);
});
