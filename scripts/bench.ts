// `npm run bench`: engine throughput on large set-ups (not a test). The cases (benchCase.ts) are
// bundled the way the app is built, then each runs in its own process (so peak RSS is its own),
// three times; the median is reported as JSON with the targets from the engine issue.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { build } from 'vite';
import { CASES } from './benchCase';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function bundle(): Promise<string> {
  // Inside the project, so the bundle's external packages resolve from node_modules.
  const outDir = path.resolve(__dirname, '../node_modules/.cache/studio-bench');
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { '@shared': path.resolve(__dirname, '../src-main/shared') } },
    build: { ssr: path.resolve(__dirname, 'benchCase.ts'), outDir, minify: false, rolldownOptions: { output: { format: 'cjs', entryFileNames: 'benchCase.cjs' } } },
  });
  return path.join(outDir, 'benchCase.cjs');
}

async function main() {
  const only = process.argv.slice(2);
  const keys = only.length ? only : Object.keys(CASES);
  const repeats = Number(process.env.BENCH_REPEATS ?? 3);
  const entry = await bundle();
  const report: Record<string, unknown> = {};
  for (const key of keys) {
    const samples = [];
    for (let i = 0; i < (key === 'd' ? 1 : repeats); i++) {
      const child = spawnSync(process.execPath, ['--max-old-space-size=4096', entry, '--case', key], { encoding: 'utf8', cwd: path.resolve(__dirname, '..'), maxBuffer: 1 << 24 });
      if (child.status !== 0) throw new Error(`case ${key} failed:\n${child.stderr}`);
      samples.push(JSON.parse(child.stdout));
    }
    const wall = median(samples.map((s) => s.wallSeconds));
    const s = samples.find((x) => x.wallSeconds === wall)!;
    const c = CASES[key];
    const peak = Math.max(...samples.map((x) => x.peakRssMb));
    report[key] = {
      case: c.name,
      runs: samples.length,
      wallSeconds: Number(wall.toFixed(3)),
      eventsPerSecond: Math.round(s.events / wall),
      simulatedTasksPerSecond: Math.round(s.tasks / wall),
      peakRssMb: Math.round(peak),
      tasks: s.tasks,
      events: s.events,
      simulatedSeconds: Math.round(s.simulatedSeconds),
      jobsSucceeded: s.jobsSucceeded,
      target: c.target,
      meetsTarget: wall <= c.target.wallSeconds && (c.target.peakRssMb === undefined || peak <= c.target.peakRssMb),
    };
    process.stderr.write(`${c.name}: ${wall.toFixed(2)} s, peak RSS ${Math.round(peak)} MB\n`);
  }
  console.log(JSON.stringify(report, null, 2));
}

void main();
