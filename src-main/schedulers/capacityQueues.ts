import type { QueueConfig } from '@shared/schedulers/options';
import type { EngineJob } from '../engine/core/model';

/**
 * Jobs a Capacity card's queue tree has no leaf for, said before the run: YARN's Capacity
 * Scheduler refuses an application submitted to a queue it does not have (or to a parent queue),
 * and the policy would otherwise run such jobs in its first leaf without a word. A card left with
 * the one queue `default` takes every job, whatever queue the job names (docs/model.md "Capacity
 * queues"): a trace's queue names mean something only against its own cluster's queue tree.
 */
export function unknownQueueProblems(queues: readonly QueueConfig[], leaves: readonly { name: string }[], jobs: readonly EngineJob[], limit: number): string[] {
  if (leaves.length === 1 && leaves[0].name === 'default' && queues.length === 1) return [];
  const names = new Set(leaves.map((l) => l.name));
  const byQueue = new Map<string, string[]>();
  for (const job of jobs) {
    if (names.has(job.queue)) continue;
    const ids = byQueue.get(job.queue) ?? [];
    ids.push(job.id);
    byQueue.set(job.queue, ids);
  }
  const leafList = [...names].join(', ');
  return [...byQueue].slice(0, limit).map(([queue, ids]) => {
    const who =
      ids.length === 1
        ? `job "${ids[0]}" names`
        : `${ids.length.toLocaleString('en-US')} jobs (${ids
            .slice(0, 3)
            .map((id) => `"${id}"`)
            .join(', ')}${ids.length > 3 ? ', …' : ''}) name`;
    return `${who} queue "${queue}", which the card's queue tree has no leaf for (its leaves: ${leafList}); YARN refuses a job submitted there. Add the queue to the card, or put those jobs in one of its queues (the workload's Queue column).`;
  });
}
