import type { QueueConfig } from './options';

export interface QueueProblem {
  /** Where in the scheduler's options: ['queues', 0, 'children', 1, 'maxCapacity']. */
  path: (string | number)[];
  message: string;
}

/** How far from 100 the capacities of sibling queues may add up (YARN's own tolerance). */
const PRECISION = 1e-4;

/**
 * What YARN's Capacity Scheduler refuses in a queue tree (CapacitySchedulerConfiguration, checked
 * when the ResourceManager starts), said at the field: sibling queues whose capacities do not add
 * up to 100 % of their parent, a maximum capacity below the queue's capacity, and two queues with
 * one name (jobs name their queue by its leaf name, so one name must mean one queue). Checked where
 * a design or experiment file is to run, not where a result records what ran.
 */
export function queueProblems(queues: readonly QueueConfig[] | undefined): QueueProblem[] {
  const problems: QueueProblem[] = [];
  const seen = new Set<string>();
  const walk = (list: readonly QueueConfig[], at: (string | number)[], parent: string) => {
    if (list.length === 0) return;
    const sum = list.reduce((s, q) => s + q.capacity, 0);
    if (Math.abs(sum - 100) > PRECISION)
      problems.push({
        path: at,
        message: `the capacities of ${parent} add up to ${Number(sum.toFixed(4))} %: YARN needs them to add up to 100 %`,
      });
    list.forEach((q, i) => {
      if (q.maxCapacity < q.capacity) problems.push({ path: [...at, i, 'maxCapacity'], message: `must be at least the queue's capacity (${q.capacity} %)` });
      if (seen.has(q.name)) problems.push({ path: [...at, i, 'name'], message: `another queue is named "${q.name}"` });
      seen.add(q.name);
      walk(q.children, [...at, i, 'children'], `the queues under "${q.name}"`);
    });
  };
  walk(queues ?? [], ['queues'], 'the top-level queues');
  return problems;
}

/** Two Fair Scheduler pools with one name: a job's queue name would match either. */
export function poolProblems(pools: readonly { name: string }[] | undefined): QueueProblem[] {
  const seen = new Set<string>();
  return (pools ?? []).flatMap((p, i) => {
    const twice = seen.has(p.name);
    seen.add(p.name);
    return twice ? [{ path: ['pools', i, 'name'], message: `another pool is named "${p.name}"` }] : [];
  });
}

/**
 * The rules a scheduler's description may name (describe.ts `runRules`), as data so a card names
 * them as a description does: YARN's Capacity Scheduler's queue tree, and Hadoop's Fair pools.
 */
export const RUN_RULES = {
  queues: (spec: Readonly<Record<string, unknown>>) => queueProblems(spec.queues as readonly QueueConfig[] | undefined),
  pools: (spec: Readonly<Record<string, unknown>>) => poolProblems(spec.pools as readonly { name: string }[] | undefined),
} as const;
export type RunRuleName = keyof typeof RUN_RULES;
export const RUN_RULE_NAMES = Object.keys(RUN_RULES) as RunRuleName[];
