import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { smallCluster } from '../../helpers/clusterFixtures';
import { CLI_ENTRY } from '../../helpers/processes';
import { useTempDirs } from '../../helpers/tempDir';

/**
 * What a CLI command loads before it can start. BullMQ and its Redis client were a third of every
 * command's start-up (and of the app's), though only a batch sent to a queue and `worker` use
 * them; they now load there. ECharts (3.7 MB of script) was a sixth, though only a report draws
 * with it; it now loads at the first chart. Piscina, the worker threads' pool, loads at the first
 * batch or why-not replay; the fitting libraries at the first fit of the interference model. Counted by module, not timed: a timed test would fail
 * on a busy day.
 */
const tempDir = useTempDirs();
const RECORDER = path.resolve(__dirname, '../../helpers/recordLoadedModules.cjs');
const LAZY_LIBRARIES = /[\\/]node_modules[\\/](bullmq|ioredis|echarts|piscina|ml-levenberg-marquardt|ml-matrix)[\\/]/;

/** Run the built CLI with the recorder preloaded; the package folders it loaded, by name. */
function loadedPackages(args: string[]): Promise<{ code: number | null; err: string; packages: Set<string> }> {
  const out = path.join(tempDir(), 'loaded.json');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', RECORDER, CLI_ENTRY, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LOADED_MODULES_OUT: out },
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const files: string[] = JSON.parse(fs.readFileSync(out, 'utf8'));
      const packages = new Set(files.flatMap((f) => LAZY_LIBRARIES.exec(f)?.[1] ?? []));
      resolve({ code, err, packages });
    });
  });
}

describe('the CLI loads the queue, chart, thread-pool and fitting libraries only where they are used', () => {
  it('imports a cluster and prints its help without BullMQ, ioredis, ECharts, the thread pool or the fitting libraries', async () => {
    const file = path.join(tempDir(), 'small.cluster.json');
    fs.writeFileSync(file, JSON.stringify(smallCluster({ name: 'small' })));
    const imported = await loadedPackages(['clusters', 'import', file, '--data-dir', tempDir()]);
    expect(imported.code, imported.err).toBe(0);
    expect([...imported.packages]).toEqual([]);
    const help = await loadedPackages(['--help']);
    expect(help.code, help.err).toBe(0);
    expect([...help.packages]).toEqual([]);
  });

  it('loads them for a batch sent to a queue (here one out of reach, refused before any run is sent)', async () => {
    const example = path.resolve(__dirname, '../../../docs/examples/baselines.experiment.json');
    const queued = await loadedPackages(['run', example, '--queue', 'redis://127.0.0.1:1', '--out', path.join(tempDir(), 'r.json')]);
    expect(queued.err).toMatch(/cannot reach redis:\/\/127\.0\.0\.1:1/);
    expect(queued.code).not.toBe(0);
    expect([...queued.packages].sort()).toEqual(['bullmq', 'ioredis']);
  });

  it('loads ECharts for a report, which draws its charts with it', async () => {
    const dir = tempDir();
    const example = path.resolve(__dirname, '../../../docs/examples/baselines.experiment.json');
    const result = path.join(dir, 'baselines.json');
    const ran = await loadedPackages(['run', example, '--out', result]);
    expect(ran.code, ran.err).toBe(0);
    // A run goes to worker threads: their pool comes with it.
    expect([...ran.packages]).toEqual(['piscina']);
    const report = await loadedPackages(['report', result, '--format', 'html', '--out', path.join(dir, 'report')]);
    expect(report.code, report.err).toBe(0);
    expect([...report.packages]).toEqual(['echarts']);
    expect(fs.readFileSync(path.join(dir, 'report/baselines.report.html'), 'utf8')).toContain('<svg');
  });

  it('loads the linear algebra library for the interference models, which it fits', async () => {
    const fitted = await loadedPackages(['interference', '--samples', '30', '--json']);
    expect(fitted.code, fitted.err).toBe(0);
    expect([...fitted.packages]).toEqual(['ml-matrix']);
  });
});
