// `npm run bench:store`: what a save costs and how long writers wait, on this machine (not a test).
//
// 1. A store holding 1,000 finished runs (about 60 kB of columns and 200 jobs each, the size of the
//    runs that made a 76 MB database before payload files): the median and worst time of a small
//    save (a cluster created). Target: ≤ 200 ms.
// 2. serve running a batch of 60 runs while 20 rounds of 6 CLI imports write the same folder: how
//    many imports were refused, every acknowledged id present, and the CLI's lock waits (each
//    process appends its waits to WORKLOAD_STUDIO_LOCK_TIMINGS). Target: none refused, p95 ≤ 2 s.
// Needs the built CLI (`npx electron-vite build`).
// The schedulers are registered before anything reads a design, as in every entry of the studio.
import '../src-main/schedulers/registry';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ClusterSpecSchema } from '../src-main/shared/cluster/cluster';
import type { BatchInputs, RunPlan } from '../src-main/shared/experiment/design';
import { SAMPLE_CLUSTER } from '../src-main/shared/experiment/sampleStudio';
import { batchesRepo } from '../src-main/store/batchesRepo';
import type { StoredRunResult } from '../src-main/store/storedRun';
import { clustersRepo } from '../src-main/store/clustersRepo';
import { packColumns } from '../src-main/formats/columns';
import { Store } from '../src-main/store/database';

const ROOT = path.resolve(__dirname, '..');
const CLI = path.join(ROOT, 'out/main/cli.js');
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const folderBytes = (dir: string): number =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce((s, e) => s + (e.isDirectory() ? folderBytes(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size), 0);

async function saveCost() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-store-'));
  const store = await Store.open({ dataDir });
  const batches = batchesRepo(store);
  const inputs = { clusters: [], workloads: [], schedulers: [], seeds: [1], simulation: {} } as unknown as BatchInputs;
  const plan: RunPlan[] = Array.from({ length: 1000 }, (_, index) => ({ index, cluster: 0, workload: 0, scheduler: 0, seed: index, label: 'fifo' }));
  const batch = await batches.create('a thousand runs', null, inputs, plan);
  let x = 1;
  const next = () => (x = (x * 48271) % 2147483647) / 2147483647;
  await Promise.all(
    plan.map((p) => {
      const result = {
        summary: { makespan: next(), meanJct: next() },
        kind: 'fifo',
        jobs: Array.from({ length: 200 }, (_, i) => ({ id: `j${i}`, finish: next() })),
      } as unknown as StoredRunResult;
      return batches.finishRun(batch.id, p.index, result, packColumns({ 'series.t': Float64Array.from({ length: 7500 }, next) }));
    }),
  );
  await batches.finish(batch.id, 'finished');
  const clusters = clustersRepo(store);
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    await clusters.create(ClusterSpecSchema.parse({ ...SAMPLE_CLUSTER, name: `c${i}` }));
    times.push(performance.now() - t0);
  }
  store.close();
  const out = {
    runs: 1000,
    databaseMb: fs.statSync(store.file).size / 1e6,
    folderMb: folderBytes(dataDir) / 1e6,
    saveMsMedian: quantile(times, 0.5),
    saveMsMax: Math.max(...times),
    targetMs: 200,
  };
  fs.rmSync(dataDir, { recursive: true, force: true });
  return out;
}

function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

async function contention() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-store-'));
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-store-files-'));
  const timings = path.join(files, 'lock-waits.txt');
  const serve = spawn(process.execPath, [CLI, 'serve', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const { origin, token } = await new Promise<{ origin: string; token: string }>((resolve) => {
    let printed = '';
    serve.stdout.on('data', (b: Buffer) => {
      printed += b.toString();
      const m = /Open (http:\/\/127\.0\.0\.1:\d+)\/#token=(\S+)/.exec(printed);
      if (m) resolve({ origin: m[1], token: m[2] });
    });
  });
  const call = async <T>(channel: string, payload?: unknown): Promise<T> => {
    const res = await fetch(`${origin}/api/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(payload ?? null),
    });
    const answer = (await res.json()) as { ok: boolean; data: T; error?: unknown };
    if (!answer.ok) throw new Error(`${channel}: ${JSON.stringify(answer.error)}`);
    return answer.data;
  };
  try {
    const sample = await call<{ experimentId: string }>('studio:sample');
    const design = await call<{ spec: Record<string, unknown> }>('experiments:get', { id: sample.experimentId });
    const sixty = await call<{ id: string }>('experiments:create', {
      spec: { ...design.spec, name: 'sixty runs', seeds: Array.from({ length: 20 }, (_, i) => i + 1) },
    });
    // A batch of 60 runs is going the whole time: when one ends, the next starts.
    const state = { importing: true };
    let batchesRun = 0;
    const batches = (async () => {
      while (state.importing) {
        const batch = await call<{ id: string }>('experiments:run', { id: sixty.id });
        batchesRun++;
        while ((await call<{ status: string }>('batches:get', { id: batch.id })).status === 'running') await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const env = { ...process.env, WORKLOAD_STUDIO_LOCK_TIMINGS: timings };
    const acknowledged: string[] = [];
    let refused = 0;
    for (let round = 0; round < 20; round++) {
      const imports = await Promise.all(
        Array.from({ length: 6 }, (_, i) => {
          const file = path.join(files, `r${round}-${i}.cluster.json`);
          fs.writeFileSync(file, JSON.stringify({ ...SAMPLE_CLUSTER, name: `r${round}-${i}` }));
          return cli(['clusters', 'import', file, '--data-dir', dataDir], env);
        }),
      );
      for (const r of imports) {
        const id = /\(([0-9a-f-]{36})\)\s*$/.exec(r.out.trim())?.[1];
        if (r.code === 0 && id) acknowledged.push(id);
        else refused++;
      }
    }
    state.importing = false;
    await batches;
    const listed = new Set((await call<{ id: string }[]>('clusters:list')).map((c) => c.id));
    const waits = fs
      .readFileSync(timings, 'utf8')
      .trim()
      .split('\n')
      .map((l) => Number(l.split(' ')[1]));
    return {
      imports: 20 * 6,
      refused,
      missing: acknowledged.filter((id) => !listed.has(id)).length,
      batchesOfSixtyRuns: batchesRun,
      cliLockWaitMsP50: quantile(waits, 0.5),
      cliLockWaitMsP95: quantile(waits, 0.95),
      cliLockWaitMsMax: Math.max(...waits),
      targetP95Ms: 2000,
    };
  } finally {
    serve.kill('SIGTERM');
    await new Promise((r) => serve.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(files, { recursive: true, force: true });
  }
}

async function main() {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npx electron-vite build\` first`);
  const report = { save: await saveCost(), contention: await contention() };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

void main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
