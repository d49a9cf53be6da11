import { availableParallelism } from 'node:os';
import type { SchedulerSpec } from '@shared/schedulers';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { runExperiment } from '../../src-main/runner/runExperiment';
import { presetFile, storedPresetRuns, type StoredPresetRuns } from '../../scripts/reproductions/storedRuns';

/**
 * A preset run on seeds it never runs, with only the scheduler cards `keep` keeps (all when absent):
 * the held-out checks docs/reproductions.md reads, as the stored runs keep them.
 */
export async function presetOnSeeds(preset: string, seeds: readonly number[], keep?: (card: SchedulerSpec) => boolean): Promise<StoredPresetRuns> {
  const loaded = loadExperiment(presetFile(preset));
  loaded.experiment.seeds = [...seeds];
  if (keep) loaded.experiment.schedulers = loaded.experiment.schedulers.filter(keep);
  const { result } = await runExperiment(loaded, { threads: availableParallelism() });
  return storedPresetRuns(preset, result);
}
