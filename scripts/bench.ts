// `npm run bench`: engine throughput on large set-ups (not a test). The cases (benchCase.ts) are
// bundled the way the app is built, then each runs in its own process (so peak RSS is its own),
// three times, in rounds; the median is reported as JSON with the targets from the engine issue.
//
// `npm run bench -- --baseline REF [cases…]` also bundles the same cases against the engine of a
// git commit (a worktree of REF under node_modules/.cache) and runs the two alternately, so the
// ratio is measured on one machine at one time (this machine's speed varies by 40 % between days).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build } from 'vite';
import { workRatios } from '../src-main/shared/results/workCount';
import { CASES } from './benchCase';
import { K_DAYS } from './benchDays';
import { TARGETS, targetLines, targetRows } from './benchTargets';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const ROOT = path.resolve(__dirname, '..');
const CACHE = path.join(ROOT, 'node_modules/.cache');

/** Bundle benchCase.ts of the tree at `root` (inside the project, so packages resolve from node_modules). */
async function bundle(root: string, name: string): Promise<string> {
  const outDir = path.join(CACHE, name);
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { '@shared': path.join(root, 'src-main/shared') } },
    build: {
      ssr: path.join(root, 'scripts/benchCase.ts'),
      outDir,
      minify: false,
      rolldownOptions: { output: { format: 'cjs', entryFileNames: 'benchCase.cjs' } },
    },
  });
  return path.join(outDir, 'benchCase.cjs');
}

/**
 * A worktree of `ref` running today's cases: benchCase.ts is copied in, entry points renamed since
 * are re-exported under their new names, and node_modules is linked from here
 * (outside node_modules, since the bundler does not alias files inside it).
 */
const BASELINE_TREE = path.join(os.tmpdir(), 'studio-bench-baseline-tree');
function baselineTree(ref: string): string {
  const dir = BASELINE_TREE;
  spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT });
  fs.rmSync(dir, { recursive: true, force: true });
  const add = spawnSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: ROOT, encoding: 'utf8' });
  if (add.status !== 0) throw new Error(`cannot check out ${ref}: ${add.stderr}`);
  for (const f of ['benchCase.ts', 'benchDays.ts']) fs.copyFileSync(path.join(ROOT, 'scripts', f), path.join(dir, 'scripts', f));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  // Entry points renamed since: the engine split (simulator → kernel), the scheduler registry (index → registry).
  const shims: [string, string][] = [
    ['src-main/engine/kernel.ts', "export * from './simulator';\n"],
    ['src-main/schedulers/registry.ts', "export * from './index';\n"],
  ];
  for (const [file, text] of shims) if (!fs.existsSync(path.join(dir, file))) fs.writeFileSync(path.join(dir, file), text);
  // Files moved to other folders since (the engine's folders given a direction, the codec and
  // templates renamed): the new place re-exports the old file when the baseline predates the move.
  const moved: [string, string][] = [
    ['src-main/engine/run/kernel.ts', 'src-main/engine/core/kernel.ts'],
    ['src-main/engine/core/topology.ts', 'src-main/engine/resources/topology.ts'],
    ['src-main/engine/state/state.ts', 'src-main/engine/core/state.ts'],
    ['src-main/formats/columns.ts', 'src-main/store/columns.ts'],
    ['src-main/workloads/benchmarkTemplates.ts', 'src-main/workloads/templates.ts'],
  ];
  for (const [now, before] of moved) {
    if (fs.existsSync(path.join(dir, now)) || !fs.existsSync(path.join(dir, before))) continue;
    fs.mkdirSync(path.dirname(path.join(dir, now)), { recursive: true });
    const from = path.relative(path.dirname(path.join(dir, now)), path.join(dir, before)).replace(/\.ts$/, '');
    fs.writeFileSync(path.join(dir, now), `export * from '${from.startsWith('.') ? from : `./${from}`}';\n`);
  }
  // Files moved into a sub-folder since (engine/ and shared/ by concern): what benchCase.ts imports
  // at its new place re-exports the file of the same name one folder up.
  const benchCase = fs.readFileSync(path.join(dir, 'scripts/benchCase.ts'), 'utf8');
  for (const [, spec] of benchCase.matchAll(/from '(\.\.\/src-main\/[^']+)'/g)) {
    const moved = path.join(dir, 'scripts', `${spec}.ts`);
    const before = path.join(path.dirname(path.dirname(moved)), path.basename(moved));
    if (fs.existsSync(moved) || !fs.existsSync(before)) continue;
    fs.mkdirSync(path.dirname(moved), { recursive: true });
    fs.writeFileSync(moved, `export * from '../${path.basename(moved, '.ts')}';\n`);
  }
  return dir;
}

class CaseFailed extends Error {}

