// `npm run bench:queue`: a 24-run sweep of the SWIM FB-2009 day on 100 nodes through Redis, with
// one worker process and then with two, on this machine (not a test). Needs redis-server; the trace
// is the one kept with the tests' fixtures (tests/fixtures/traces). Prints the wall times, their ratio against the
// issue's target (two workers at most 0.6× one), and whether both results are the same bytes.
// The schedulers are registered before anything reads a design, as in every entry of the studio.
import '../src-main/schedulers/registry';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { readTraceFile } from '../src-main/workloads/traces/readTraceFile';
import { generateUniformCluster, UniformClusterSchema } from '../src-main/shared/cluster/clusterGenerator';

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'bin/workload-studio.js');
const TRACE = path.join(ROOT, 'tests/fixtures/traces/swim/FB-2009_samples_24_times_1hr_0.tsv');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

function until(child: ChildProcess, stream: 'stdout' | 'stderr', re: RegExp): Promise<void> {
  return new Promise((resolve) => {
    let seen = '';
    child[stream]!.on('data', (b: Buffer) => {
      seen += b.toString();
      if (re.test(seen)) resolve();
    });
  });
}

async function sweep(url: string, workers: number, experiment: string, out: string): Promise<number> {
  const procs = Array.from({ length: workers }, () => spawn(process.execPath, [BIN, 'worker', '--queue', url], { stdio: ['ignore', 'ignore', 'pipe'] }));
  await Promise.all(procs.map((p) => until(p, 'stderr', /waiting for runs/)));
  const t0 = performance.now();
  const run = spawn(process.execPath, [BIN, 'run', experiment, '--queue', url, '--out', out], { stdio: ['ignore', 'ignore', 'inherit'] });
  const code = await new Promise<number | null>((r) => run.once('exit', r));
  const seconds = (performance.now() - t0) / 1000;
  for (const p of procs) p.kill('SIGTERM');
  if (code !== 0) throw new Error(`the sweep with ${workers} worker(s) failed (exit ${code})`);
  return seconds;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-queue-'));
  const port = await freePort();
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await until(redis, 'stdout', /Ready to accept connections/);
  try {
    const trace = await readTraceFile(TRACE, {});
    const cluster = generateUniformCluster(
      UniformClusterSchema.parse({
        name: '100 nodes',
        racks: 5,
        hostsPerRack: 20,
        cores: 8,
        coreSpeed: 1,
        memoryGb: 32,
        disks: 2,
        diskMBps: 100,
        nicMBps: 125,
        rackUplinkMBps: 1250,
        oversubscription: 4,
      }),
    );
    const experiment = path.join(dir, 'fb-day.experiment.json');
    const schedulers = [
      { kind: 'fifo' },
      { kind: 'fair' },
      { kind: 'capacity' },
      { kind: 'drf' },
      { kind: 'fair', nodeLocalityWaitS: 0, rackLocalityWaitS: 0, label: 'PureFair' },
      { kind: 'minedf' },
    ];
    fs.writeFileSync(
      experiment,
      JSON.stringify({
        format: 'workload-studio.experiment',
        name: 'FB-2009 day on 100 nodes',
        cluster,
        workload: { name: 'FB-2009 day', jobs: trace.jobs },
        schedulers,
        seeds: [1, 2, 3, 4],
        simulation: {},
      }),
    );
    const url = `redis://127.0.0.1:${port}`;
    const one = await sweep(`${url}?queue=one`, 1, experiment, path.join(dir, 'one.json'));
    const two = await sweep(`${url}?queue=two`, 2, experiment, path.join(dir, 'two.json'));
    const same = fs.readFileSync(path.join(dir, 'one.json')).equals(fs.readFileSync(path.join(dir, 'two.json')));
    const ratio = two / one;
    console.log(
      JSON.stringify(
        {
          case: '24-run sweep of the FB-2009 day on 100 nodes through Redis',
          cores: os.availableParallelism(),
          loadAverage: os.loadavg().map((x) => Number(x.toFixed(2))),
          oneWorkerS: Number(one.toFixed(1)),
          twoWorkersS: Number(two.toFixed(1)),
          ratio: Number(ratio.toFixed(2)),
          target: { ratio: 0.6 },
          meetsTarget: ratio <= 0.6,
          sameResult: same,
        },
        null,
        2,
      ),
    );
  } finally {
    redis.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
