import type { ResultFile } from '@shared/experiment';
import { schedulerLabel } from '@shared/schedulers';
import { summarize } from '../engine/metrics';
import type { EngineRunResult } from '../engine/result';
import { simulate } from '../engine/simulator';
import { compileTopology } from '../engine/topology';
import { createScheduler } from '../schedulers';
import { compileJobs, expandJobs } from '../workloads/compile';
import type { LoadedExperiment } from './loadExperiment';

export interface RunProgress {
  run: number;
  runs: number;
  scheduler: string;
  seed: number;
  simTime: number;
  events: number;
}

const nullIfNaN = (x: number) => (Number.isFinite(x) ? Number(x.toFixed(6)) : null);

/** Profiles with every number rounded like the rest of the file (stable text across platforms). */
function roundProfiles(p: EngineRunResult['profiles']): EngineRunResult['profiles'] {
  return JSON.parse(JSON.stringify(p, (_k, v) => (typeof v === 'number' ? Number(v.toFixed(6)) : v)));
}

/** One run: a scheduler on the experiment's cluster and workload for one seed. */
export function runOne(loaded: LoadedExperiment, schedulerIndex: number, seed: number, hooks?: { onProgress?: (simTime: number, events: number) => boolean | void; clock?: () => number }): EngineRunResult {
  const { experiment, cluster, workload } = loaded;
  const topology = compileTopology(cluster);
  const jobs = compileJobs(expandJobs(workload, seed), cluster.hdfs.blockSizeMb);
  return simulate({
    topology,
    jobs,
    options: experiment.simulation,
    seed,
    scheduler: createScheduler(experiment.schedulers[schedulerIndex]),
    clock: hooks?.clock,
    onProgress: hooks?.onProgress ? (p) => hooks.onProgress!(p.simTime, p.events) : undefined,
  });
}

/**
 * Every scheduler × seed of an experiment, in a fixed order, into the result file's shape.
 * Deterministic: nothing here reads a clock or a random source of its own.
 */
export interface RunOptions {
  onProgress?: (p: RunProgress) => void;
  /** Measure wall time and scheduler time per call (adds `timing`; the result is then not reproducible). */
  timing?: boolean;
  /** Receives each run's full engine outcome (series, attempts) as it finishes. */
  keep?: (runIndex: number, raw: EngineRunResult) => void;
}

export function runExperiment(loaded: LoadedExperiment, options: RunOptions = {}): ResultFile {
  const { onProgress } = options;
  const { experiment } = loaded;
  const runs: ResultFile['runs'] = [];
  const total = experiment.schedulers.length * experiment.seeds.length;
  let index = 0;
  for (let s = 0; s < experiment.schedulers.length; s++) {
    const spec = experiment.schedulers[s];
    for (const seed of experiment.seeds) {
      index++;
      const label = schedulerLabel(spec);
      const clock = options.timing ? () => performance.now() : undefined;
      const started = clock?.();
      const raw = runOne(loaded, s, seed, {
        clock,
        onProgress: onProgress
          ? (simTime, events) => {
              onProgress({ run: index, runs: total, scheduler: label, seed, simTime, events });
            }
          : undefined,
      });
      const wall = clock && started !== undefined ? (clock() - started) / 1000 : undefined;
      options.keep?.(index - 1, raw);
      runs.push({
        scheduler: label,
        kind: spec.kind,
        seed,
        summary: summarize(raw),
        ...(wall !== undefined
          ? { timing: { wallSeconds: Number(wall.toFixed(3)), schedulerCalls: raw.schedulerCalls, schedulerMsPerCall: Number((((raw.schedulerSeconds ?? 0) * 1000) / Math.max(1, raw.schedulerCalls)).toFixed(6)) } }
          : {}),
        profiles: roundProfiles(raw.profiles),
        jobs: raw.jobs.map((j) => ({ id: j.id, template: j.template, status: j.status, submit: nullIfNaN(j.submit), start: nullIfNaN(j.start), finish: nullIfNaN(j.finish) })),
      });
    }
  }
  return { format: 'workload-studio.result', version: 1, experiment: experiment.name, runs };
}