/** A crashed child's failure in one line: its first line naming an error. */
const firstErrorLine = (text: string): string => text.split('\n').find((l) => /Error/.test(l)) ?? 'crashed';

/**
 * Issue 56's last target in the same command: how long API calls wait while serve runs and saves
 * a batch (scripts/benchServe.ts, also `npm run bench:serve`). It runs through the built worker
 * bundle, so the app is built first when its sources are newer (scripts/ensure-built.mjs).
 */
function runServe(): Record<string, unknown> {
  const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (built.status !== 0) return { case: 'serve', failed: 'the app could not be built' };
  const child = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/benchServe.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' },
    maxBuffer: 1 << 24,
  });
  process.stderr.write(child.stderr);
  if (child.status !== 0) return { case: 'serve', failed: firstErrorLine(child.stderr) };
  return JSON.parse(child.stdout) as Record<string, unknown>;
}

function runOnce(entry: string, key: string) {
  const child = spawnSync(process.execPath, ['--max-old-space-size=4096', entry, '--case', key], { encoding: 'utf8', cwd: ROOT, maxBuffer: 1 << 24 });
  if (child.status !== 0) throw new CaseFailed(`case ${key} failed:\n${child.stderr.slice(-4000)}`);
  return JSON.parse(child.stdout);
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--baseline');
  const ref = at >= 0 ? args[at + 1] : undefined;
  const only = args.filter((_, i) => at < 0 || (i !== at && i !== at + 1));
  // (g) and (h) are measured from several runs each: their letters stand for those runs.
  const GROUPS: Record<string, string[]> = {
    e: Object.keys(CASES).filter((k) => /^e-[a-z]+$/.test(k)),
    'e-at-once': Object.keys(CASES).filter((k) => /^e-[a-z]+-at-once$/.test(k)),
    g: ['g1', 'g2'],
    h: ['h1', 'h2', 'h1n', 'h2n'],
    k: Object.keys(CASES).filter((k) => k.startsWith('k-')),
    l: ['l-fifo', 'l-fair'],
  };
  // `serve` is not an engine case: it runs last, once, when every case runs or when named.
  const withServe = only.length === 0 || only.includes('serve');
  const keys = only.length ? only.filter((k) => k !== 'serve').flatMap((k) => GROUPS[k] ?? [k]) : Object.keys(CASES);
  const unknown = keys.filter((k) => !(k in CASES));
  if (unknown.length) {
    process.stderr.write(
      `bench: no case ${unknown.map((k) => `"${k}"`).join(', ')}; the cases are ${[...Object.keys(CASES), ...Object.keys(GROUPS), 'serve'].sort().join(', ')}\n`,
    );
    process.exit(2);
  }
  const repeats = Number(process.env.BENCH_REPEATS ?? 3);
  const entry = await bundle(ROOT, 'studio-bench');
  const baseline = ref ? await bundle(baselineTree(ref), 'studio-bench-baseline') : undefined;
  const report: Record<string, unknown> = {};
  // Rounds, not blocks: every case runs once in each round, so the cases compared with each other
  // ((e)'s and each (k) day's schedulers, (g)'s halves) are measured minutes apart, not a case's
  // repeats first and the next case's after them. This machine's speed drifts within the hour (by
  // up to 0.5x in one ratio, docs/benchmark.md), and a drift then moves both sides of a ratio.
  type Sample = ReturnType<typeof runOnce>;
  const runs = (key: string) => (key === 'd' || key === 'j' || key.startsWith('l-') ? 1 : repeats);
  const samples = new Map<string, Sample[]>(keys.map((k) => [k, []]));
  const baseSamples = new Map<string, Sample[]>(keys.map((k) => [k, []]));
  const failedCases = new Map<string, string>();
  for (let round = 0; round < Math.max(...keys.map(runs)); round++) {
    for (const key of keys) {
      if (round >= runs(key) || failedCases.has(key)) continue;
      try {
        const own = runOnce(entry, key);
        samples.get(key)!.push(own);
        const base = baseline ? runOnce(baseline, key) : undefined;
        if (base) baseSamples.get(key)!.push(base);
        // Progress while the rounds run; each case's summary follows them.
        process.stderr.write(`  round ${round + 1}: ${key} ${own.wallSeconds.toFixed(2)} s${base ? ` (${ref}: ${base.wallSeconds.toFixed(2)} s)` : ''}\n`);
      } catch (err) {
        // One case that crashes is reported as failed; the others' figures are kept.
        if (!(err instanceof CaseFailed)) throw err;
        process.stderr.write(`${err.message}\n`);
        failedCases.set(key, firstErrorLine(err.message));
      }
    }
  }
  for (const key of keys) {
    const failure = failedCases.get(key);
    if (failure !== undefined) {
      report[key] = { case: CASES[key].name, failed: failure };
      continue;
    }
    const own = samples.get(key)!;
    const base = baseSamples.get(key)!;
    const wall = median(own.map((s) => s.wallSeconds));
    const s = own.find((x) => x.wallSeconds === wall)!;
    const c = CASES[key];
    const peak = Math.max(...own.map((x) => x.peakRssMb));
    const baseWall = base.length ? median(base.map((x) => x.wallSeconds)) : undefined;
    report[key] = {
      case: c.name,
      runs: own.length,
      wallSeconds: Number(wall.toFixed(3)),
      ...(baseWall !== undefined ? { baseline: { ref, wallSeconds: Number(baseWall.toFixed(3)), speedup: Number((baseWall / wall).toFixed(2)) } } : {}),
      eventsPerSecond: Math.round(s.events / wall),
      simulatedTasksPerSecond: Math.round(s.tasks / wall),
      peakRssMb: Math.round(peak),
      jobs: s.jobs,
      tasks: s.tasks,
      events: s.events,
      simulatedSeconds: Math.round(s.simulatedSeconds),
      jobsSucceeded: s.jobsSucceeded,
      // Deterministic counts of work (docs/architecture.md "Work counters"): the same on every repeat.
      ...(s.work ? { work: s.work, workPer: workRatios(s.work) } : {}),
      ...(s.blobMb !== undefined ? { storedBlobMb: Number(s.blobMb.toFixed(1)) } : {}),
      ...(base.length ? { baselinePeakRssMb: Math.round(Math.max(...base.map((x) => x.peakRssMb))) } : {}),
      target: c.target,
      meetsTarget: wall <= c.target.wallSeconds && (c.target.peakRssMb === undefined || peak <= c.target.peakRssMb),
    };
    process.stderr.write(
      `${c.name}: ${wall.toFixed(2)} s${baseWall !== undefined ? ` (${ref}: ${baseWall.toFixed(2)} s, ${(baseWall / wall).toFixed(2)}x)` : ''}, peak RSS ${Math.round(peak)} MB\n`,
    );
  }
  /**
   * Case `key`'s time over case `over`'s, paired by round: the median of the rounds' ratios (each
   * round ran the two minutes apart), or undefined when either did not run. `per` measures a run
   * otherwise (its time per event).
   */
  const pairedRatio = (key: string, over: string, per: (s: Sample) => number = (s) => s.wallSeconds): number | undefined => {
    const a = samples.get(key);
    const b = samples.get(over);
    if (!a?.length || !b?.length || failedCases.has(key) || failedCases.has(over)) return undefined;
    const n = Math.min(a.length, b.length);
    return Number(median(Array.from({ length: n }, (_, i) => per(a[i]) / per(b[i]))).toFixed(2));
  };
  // (g): a queue twice as long at the same work may cost at most 1.2x (paired by round).
  const ratio = pairedRatio('g2', 'g1');
  if (ratio !== undefined) {
    report.g = {
      case: "(g) cost of doubling the pending queue at fixed work (g2 / g1, the median of the rounds' ratios)",
      ratio,
      target: { ratio: 1.2 },
      meetsTarget: ratio <= 1.2,
    };
    process.stderr.write(`(g) doubling the queue: ${ratio.toFixed(2)}x\n`);
  }
  // (e): the six schedulers on the day together within 12 s (issue 56), and PRISM and LATE within
  // 1.5x FIFO (issue 29). With each map's end heard at once (`e-at-once`, the former default), the sum alone, for comparison.
  const daySum = (suffix: string) => {
    const day = ['fifo', 'fair', 'capacity', 'drf', 'prism', 'late'].map((k) => report[`e-${k}${suffix}`] as { wallSeconds?: number } | undefined);
    // Only when all six ran: a crashed case has no time to add up.
    return day.every((d) => d?.wallSeconds !== undefined) ? Number(day.reduce((t, d) => t + d!.wallSeconds!, 0).toFixed(2)) : undefined;
  };
  const sum = daySum('');
  const prism = pairedRatio('e-prism', 'e-fifo');
  const late = pairedRatio('e-late', 'e-fifo');
  if (sum !== undefined && prism !== undefined && late !== undefined) {
    const ratios = { prism, late };
    report.e = {
      case: "(e) the six schedulers on the FB-2009 day: their sum, and PRISM and LATE against FIFO (the median of the rounds' ratios)",
      sumSeconds: sum,
      toFifo: ratios,
      target: { sumSeconds: TARGETS.eSum.seconds, toFifo: 1.5 },
      meetsTarget: sum <= TARGETS.eSum.seconds && ratios.prism <= 1.5 && ratios.late <= 1.5,
    };
    process.stderr.write(`(e) sum ${sum.toFixed(2)} s; PRISM ${ratios.prism}x FIFO, LATE ${ratios.late}x FIFO\n`);
  }
  const atOnceSum = daySum('-at-once');
  if (atOnceSum !== undefined) {
    report['e-at-once'] = {
      case: '(e) the six schedulers with reduces hearing of each finished map at once (the default until 2026-12-06): their sum, for comparison',
      sumSeconds: atOnceSum,
    };
    process.stderr.write(`(e) with each map's end heard at once: sum ${atOnceSum.toFixed(2)} s\n`);
  }
  // (k): each scheduler's worst ratio to FIFO over the made days; target 1.3.
  const kDays = [...new Set(Object.keys(report).flatMap((k) => /^k-(\w+)-fifo$/.exec(k)?.slice(1) ?? []))];
  if (kDays.length) {
    type Worst = Partial<Record<string, { ratio: number; day: string }>>;
    /** Each scheduler's highest ratio to FIFO over the days, by `per` (default: its time). */
    const worstOver = (per?: (s: Sample) => number): Worst => {
      const worst: Worst = {};
      for (const day of kDays) {
        for (const key of Object.keys(report)) {
          const kind = new RegExp(`^k-${day}-(\\w+)$`).exec(key)?.[1];
          const ratio = kind && kind !== 'fifo' ? pairedRatio(key, `k-${day}-fifo`, per) : undefined;
          if (!kind || ratio === undefined) continue;
          if (!worst[kind] || ratio > worst[kind].ratio) worst[kind] = { ratio, day };
        }
      }
      return worst;
    };
    const worst = worstOver();
    // Not a target: what a scheduler pays per event against FIFO, apart from how many events its
    // policy makes (LATE's copies are events FIFO never has; README "Benchmark", (k)).
    const perEvent = worstOver((s) => s.wallSeconds / s.events);
    report.k = {
      case: "(k) each scheduler against FIFO on every made day: its worst ratio (the median of the rounds' ratios) and the day of it",
      days: kDays,
      worstToFifo: worst,
      worstPerEventToFifo: perEvent,
      target: { toFifo: TARGETS.kToFifo },
      meetsTarget: Object.values(worst).every((w) => w!.ratio <= TARGETS.kToFifo),
    };
    process.stderr.write(
      `(k) worst ratio to FIFO: ${Object.entries(worst)
        .map(([k, w]) => `${k} ${w!.ratio}x (${w!.day})`)
        .join(', ')}\n`,
    );
    process.stderr.write(
      `(k) worst time per event against FIFO's (not a target): ${Object.entries(perEvent)
        .map(([k, w]) => `${k} ${w!.ratio}x (${w!.day})`)
        .join(', ')}\n`,
    );
  }
  // (h): what each recorded attempt of a saved run costs in peak memory, from 1 M to 4 M tasks,
  // beyond what the same runs cost without records. A raw row is 71 B: less means the run never
  // holds its records raw.
  type Saved = { peakRssMb: number; tasks: number; baselinePeakRssMb?: number };
  const [h1, h2, h1n, h2n] = (['h1', 'h2', 'h1n', 'h2n'] as const).map((k) => report[k] as Saved | undefined);
  if (h1 && h2 && h1n && h2n) {
    const perAttempt = (pick: (x: Saved) => number | undefined) => {
      const [a, b, an, bn] = [h1, h2, h1n, h2n].map(pick);
      if ([a, b, an, bn].some((x) => x === undefined)) return undefined;
      return Number((((b! - a! - (bn! - an!)) * 2 ** 20) / (h2.tasks - h1.tasks)).toFixed(1));
    };
    const bytes = perAttempt((x) => x.peakRssMb)!;
    const base = perAttempt((x) => x.baselinePeakRssMb);
    report.h = {
      case: '(h) peak RSS per recorded attempt of a saved run ((h2 − h1) − (h2n − h1n))',
      bytesPerAttempt: bytes,
      ...(base !== undefined ? { baseline: { ref, bytesPerAttempt: base } } : {}),
      target: { bytesPerAttempt: 71 },
      meetsTarget: bytes < 71,
    };
    process.stderr.write(`(h) peak memory per recorded attempt: ${bytes} B${base !== undefined ? ` (${ref}: ${base} B)` : ''}\n`);
  }
  if (baseline) spawnSync('git', ['worktree', 'remove', '--force', BASELINE_TREE], { cwd: ROOT });
  if (withServe) report.serve = runServe();
  // The verdict, target by target: a target whose cases were not run says so rather than passing.
  const rows = targetRows(report, Object.keys(K_DAYS));
  report.targets = rows;
  process.stderr.write(
    `\nIssue 56's targets on this machine:\n${targetLines(rows)
      .map((l) => `  ${l}\n`)
      .join('')}`,
  );
  console.log(JSON.stringify(report, null, 2));
}

void main();
