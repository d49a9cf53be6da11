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
