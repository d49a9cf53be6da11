import type { DesignSummary } from '../results/runData';

/**
 * The experiment designs that name a saved cluster or workload: what a delete of it leaves
 * without one (they keep their run history, whose inputs are copies). One wording for the app's
 * dialog and the CLI.
 */
export function designsNaming(designs: readonly DesignSummary[], key: 'clusterIds' | 'workloadIds', id: string): string[] {
  return designs.filter((d) => d[key].includes(id)).map((d) => d.name);
}

/** `the experiment "A"` or `2 experiments: "A", "B"`, with the words that agree with it. */
export function designsInWords(names: readonly string[]): { subject: string; runs: string; its: string } {
  const quoted = names.map((n) => `"${n}"`).join(', ');
  return names.length === 1
    ? { subject: `the experiment ${quoted}`, runs: 'it runs', its: 'its' }
    : { subject: `${names.length} experiments: ${quoted}`, runs: 'they run', its: 'their' };
}
