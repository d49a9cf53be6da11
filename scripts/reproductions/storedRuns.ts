import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ResultFile, RunSummary } from '../../src-main/shared/experiment/experiment';
import { ILA_SERVER } from '../../src-main/models/interferenceProfiling';
import { interferenceReport, type InterferenceReport } from '../../src-main/models/interferenceReport';
import type { MrClusterReport } from '../../src-main/shared/cluster/mrClusters';

/**
 * The stored runs behind docs/reproductions.md, the Reproduce area's full-size statements and the
 * README's "Next" list: every preset the docs cite, run at full size over its seeds and kept as
 * what the docs read from it. Numbers in those places are rendered from these files
 * (`npm run docs:reproductions`), never typed; the preset tests compare the runs they simulate
 * with these, so a change to the engine that moves a number fails until they are recorded again
 * (`npm run reproductions:record`).
 *
 * A stored run is the result file's run less what the docs never read and what does not belong
 * to the result: the engine's work counts (scheduler calls, events), the MR-clusters' time series
 * (but the most nodes each held), and the job list of presets whose sections read none (FAWKES: thousands of jobs per run).
 */

type Run = ResultFile['runs'][number];

export interface StoredRun {
  scheduler: string;
  kind: string;
  seed: number;
  summary: Omit<RunSummary, 'schedulerCalls' | 'events'>;
  profiles: Run['profiles'];
  aria?: Run['aria'];
  /** Each MR-cluster's report, its time series reduced to the most nodes it held at once. */
  mrClusters?: (Omit<MrClusterReport, 'series'> & { peakNodes: number })[];
  /** Absent where the preset's sections read no job (`withJobs: false`). */
  jobs?: Run['jobs'];
}

export interface StoredPresetRuns {
  format: 'workload-studio-stored-runs';
  version: 1;
  /** The preset's file name in resources/presets, without `.experiment.json`. */
  preset: string;
  seeds: number[];
  schedulers: string[];
  runs: StoredRun[];
}

/** A preset the docs read, and whether its sections need each run's jobs. */
export interface RecordedPreset {
  preset: string;
  withJobs: boolean;
}

/** Every preset docs/reproductions.md reads, in the order `reproductions:record` runs them. */
export const RECORDED_PRESETS: RecordedPreset[] = [
  { preset: 'prism-puma', withJobs: true },
  { preset: 'prism-gridmix', withJobs: true },
  { preset: 'liu-samples', withJobs: true },
  { preset: 'liu-balanced', withJobs: true },
  { preset: 'liu-cpu-heavy', withJobs: true },
  { preset: 'liu-io-heavy', withJobs: true },
  { preset: 'ila-facebook', withJobs: true },
  { preset: 'ila-thresholds-mix', withJobs: false },
  { preset: 'ila-thresholds-cpu', withJobs: false },
  { preset: 'ila-thresholds-io', withJobs: false },
  { preset: 'aria-minedf', withJobs: true },
  ...['a', 'b', 'c', 'd', 'd-mixed', 'e'].map((letter) => ({ preset: `fawkes-wkld-${letter}`, withJobs: false })),
];

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const STORED_RUNS_DIR = path.join(REPO_ROOT, 'docs/runs');
export const presetFile = (preset: string) => path.join(REPO_ROOT, 'resources/presets', `${preset}.experiment.json`);
const storedFile = (preset: string) => path.join(STORED_RUNS_DIR, `${preset}.json`);

const recordedAs = (preset: string): RecordedPreset => {
  const found = RECORDED_PRESETS.find((p) => p.preset === preset);
  if (!found) throw new Error(`${preset} is not a preset the docs read (scripts/reproductions/storedRuns.ts RECORDED_PRESETS)`);
  return found;
};

/** One run as it is stored: deterministic fields only, in the result file's order. */
export function storedRun(run: Run, withJobs: boolean): StoredRun {
  const { schedulerCalls: _calls, events: _events, ...summary } = run.summary;
  return {
    scheduler: run.scheduler,
    kind: run.kind,
    seed: run.seed,
    summary,
    profiles: run.profiles,
    // ARIA totals as they were first stored: without the count of jobs the planner reads (a
    // bookkeeping field, not a number of the papers' claims).
    ...(run.aria ? { aria: Object.fromEntries(Object.entries(run.aria).map(([k, { jobs: _counted, ...t }]) => [k, t])) } : {}),
    ...(run.mrClusters ? { mrClusters: run.mrClusters.map(({ series, ...rest }) => ({ ...rest, peakNodes: Math.max(0, ...series.nodes) })) } : {}),
    ...(withJobs ? { jobs: run.jobs } : {}),
  };
}

export function storedPresetRuns(preset: string, result: ResultFile): StoredPresetRuns {
  const { withJobs } = recordedAs(preset);
  return {
    format: 'workload-studio-stored-runs',
    version: 1,
    preset,
    seeds: [...new Set(result.runs.map((r) => r.seed))].sort((a, b) => a - b),
    schedulers: [...new Set(result.runs.map((r) => r.scheduler))],
    runs: result.runs.map((r) => storedRun(r, withJobs)),
  };
}

export function writeStoredRuns(stored: StoredPresetRuns): string {
  fs.mkdirSync(STORED_RUNS_DIR, { recursive: true });
  const file = storedFile(stored.preset);
  // One run per line: small, and a re-recording shows in a diff as the runs that changed.
  const { runs, ...head } = stored;
  fs.writeFileSync(file, `${JSON.stringify(head).slice(0, -1)},"runs":[\n${runs.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`);
  return file;
}

const cache = new Map<string, StoredPresetRuns>();

