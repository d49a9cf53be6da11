import { andList } from '../plural';

/** A run that failed, as a batch records it. */
export interface FailedRun {
  label: string;
  seed: number;
  error?: string | null;
}

/** Runs that failed for one reason: who they are, in words, and the reason. */
export interface FailureGroup {
  /** "FIFO, seeds 1, 2 and 3; Fair (delay), seed 2". */
  runs: string;
  error: string;
  count: number;
}

/**
 * Failed runs grouped by their error, in the order each reason first came, each group's runs by
 * scheduler, then seed. A queue nobody can reach fails every run of a batch with the same words:
 * said once, for all of them, not once a run.
 */
export function failureGroups(failed: readonly FailedRun[]): FailureGroup[] {
  const byError = new Map<string, Map<string, number[]>>();
  for (const r of failed) {
    const error = r.error ?? 'no reason was recorded';
    const labels = byError.get(error) ?? new Map<string, number[]>();
    byError.set(error, labels);
    labels.set(r.label, [...(labels.get(r.label) ?? []), r.seed]);
  }
  return [...byError].map(([error, labels]) => ({
    error,
    count: [...labels.values()].reduce((n, seeds) => n + seeds.length, 0),
    runs: [...labels].map(([label, seeds]) => `${label}, ${seeds.length === 1 ? 'seed' : 'seeds'} ${andList(seeds.map(String))}`).join('; '),
  }));
}

/**
 * What went wrong with a batch, in one sentence, where only a line fits (the Reproduce area's
 * "Latest run"): its runs' first reason for failing, or how far a cancel or a closed studio let it
 * get; nothing for a batch running or finished with every run.
 */
export function batchTrouble(batch: {
  status: 'running' | 'finished' | 'cancelled' | 'failed' | 'interrupted';
  results: readonly (FailedRun & { status: string })[];
}): string | undefined {
  const total = batch.results.length;
  const done = batch.results.filter((r) => r.status === 'finished').length;
  const failed = failureGroups(batch.results.filter((r) => r.status === 'failed'));
  if (failed.length) {
    const count = failed.reduce((n, g) => n + g.count, 0);
    const others = failed.length > 1 ? ` (and ${failed.length - 1} other ${failed.length === 2 ? 'reason' : 'reasons'}: open it for all)` : '';
    return `${count === total ? (total === 1 ? 'the run' : `all ${total} runs`) : `${count} of ${total} runs`} failed: ${failed[0].error}${others}`;
  }
  if (batch.status === 'cancelled') return `cancelled with ${done} of ${total} runs finished`;
  if (batch.status === 'interrupted') return `stopped when the studio closed, with ${done} of ${total} runs finished: open it to resume the rest`;
  return undefined;
}
