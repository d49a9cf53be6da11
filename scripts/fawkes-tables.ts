/**
 * Prints the FAWKES tables of docs/reproductions.md from runs of the presets, so the numbers there
 * are measured, not typed: per policy the makespan, each MR-cluster's average job slowdown, the
 * minimum / median / maximum and mean over MR-clusters (Fig. 9), reconfigurations (sec. 7.3's
 * count), data moved and tasks killed. A preset with several seeds gives seed means and, for the
 * mean slowdown, the paired t-test of every policy against None and of the demand-based ones
 * against each other.
 *
 *   npm run docs:fawkes [-- a b c d d-mixed e] [--seeds 1,2]
 */
import * as path from 'node:path';
import { loadExperiment } from '../src-main/runner/loadExperiment';
import { runExperiment } from '../src-main/runner/runExperiment';
import { pairedTTest } from '../src-main/shared/stats';
import type { ResultFile } from '../src-main/shared/experiment';

type Run = ResultFile['runs'][number];
const args = process.argv.slice(2);
const seedsAt = args.indexOf('--seeds');
/** Only these seeds of every preset (default: the seeds each preset lists). */
const onlySeeds = seedsAt >= 0 ? args[seedsAt + 1].split(',').map(Number) : undefined;
const named = args.filter((a, i) => i !== seedsAt && i !== seedsAt + 1);
const presets = named.length > 0 ? named : ['a', 'b', 'c', 'd', 'd-mixed', 'e'];
const fixed = (x: number, digits: number) => x.toFixed(digits);
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Mean over MR-clusters of their average job slowdown (what Fig. 9 summarises). */
const meanSlowdown = (r: Run) => mean(r.mrClusters!.map((c) => c.avgSlowdown ?? NaN));

function row(runs: Run[]): string {
  const names = runs[0].mrClusters!.map((c) => c.name);
  const perCluster = names.map((name) => mean(runs.map((r) => r.mrClusters!.find((c) => c.name === name)!.avgSlowdown ?? NaN)));
  const sorted = [...perCluster].sort((a, b) => a - b);
  const sum = (f: (c: NonNullable<Run['mrClusters']>[number]) => number) => mean(runs.map((r) => r.mrClusters!.reduce((s, c) => s + f(c), 0)));
  return [
    runs[0].scheduler,
    fixed(mean(runs.map((r) => r.summary.makespan)), 0),
    perCluster.map((x) => fixed(x, 2)).join(' / '),
    `${fixed(sorted[0], 2)} / ${fixed(sorted[Math.floor(sorted.length / 2)], 2)} / ${fixed(sorted[sorted.length - 1], 2)}`,
    fixed(mean(runs.map(meanSlowdown)), 2),
    fixed(sum((c) => c.reconfigurations), runs.length > 1 ? 1 : 0),
    fixed(sum((c) => c.dataMovedMb) / 1024, 1),
    fixed(sum((c) => c.killedAttempts), 0),
  ].join(' | ');
}

function paired(by: Map<string, Run[]>, a: string, b: string): string {
  const bySeed = (runs: Run[]) => [...runs].sort((x, y) => x.seed - y.seed).map(meanSlowdown);
  const t = pairedTTest(bySeed(by.get(a)!), bySeed(by.get(b)!));
  const verdict = t.p === null ? 'one seed: not tested' : t.p < 0.05 ? (t.meanDiff < 0 ? `${a} lower` : `${b} lower`) : 'not separated';
  return `${a} − ${b}: ${t.meanDiff >= 0 ? '+' : ''}${fixed(t.meanDiff, 3)} (p = ${t.p === null ? '—' : t.p < 0.001 ? '< 0.001' : fixed(t.p, 3)}, ${t.n} seeds): ${verdict}`;
}

async function main(): Promise<void> {
  for (const letter of presets) {
    const file = path.resolve(__dirname, `../resources/presets/fawkes-wkld-${letter}.experiment.json`);
    const loaded = loadExperiment(file);
    if (onlySeeds) loaded.experiment.seeds = loaded.experiment.seeds.filter((x) => onlySeeds.includes(x));
    const { result } = await runExperiment(loaded, {});
    const by = new Map<string, Run[]>();
    for (const r of result.runs) by.set(r.scheduler, [...(by.get(r.scheduler) ?? []), r]);
    const seeds = result.runs[0] ? by.get(result.runs[0].scheduler)!.length : 0;
    console.log(`### WKLD-${letter.toUpperCase()}${seeds > 1 ? ` (means over ${seeds} seeds)` : ''}\n`);
    console.log('| policy | makespan s | avg slowdown c-1 / c-2 / c-3 | min / median / max | mean | reconfigurations | data moved GB | killed |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const runs of by.values()) console.log(`| ${row(runs)} |`);
    const first = [...by.values()][0][0];
    console.log(`\nmin share reached (s): ${first.mrClusters!.map((c) => `${c.name} ${c.minShareReachedS === null ? '—' : fixed(c.minShareReachedS, 0)}`).join(', ')}`);
    if (seeds > 1) {
      const names = [...by.keys()];
      const none = names.find((n) => n.startsWith('NONE'));
      const lines = none ? names.filter((n) => n !== none).map((n) => paired(by, n, none)) : [];
      const demand = names.filter((n) => /^(JD|DD|TD)\b/.test(n));
      for (let i = 0; i < demand.length; i++) for (let k = i + 1; k < demand.length; k++) lines.push(paired(by, demand[i], demand[k]));
      console.log(`\nMean slowdown, paired t-test across seeds:\n${lines.map((l) => `- ${l}`).join('\n')}`);
    }
    console.log('');
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