/** The stored runs of a preset; says what to run when there are none. */
export function readStoredRuns(preset: string): StoredPresetRuns {
  const hit = cache.get(preset);
  if (hit) return hit;
  const file = storedFile(preset);
  if (!fs.existsSync(file))
    throw new Error(`no stored runs of ${preset} (${path.relative(REPO_ROOT, file)}): run \`npm run reproductions:record -- ${preset}\``);
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Record<keyof StoredPresetRuns, unknown>>;
  if (stored.format !== 'workload-studio-stored-runs' || stored.version !== 1 || stored.preset !== preset)
    throw new Error(`${path.relative(REPO_ROOT, file)} is not a stored-runs file of ${preset}`);
  cache.set(preset, stored as unknown as StoredPresetRuns);
  return stored as unknown as StoredPresetRuns;
}

/** The stored runs of one scheduler (configuration label), in seed order. */
export function runsOf(stored: StoredPresetRuns, scheduler: string): StoredRun[] {
  const runs = stored.runs.filter((r) => r.scheduler === scheduler).sort((a, b) => a.seed - b.seed);
  if (runs.length === 0) throw new Error(`${stored.preset} has no stored run of "${scheduler}" (it has ${stored.schedulers.map((s) => `"${s}"`).join(', ')})`);
  return runs;
}

/**
 * Where a freshly simulated result differs from the stored runs of its preset, run by run
 * (scheduler and seed); empty when every run it holds is stored exactly as it came out.
 */
export function differencesFromStored(preset: string, result: ResultFile): string[] {
  const stored = readStoredRuns(preset);
  const { withJobs } = recordedAs(preset);
  const out: string[] = [];
  for (const run of result.runs) {
    const old = stored.runs.find((r) => r.scheduler === run.scheduler && r.seed === run.seed);
    const label = `${preset}: ${run.scheduler}, seed ${run.seed}`;
    if (!old) {
      out.push(`${label} is not stored`);
      continue;
    }
    const now = JSON.parse(JSON.stringify(storedRun(run, withJobs))) as StoredRun;
    for (const key of ['summary', 'profiles', 'aria', 'mrClusters', 'jobs'] as const) {
      if (JSON.stringify(now[key]) !== JSON.stringify(old[key]))
        out.push(`${label}: ${key} differs${key === 'summary' ? ` (mean JCT ${old.summary.meanJct} stored, ${now.summary.meanJct} now)` : ''}`);
    }
  }
  return out;
}

/** What a test says when the stored runs no longer match the engine. */
export const RECORD_AGAIN =
  'the engine no longer gives the stored runs behind docs/reproductions.md: run `npm run reproductions:record` and `npm run docs:reproductions`, read the changed numbers, and commit them with the change';

/**
 * Stored results of checks that are not presets, each computed by code its test shares
 * (tests/scenarios): the ILA interference-model comparison (sec. 5.4), ARIA's model against the
 * simulator (sec. 5.3), the held-out cases of MinEDF, ILA against IAO and FAWKES' usage-based
 * policies, PRISM's PUMA batches on held-out seeds, PRISM's batches at each size of Fig. 15 and PRISM against YARN taken apart into job
 * order and placement, Finer-Grained CPU over cluster sizes and ILA
 * against IAO, FAWKES' policies and MinEDF on redrawn workloads. Their tests compare what
 * they compute with these.
 */
export type StoredCheckName =
  | 'ila-interference'
  | 'ila-locality-cost'
  | 'ila-iao-held-out'
  | 'aria-model'
  | 'aria-minedf-held-out'
  | 'fawkes-usage-held-out'
  | 'prism-batch-sizes'
  | 'prism-order-placement'
  | 'prism-puma-held-out'
  | 'liu-node-range'
  | 'ila-iao-redrawn'
  | 'fawkes-redrawn'
  | 'aria-minedf-redrawn';
export const STORED_CHECKS: StoredCheckName[] = [
  'ila-interference',
  'ila-locality-cost',
  'ila-iao-held-out',
  'aria-model',
  'aria-minedf-held-out',
  'fawkes-usage-held-out',
  'prism-batch-sizes',
  'prism-order-placement',
  'prism-puma-held-out',
  'liu-node-range',
  'ila-iao-redrawn',
  'fawkes-redrawn',
  'aria-minedf-redrawn',
];

interface StoredCheck<T> {
  format: 'workload-studio-stored-check';
  check: StoredCheckName;
  data: T;
}

export function writeStoredCheck<T>(check: StoredCheckName, data: T): string {
  const file = path.join(STORED_RUNS_DIR, `${check}.json`);
  fs.mkdirSync(STORED_RUNS_DIR, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ format: 'workload-studio-stored-check', check, data } satisfies StoredCheck<T>, null, 1)}\n`);
  return file;
}

export function readStoredCheck<T>(check: StoredCheckName): T {
  const file = path.join(STORED_RUNS_DIR, `${check}.json`);
  if (!fs.existsSync(file)) throw new Error(`no stored ${check} check (docs/runs/${check}.json): run \`npm run reproductions:record -- ${check}\``);
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Record<keyof StoredCheck<T>, unknown>>;
  if (stored.format !== 'workload-studio-stored-check' || stored.check !== check) throw new Error(`docs/runs/${check}.json is not a stored ${check} check`);
  return stored.data as T;
}

/** The interference comparison by disk thrashing: the preset's seek-bound disk and the default one. */
export type StoredInterference = Record<string, InterferenceReport>;
export const INTERFERENCE_DISKS = [0.6, 0.08];
export const interferenceReports = (): StoredInterference =>
  Object.fromEntries(INTERFERENCE_DISKS.map((d) => [String(d), interferenceReport({ ...ILA_SERVER, diskThrashing: d }, 240, 1)]));
