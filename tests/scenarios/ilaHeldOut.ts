import { availableParallelism } from 'node:os';
import { loadExperiment } from '../../src-main/runner/loadExperiment';
import { runExperiment } from '../../src-main/runner/runExperiment';
import { presetFile, storedPresetRuns, type StoredPresetRuns } from '../../scripts/reproductions/storedRuns';

/**
 * ILA against IAO on seeds the preset never ran (issue 30 item 4: "report the result on seeds
 * 11-13"): the ILA Facebook preset with only those two schedulers. Shared by its test and the stored
 * check docs/reproductions.md reads.
 */
export const ILA_HELD_OUT_SEEDS = [11, 12, 13];

export async function ilaAgainstIaoHeldOut(): Promise<StoredPresetRuns> {
  const loaded = loadExperiment(presetFile('ila-facebook'));
  loaded.experiment.seeds = ILA_HELD_OUT_SEEDS;
  loaded.experiment.schedulers = loaded.experiment.schedulers.filter((s) => s.kind === 'ila' && (s.variant === 'ila' || s.variant === 'iao'));
  const { result } = await runExperiment(loaded, { threads: availableParallelism() });
  return storedPresetRuns('ila-facebook', result);
}
