// `npm run bench:ui`: how long the comparison view takes to open a saved run of 1,000,000 attempts
// (first paint under 1 s), in Debian's Chromium against the real services over
// loopback, from the built app (`npm run build` first). Not a test: it prints JSON.
//
// The run is saved here, then the studio is served by `workload-studio serve` in a process of its
// own, as the desktop app's main process is: its work never delays this script's clock.
//
// The run is (a)'s set-up of `npm run bench` (10,000 nodes, 1,000 jobs × 1,000 maps, FIFO, no
// contention) saved with every attempt, as the app saves it. Each measurement opens the view in a
// fresh page: "first paint" is the summary table and the comparison charts drawn with every run's
// data (the frame after the charts say they are ready), "Gantt" the task chart drawn as well.
// The schedulers are registered before anything reads a design, as in every entry of the studio.
import '../src-main/schedulers/registry';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium } from 'playwright-core';
import { generateUniformCluster, defaultUniformCluster, UniformClusterSchema } from '../src-main/shared/cluster/clusterGenerator';
import { startServices, type Services } from '../src-main/services';

const ROOT = path.resolve(__dirname, '..');
const RENDERER_DIR = path.join(ROOT, 'out/renderer');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const JOBS = Number(process.env.BENCH_UI_JOBS ?? 1000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function call<T>(services: Services, channel: string, request: unknown): Promise<T> {
  const r = await services.dispatch(channel, request);
  if (!r.ok) throw new Error(`${channel}: ${r.error.field ?? ''} ${r.error.message}`);
  return r.data as T;
}

async function savedRun(services: Services): Promise<{ id: string; attempts: number }> {
  const spec = generateUniformCluster(
    UniformClusterSchema.parse({
      ...defaultUniformCluster,
      name: 'bench 10,000 nodes',
      racks: 100,
      hostsPerRack: 100,
      cores: 8,
      memoryGb: 32,
      disks: 2,
      diskMBps: 100,
      nicMBps: 125,
      rackUplinkMBps: 2500,
      oversubscription: 2,
    }),
  );
  const cluster = await call<{ id: string }>(services, 'clusters:create', { spec });
  const jobs = Array.from({ length: JOBS }, (_, i) => ({ id: `j${i}`, template: 'Grep', submit: i * 2, inputMb: 128_000, maps: 1000, reduces: 0 }));
  const workload = await call<{ id: string }>(services, 'workloads:create', { spec: { name: `${JOBS} jobs × 1,000 maps`, jobs } });
  const design = await call<{ id: string }>(services, 'experiments:create', {
    spec: {
      name: 'first paint',
      clusterIds: [cluster.id],
      workloadIds: [workload.id],
      schedulers: [{ kind: 'fifo', mapSlots: 4, reduceSlots: 2 }],
      seeds: [1],
      simulation: { contention: 'none', heartbeatS: 3, recordAttempts: true },
    },
  });
  const started = await call<{ id: string }>(services, 'experiments:run', { id: design.id });
  await services.runner.settled(started.id);
  const data = await call<{ attempts: number }>(services, 'batches:runData', { id: started.id, run: 0 });
  return { id: started.id, attempts: data.attempts };
}

/** `workload-studio serve` on the data folder; resolves with its URL once it listens. */
function serve(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'out/main/cli.js'), 'serve', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const url = /Open (\S+)/.exec(out)?.[1];
      if (url) resolve({ url, child });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

async function main() {
  if (!fs.existsSync(path.join(RENDERER_DIR, 'index.html'))) throw new Error('the renderer is not built: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-ui-'));
  const services = await startServices({ dataDir });
  const t0 = performance.now();
  const run = await savedRun(services);
  await services.close();
  process.stderr.write(`saved a run of ${run.attempts.toLocaleString('en-US')} attempts in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  const server = await serve(dataDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const paints: number[] = [];
    const gantts: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
      if (process.env.BENCH_UI_TRACE) {
        const t0 = performance.now();
        page.on('request', (r) =>
          process.stderr.write(`  ${((performance.now() - t0) / 1000).toFixed(3)} → ${r.url().slice(-60)} ${r.postData()?.slice(0, 80) ?? ''}\n`),
        );
        page.on('requestfinished', (r) =>
          process.stderr.write(`  ${((performance.now() - t0) / 1000).toFixed(3)} ← ${r.url().slice(-60)} ${r.postData()?.slice(0, 80) ?? ''}\n`),
        );
      }
      await page.goto(server.url);
      await page.locator('nav').first().waitFor();
      const cdp = process.env.BENCH_UI_PROFILE ? await page.context().newCDPSession(page) : undefined;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      const start = performance.now();
      await page.evaluate(`location.hash = '#/history/${run.id}'`);
      await page.getByTestId('summary-table').waitFor({ timeout: 120_000 });
      await page.locator('[data-testid="comparison-charts"][data-ready]').waitFor({ timeout: 120_000 });
      await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
      paints.push((performance.now() - start) / 1000);
      if (cdp) fs.writeFileSync(process.env.BENCH_UI_PROFILE!, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      await page.getByTestId('gantt').locator('canvas').first().waitFor({ timeout: 120_000 });
      gantts.push((performance.now() - start) / 1000);
      // BENCH_UI_SCREENSHOT=file.png: the view as it stands once drawn, to look at.
      if (process.env.BENCH_UI_SCREENSHOT && i === 0) await page.screenshot({ path: process.env.BENCH_UI_SCREENSHOT, fullPage: true });
      process.stderr.write(`open ${i + 1}: first paint ${paints[i].toFixed(2)} s, Gantt ${gantts[i].toFixed(2)} s\n`);
      await page.close();
    }
    const report = {
      case: `(i) the comparison view opens a saved run of ${run.attempts.toLocaleString('en-US')} attempts`,
      attempts: run.attempts,
      runs: REPEATS,
      firstPaintSeconds: Number(median(paints).toFixed(3)),
      ganttSeconds: Number(median(gantts).toFixed(3)),
      target: { firstPaintSeconds: 1 },
      meetsTarget: median(paints) <= 1,
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await new Promise((done) => server.child.once('exit', done));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
