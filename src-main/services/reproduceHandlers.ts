import * as path from 'node:path';
import { clusterTotals } from '@shared/cluster/cluster';
import { configurationLabel, type BatchDetail, type BatchSummary } from '@shared/experiment/design';
import {
  measure,
  REPRODUCTIONS,
  reproduceTags,
  type MeasuredRun,
  type ReproduceEntry,
  type ReproducePresetView,
  type ReproductionPreset,
} from '@shared/results/reproductions';
import { schedulerLabel } from '@shared/schedulers';
import { batchTrouble } from '@shared/results/failedRuns';
import { ExperimentFileError, loadExperiment, type LoadedExperiment } from '../runner/loadExperiment';
import { experimentInputs, experimentParts } from '../runner/runExperiment';
import { expandJobs } from '../workloads/compile';
import type { Store } from '../store/database';
import { batchesRepo } from '../store/batchesRepo';
import type { EventBus } from './eventBus';
import type { ExperimentRunner } from './experimentRunner';
import { experimentFiles } from './experimentFiles';
import { reducedRun } from './reducedRun';
import type { Handlers } from './handlerTypes';
import { ServiceError } from './serviceError';
import { batchStamp } from '@shared/experiment/batchStamp';

/** The paper presets, shipped beside the app (resources/presets; inside the package in an installed app). */
export const DEFAULT_PRESETS_DIR = path.resolve(__dirname, '../../resources/presets');

type ReproduceChannels = 'reproduce:list' | 'reproduce:run' | 'reproduce:open';

/**
 * The Reproduce area: each paper's claim, the presets that mirror its set-up, runs of them at
 * reduced size (fewer or smaller jobs, three seeds: reducedRun.ts) or full size, and the latest run's
 * numbers beside the paper's with the paired test across seeds behind every verdict.
 */
export function reproduceHandlers(
  store: Store,
  events: EventBus,
  runner: ExperimentRunner,
  presetsDir = DEFAULT_PRESETS_DIR,
): Pick<Handlers, ReproduceChannels> {
  const batches = batchesRepo(store);
  const files = experimentFiles(store, events);
  const known = new Map(REPRODUCTIONS.flatMap((r) => r.presets.map((p) => [p.file, p] as const)));

  function load(file: string): LoadedExperiment {
    if (!known.has(file)) throw new ServiceError('invalid_request', `"${file}" is not one of the paper presets`, 'file');
    try {
      return loadExperiment(path.join(presetsDir, file));
    } catch (err) {
      if (err instanceof ExperimentFileError) throw new ServiceError('not_found', `the preset ${file} cannot be read: ${err.message}`, 'file');
      throw err;
    }
  }

  /** The finished runs of a batch by configuration, with what a measure reads. */
  function runsOf(detail: BatchDetail): Record<string, MeasuredRun[]> {
    const out: Record<string, MeasuredRun[]> = {};
    for (const r of detail.results) {
      if (r.status !== 'finished') continue;
      const stored = batches.storedResult(detail.id, r.index);
      (out[configurationLabel(detail.inputs, r)] ??= []).push({
        seed: r.seed,
        summary: stored.summary,
        jobs: stored.jobs,
        ...(stored.mrClusters ? { mrClusters: stored.mrClusters } : {}),
      });
    }
    return out;
  }

  // The presets ship with the app and do not change while it runs: each is read for the list once.
  const setups = new Map<string, Pick<ReproducePresetView, 'name' | 'setup' | 'reducedAs'>>();
  function setupOf(file: string): Pick<ReproducePresetView, 'name' | 'setup' | 'reducedAs'> {
    let known = setups.get(file);
    if (!known) {
      const loaded = load(file);
      const { experiment, cluster, workload } = loaded;
      known = {
        name: experiment.name,
        reducedAs: reducedRun(experimentInputs(loaded)).what,
        setup: {
          nodes: clusterTotals(cluster).nodes,
          jobs: expandJobs(workload, experiment.seeds[0]).length,
          schedulers: experiment.schedulers.map(schedulerLabel),
          seeds: experiment.seeds,
        },
      };
      setups.set(file, known);
    }
    return known;
  }

  function view(preset: ReproductionPreset, history: BatchSummary[]): ReproducePresetView {
    const { name, setup, reducedAs } = setupOf(preset.file);
    const latest = history.find((b) => b.tags.includes(`preset:${preset.file}`));
    if (!latest) return { ...preset, name, setup, reducedAs };
    const detail = latest.status === 'running' ? undefined : batches.get(latest.id);
    const runs = detail ? runsOf(detail) : {};
    const ran = [...new Set(Object.values(runs).flatMap((rs) => rs.map((r) => r.seed)))].sort((a, b) => a - b);
    // A batch none of whose runs finished is still described by the seeds it was to run.
    const seeds = ran.length || !detail ? ran : detail.inputs.seeds;
    const trouble = detail && batchTrouble(detail);
    return {
      ...preset,
      name,
      setup,
      reducedAs,
      latest: {
        batchId: latest.id,
        name: latest.name,
        status: latest.status,
        createdAt: latest.createdAt,
        seeds,
        reduced: latest.tags.includes('reduced'),
        outcomes: latest.status === 'running' ? {} : Object.fromEntries(preset.measures.map((m) => [m.id, measure(m, runs)])),
        ...(trouble ? { trouble } : {}),
      },
    };
  }

  return {
    'reproduce:list': (): ReproduceEntry[] => {
      // Newest first, so the first batch of a preset is its latest run.
      const history = batches.list();
      return REPRODUCTIONS.map((r) => ({ ...r, presets: r.presets.map((p) => view(p, history)) }));
    },
    'reproduce:run': async ({ file, size }) => {
      const loaded = load(file);
      const reduced = size === 'reduced';
      const small = reduced ? reducedRun(experimentInputs(loaded)) : undefined;
      const inputs = small ? small.inputs : experimentInputs(loaded);
      const when = batchStamp(store.now());
      return runner.start(
        `${loaded.experiment.name} — ${small ? `reduced (${small.what}, seeds ${inputs.seeds.join(', ')})` : 'full size'} — ${when}`,
        null,
        inputs,
        reproduceTags(file, reduced),
      );
    },
    'reproduce:open': ({ file }) => files.adopt(experimentParts(load(file))),
  };
}
