import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDirs } from '../../helpers/tempDir';
import { builtWorker, REDIS, requireRedisUnderCi, startRedis, stopRedis, waitForLine, type WorkerProcess } from '../../helpers/redis';

/**
 * A scheduler file of the user's own through the queue (docs/plugins.md): the studio sends its
 * bytes with the runs; a worker runs it only when started with --allow-plugins, and then gives
 * the same result, byte for byte, as this machine's threads.
 */
const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'bin/workload-studio.js');
const PLUGIN = path.join(ROOT, 'docs/examples/schedulers/shortest-job-first.scheduler.js');
const tempDir = useTempDirs();
requireRedisUnderCi();

function studio(args: string[]): Promise<{ code: number | null; err: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, err })));
}

describe.runIf(REDIS)('a scheduler file on queue workers', () => {
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
  async function worker(queueUrl: string, extra: string[]): Promise<WorkerProcess> {
    const w = builtWorker(queueUrl, extra);
    workers.push(w);
    await waitForLine(w.child, w.log, /waiting for runs/);
    return w;
  }

  it('is refused by a worker not allowed to run it, and run to the same bytes by one that is', async () => {
    const dir = tempDir();
    const made = await studio(['scheduler', 'new', 'queued', '--out', dir]);
    expect(made.code, made.err).toBe(0);
    const experiment = path.join(dir, 'queued.experiment.json');
    // The fixture's policy under the experiment's own name: a file the workers have never seen.
    const design = JSON.parse(fs.readFileSync(experiment, 'utf8')) as { schedulers: { kind: string }[]; plugins: unknown };
    design.schedulers[0] = { kind: 'shortest-job-first' };
    design.plugins = [{ file: 'shortest-job-first.scheduler.js' }];
    fs.copyFileSync(PLUGIN, path.join(dir, 'shortest-job-first.scheduler.js'));
    fs.writeFileSync(experiment, JSON.stringify(design));

    const strictQueue = `${url}?queue=strict`;
    const strict = await worker(strictQueue, []);
    const refused = await studio(['run', experiment, '--queue', strictQueue, '--out', path.join(dir, 'refused.json')]);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(/the scheduler files go with the runs/);
    expect(refused.err).toMatch(/needs a scheduler of the user's own \(shortest-job-first\.scheduler\.js\); .*start it with --allow-plugins/);
    strict.child.kill('SIGTERM');

    const openQueue = `${url}?queue=open`;
    const open = await worker(openQueue, ['--allow-plugins']);
    const remoteOut = path.join(dir, 'remote.json');
    const remote = await studio(['run', experiment, '--queue', openQueue, '--out', remoteOut]);
    expect(remote.code, remote.err).toBe(0);
    const localOut = path.join(dir, 'local.json');
    expect((await studio(['run', experiment, '--out', localOut])).code).toBe(0);
    expect(fs.readFileSync(remoteOut, 'utf8')).toBe(fs.readFileSync(localOut, 'utf8'));

    // The worker kept its copy of the file in a folder of its own, which goes when it stops.
    const copies = path.join(os.tmpdir(), `workload-studio-plugins-${open.child.pid}`);
    expect(fs.readdirSync(copies, { recursive: true }).map(String)).toContainEqual(expect.stringMatching(/shortest-job-first\.scheduler\.js$/));
    const stopped = new Promise((resolve) => open.child.once('exit', resolve));
    open.child.kill('SIGTERM');
    await stopped;
    expect(fs.existsSync(copies)).toBe(false);
  }, 300_000);
});
