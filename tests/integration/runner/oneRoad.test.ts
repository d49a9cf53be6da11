import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { BatchSummary } from '@shared/experiment/design';
import type { ResultFile } from '@shared/experiment/experiment';
import { cli } from '../../helpers/cli';
import { startServeProcess } from '../../helpers/processes';
import { REDIS, sourceWorker, startRedis, stopRedis, waitForLine, type WorkerProcess } from '../../helpers/redis';
import { ok, useServices } from '../../helpers/services';
import { useTempDirs } from '../../helpers/tempDir';

/**
 * One road from Run to result (runner/runBatch.ts): the same experiment through the CLI, `run
 * --save`, the app's services, serve over HTTP and a queue's worker gives the same runs, byte for
 * byte — each entry reaching a result file or the store through the same pipeline.
 */
const ROOT = path.resolve(__dirname, '../../..');
const EXAMPLE = path.join(ROOT, 'docs/examples/baselines.experiment.json');
const tempDir = useTempDirs();
const open = useServices();
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanup.splice(0)) await c();
});

/** A result file's runs as text: what every road must give identically. */
const runsOf = (text: string) => JSON.stringify((JSON.parse(text) as ResultFile).runs);

describe('one batch pipeline for every entry', () => {
  it('the CLI, run --save, the app, serve and a queue worker give the same runs, byte for byte', async () => {
    const dir = tempDir();
    const dataDir = tempDir();
    const fileOut = path.join(dir, 'cli.json');
    expect((await cli(['run', EXAMPLE, '--out', fileOut, '--threads', '1'])).code).toBe(0);
    const reference = fs.readFileSync(fileOut, 'utf8');

    // run --save: the store's sink beside the result file's.
    const savedOut = path.join(dir, 'saved.json');
    const saved = await cli(['run', EXAMPLE, '--save', '--data-dir', dataDir, '--out', savedOut]);
    expect(saved.code, saved.err).toBe(0);
    expect(fs.readFileSync(savedOut, 'utf8')).toBe(reference);

    const s = await open(dataDir);
    const [cliBatch] = await ok<BatchSummary[]>(s, 'batches:list', {});
    const exported = async (id: string) => runsOf((await ok<{ content: string }>(s, 'batches:exportResult', { id })).content);
    expect(await exported(cliBatch.id)).toBe(runsOf(reference));

    // The app: the design run --save adopted, run again from the services.
    const started = await ok<BatchSummary>(s, 'experiments:run', { id: cliBatch.experimentId });
    await s.runner.settled(started.id);
    expect(await exported(started.id)).toBe(runsOf(reference));
    await s.close();

    // serve: the same services over HTTP, as a process of its own.
    const serve = await startServeProcess(dataDir);
    cleanup.push(() => serve.stop());
    const overHttp = await serve.call<BatchSummary>('experiments:run', { id: cliBatch.experimentId });
    expect(overHttp.ok, JSON.stringify(overHttp.error)).toBe(true);
    for (;;) {
      const b = await serve.call<{ status: string }>('batches:get', { id: overHttp.data!.id });
      if (b.data!.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const served = await serve.call<{ content: string }>('batches:exportResult', { id: overHttp.data!.id });
    expect(runsOf(served.data!.content)).toBe(runsOf(reference));

    // A queue's worker (from source, as this CLI runs): the runs travel through Redis.
    if (REDIS) {
      const { redis, url } = await startRedis();
      let worker: WorkerProcess | undefined;
      cleanup.push(async () => {
        (worker?.child as ChildProcess | undefined)?.kill('SIGKILL');
        await stopRedis(redis);
      });
      worker = sourceWorker(`${url}?queue=oneroad`);
      await waitForLine(worker.child, worker.log, /waiting for runs/);
      const queuedOut = path.join(dir, 'queued.json');
      const queued = await cli(['run', EXAMPLE, '--queue', `${url}?queue=oneroad`, '--out', queuedOut]);
      expect(queued.code, queued.err).toBe(0);
      expect(fs.readFileSync(queuedOut, 'utf8')).toBe(reference);
    }
  }, 300_000);
});
