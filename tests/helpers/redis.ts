import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect } from 'vitest';

/**
 * Real Redis and real worker processes for the tests of runs on other machines (integration and
 * e2e): a redis-server of its own per suite, and workers of the studio's source.
 */
const ROOT = path.resolve(__dirname, '../..');

/** The installed redis-server, if any. */
export const REDIS =
  ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p)) ??
  (spawnSync('which', ['redis-server']).stdout.toString().trim() || undefined);

/** Says why a suite that needs Redis is skipped; under CI, which installs it (.ci/run), fails instead. */
export function requireRedisUnderCi(): void {
  if (!REDIS) {
    if (process.env.CI) throw new Error('redis-server is not installed: CI must install it (.ci/run does, with apt-get install redis-server)');
    console.log('redis-server is not installed here: the remote-worker tests are skipped (apt-get install redis-server to run them)');
  }
}

/** A TCP port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Resolves once `child` has printed a line matching `re` (on stderr), with the match. */
export function waitForLine(child: ChildProcess, log: string[], re: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve) => {
    const look = () => {
      for (const line of log) {
        const m = re.exec(line);
        if (m) return resolve(m);
      }
      child.stderr!.once('data', look);
    };
    look();
  });
}

/** A redis-server of its own on a free port (no persistence), with any further arguments. */
export async function startRedis(...args: string[]): Promise<{ redis: ChildProcess; url: string; port: number }> {
  return startRedisOn(await freePort(), ...args);
}

/** A redis-server of its own on `port` (no persistence: restarted, it starts empty), with any further arguments. */
export async function startRedisOn(port: number, ...args: string[]): Promise<{ redis: ChildProcess; url: string; port: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-redis-'));
  const redis = spawn(REDIS!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  redis.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  await new Promise<void>((resolve) => {
    const look = (b: Buffer) => (/Ready to accept connections/.test(b.toString()) ? resolve() : redis.stdout!.once('data', look));
    redis.stdout!.once('data', look);
  });
  return { redis, url: `redis://127.0.0.1:${port}`, port };
}

export async function stopRedis(redis: ChildProcess): Promise<void> {
  redis.kill('SIGTERM');
  await new Promise((r) => redis.once('exit', r));
}

/** A worker of the studio's source (the services in a test run from source, and a worker takes only runs of its own version). */
export function sourceWorker(queueUrl: string, env: NodeJS.ProcessEnv = {}): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src-main/cli.ts'), 'worker', '--queue', queueUrl, '--stall-timeout', '3'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env, TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.node.json') },
  });
  const w: WorkerProcess = { child, log: [] };
  child.stderr!.on('data', (b: Buffer) => w.log.push(...b.toString().split('\n').filter(Boolean)));
  return w;
}

/** A worker of the built CLI (`bin/workload-studio.js worker`), its stderr lines kept: what a studio run through the built CLI sends to. */
export function builtWorker(queueUrl: string, args: readonly string[] = []): WorkerProcess {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/workload-studio.js'), 'worker', '--queue', queueUrl, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const w: WorkerProcess = { child, log: [] };
  child.stderr!.on('data', (b: Buffer) => w.log.push(...b.toString().split('\n').filter(Boolean)));
  return w;
}

export interface WorkerProcess {
  child: ChildProcess;
  log: string[];
}

/**
 * The "finished run" lines of these workers, once there are at least `count`. A worker says it
 * finished a run when its queue has taken the outcome, which the studio may hear of first: its last
 * lines can come just after a batch settles, so a test waits for them instead of reading at once.
 */
export async function finishedLines(workers: readonly WorkerProcess[], count: number): Promise<string[]> {
  const said = () => workers.flatMap((w) => w.log.filter((l) => / finished run /.test(l)));
  await expect.poll(() => said().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(count);
  return said();
}
