import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResultFile } from '@shared/experiment/experiment';
import { useTempDirs } from '../../helpers/tempDir';
import { REDIS, requireRedisUnderCi, startRedisOn, freePort, stopRedis, waitForLine, type WorkerProcess } from '../../helpers/redis';

/**
 * Redis failing under a batch, with real processes: a Redis without persistence killed and
 * restarted empty while `run --queue` waits on its runs, and a worker stopped while Redis is out of
 * reach. Nothing may hang, print a stack trace, or show the queue's password, which holds a "/".
 */
const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'bin/workload-studio.js');
const PASSWORD = 'secret/pass';
const tempDir = useTempDirs();
requireRedisUnderCi();

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

function studio(args: string[], env: NodeJS.ProcessEnv = {}): { child: ChildProcess; out: () => string; done: Promise<number | null> } {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  children.push(child);
  let text = '';
  child.stdout!.on('data', (b: Buffer) => (text += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (text += b.toString()));
  return { child, out: () => text, done: new Promise((r) => child.once('exit', r)) };
}

function worker(queueUrl: string): WorkerProcess {
  const { child } = studio(['worker', '--queue', queueUrl, '--stall-timeout', '3'], { REDIS_PASSWORD: PASSWORD });
  const w: WorkerProcess = { child, log: [] };
  child.stderr!.on('data', (b: Buffer) => w.log.push(...b.toString().split('\n').filter(Boolean)));
  return w;
}

/** A 12-run sweep, each run a few seconds long: Redis dies with some finished and some waiting. */
function sweep(dir: string): string {
  const example = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs/examples/baselines.experiment.json'), 'utf8')) as {
    workload: { generate: { count: number; arrival: { meanInterarrivalS: number } } };
    seeds: number[];
  };
  example.workload.generate.count = 3000;
  example.workload.generate.arrival.meanInterarrivalS = 1;
  fs.copyFileSync(path.join(ROOT, 'docs/examples/small.cluster.json'), path.join(dir, 'small.cluster.json'));
  const file = path.join(dir, 'sweep.experiment.json');
  fs.writeFileSync(file, JSON.stringify(example));
  return file;
}

const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

describe.runIf(REDIS)('Redis failing under a batch', () => {
  it('a password holding "/" in the queue URL is refused in words, and printed nowhere', async () => {
    const port = await freePort();
    const r = studio(['run', sweep(tempDir()), '--queue', `redis://:${PASSWORD}@127.0.0.1:${port}?queue=x`]);
    expect(await r.done).toBe(2);
    expect(r.out()).toMatch(/error: --queue: the user name or password in the queue URL holds "\/", "\?" or "#": write them as %2F/);
    expect(r.out()).not.toContain('secret');
    const w = studio(['worker', '--queue', `redis://:sec%zzret@127.0.0.1:${port}`]);
    expect(await w.done).toBe(2);
    expect(w.out()).toMatch(/the password in the queue URL has a malformed %-escape/);
    expect(w.out()).not.toContain('secret');
  });

  it('run --queue against a Redis restarted empty mid-batch: exits 1 naming the lost runs, keeps the finished ones, no stack trace, no password', async () => {
    const dir = tempDir();
    const port = await freePort();
    let redis = (await startRedisOn(port, '--requirepass', PASSWORD)).redis;
    children.push(redis);
    try {
      const queueUrl = `redis://127.0.0.1:${port}?queue=lossy`;
      const w = worker(queueUrl);
      await waitForLine(w.child, w.log, /waiting for runs/);
      const out = path.join(dir, 'partial.json');
      const run = studio(['run', sweep(dir), '--queue', queueUrl, '--out', out], { REDIS_PASSWORD: PASSWORD });
      // Two runs finished and a third taken: Redis dies and comes back with nothing in it.
      await waitForLine(w.child, w.log, /took run \S+\.2 /);
      redis.kill('SIGKILL');
      await new Promise((r) => redis.once('exit', r));
      redis = (await startRedisOn(port, '--requirepass', PASSWORD)).redis;
      children.push(redis);

      const code = await run.done;
      const said = run.out();
      expect(code, said).toBe(1);
      expect(said).toMatch(/is lost: its job is gone from Redis \(redis:\/\/\*\*\*@127\.0\.0\.1:\d+ \(queue lossy\)\)/);
      expect(said).toMatch(/^error: run \d+ \(\S+, seed \d\): lost: its job is gone from Redis/m);
      const finished = /(\d+) of 12 runs finished and are in the result/.exec(said);
      expect(finished, said).not.toBeNull();
      expect(Number(finished![1])).toBeGreaterThanOrEqual(2);
      expect((JSON.parse(fs.readFileSync(out, 'utf8')) as ResultFile).runs).toHaveLength(Number(finished![1]));
      expect(said).not.toMatch(STACK_LINE);
      expect(said).not.toContain('Unhandled error event');
      expect(said).not.toContain('secret');
      // The worker lives on, says nothing raw, and never shows the password either.
      expect(w.child.exitCode).toBeNull();
      const log = w.log.join('\n');
      expect(log).not.toMatch(STACK_LINE);
      expect(log).not.toContain('secret');
    } finally {
      await stopRedis(redis);
    }
  }, 300_000);

  it('a worker stopped while Redis is out of reach says so and exits', async () => {
    const port = await freePort();
    const { redis } = await startRedisOn(port, '--requirepass', PASSWORD);
    children.push(redis);
    const w = worker(`redis://127.0.0.1:${port}?queue=gone`);
    await waitForLine(w.child, w.log, /waiting for runs/);
    redis.kill('SIGKILL');
    await waitForLine(w.child, w.log, /cannot reach redis:\/\/\*\*\*@127\.0\.0\.1:\d+ \(queue gone\)/);
    const exited = new Promise((r) => w.child.once('exit', r));
    w.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(w.log.join('\n')).toMatch(/stopping without handing back the runs in hand: redis:\/\/\*\*\*@127\.0\.0\.1:\d+ \(queue gone\) is out of reach/);
    expect(w.log.join('\n')).not.toMatch(STACK_LINE);
  }, 120_000);
});
