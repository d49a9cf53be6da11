// `npm run bench:serve`: how long API calls wait while serve runs a batch of real-trace runs (not a test).
//
// serve's services and loopback server in this process, as `workload-studio serve` runs them; a
// batch of the SWIM FB-2009 day on 100 nodes (FIFO, Fair, Capacity and DRF × 3 seeds) through the
// worker threads; meanwhile a client asks `batches:list` and `batches:get` over HTTP every 100 ms
// and times each answer. Every finished run is saved while the calls go on: a call that waits
// behind a save shows here. Target: no call over 200 ms.
// Needs the built worker bundle (`npx electron-vite build`).
// The schedulers are registered before anything reads a design, as in every entry of the studio.
import '../src-main/schedulers/registry';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultUniformCluster } from '../src-main/shared/cluster/clusterGenerator';
import type { BatchDetail, BatchSummary, DesignRecord } from '../src-main/shared/experiment/design';
import type { WorkloadRecord } from '../src-main/shared/api/records';
import { startServices } from '../src-main/services';
import { startLoopbackServer } from '../src-main/server/loopbackServer';

const ROOT = path.resolve(__dirname, '..');
const DAY = path.join(ROOT, 'tests/fixtures/traces/swim/FB-2009_samples_24_times_1hr_0.tsv');
const TARGET_MS = 200;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-serve-'));
  const services = await startServices({ dataDir });
  const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-serve-renderer-'));
  const server = await startLoopbackServer({ dispatch: services.dispatch, events: services.events, imports: services.imports, rendererDir });
  const call = async <T>(channel: string, request: object): Promise<T> => {
    const res = await fetch(`${server.origin}/api/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    const body = (await res.json()) as { ok: boolean; data: T; error?: { message: string } };
    if (!body.ok) throw new Error(`${channel}: ${body.error?.message}`);
    return body.data;
  };
  try {
    const opened = services.imports.openPath(DAY);
    const day = await call<WorkloadRecord>('workloads:importConfirm', { file: opened.file });
    const cluster = await call<{ id: string }>('clusters:generate', { params: { ...defaultUniformCluster, name: 'hundred', racks: 5, hostsPerRack: 20 } });
    const design = await call<DesignRecord>('experiments:create', {
      spec: {
        name: 'a day, four schedulers',
        clusterIds: [cluster.id],
        workloadIds: [day.id],
        schedulers: [{ kind: 'fifo' }, { kind: 'fair' }, { kind: 'capacity' }, { kind: 'drf' }],
        seeds: [1, 2, 3],
      },
    });
    const started = performance.now();
    const batch = await call<BatchSummary>('experiments:run', { id: design.id, allowLarge: true });
    const waits: { ms: number; channel: string; at: number }[] = [];
    const state = { done: false };
    const settled = services.runner.settled(batch.id).then(() => (state.done = true));
    for (let k = 0; !state.done; k++) {
      const channel = k % 2 === 0 ? 'batches:list' : 'batches:get';
      const t0 = performance.now();
      await call(channel, channel === 'batches:get' ? { id: batch.id } : {});
      waits.push({ ms: performance.now() - t0, channel, at: (t0 - started) / 1000 });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await settled;
    const detail = await call<BatchDetail>('batches:get', { id: batch.id });
    const ms = waits.map((w) => w.ms);
    const worst = waits.reduce((a, b) => (b.ms > a.ms ? b : a));
    const report = {
      case: 'API calls while serve runs and saves a batch (SWIM FB-2009 day, 100 nodes, 4 schedulers × 3 seeds)',
      runs: detail.results.length,
      finished: detail.results.filter((r) => r.status === 'finished').length,
      batchSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      calls: waits.length,
      p50Ms: Number(quantile(ms, 0.5).toFixed(1)),
      p95Ms: Number(quantile(ms, 0.95).toFixed(1)),
      worstMs: Number(worst.ms.toFixed(1)),
      worstCall: `${worst.channel} at ${worst.at.toFixed(1)} s`,
      over200Ms: ms.filter((x) => x > TARGET_MS).length,
      databaseMb: Number((fs.statSync(path.join(dataDir, 'studio.sqlite')).size / 2 ** 20).toFixed(1)),
      target: { worstMs: TARGET_MS },
      meetsTarget: worst.ms <= TARGET_MS,
    };
    process.stderr.write(
      `worst wait ${report.worstMs} ms (${report.worstCall}); p50 ${report.p50Ms} ms, p95 ${report.p95Ms} ms; ${report.over200Ms} over 200 ms\n`,
    );
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await server.close();
    await services.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(rendererDir, { recursive: true, force: true });
  }
}

void main();
