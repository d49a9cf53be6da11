import type { SchedulerTopology } from '../engine/scheduling/schedulerApi';
import type { EngineJob } from '../engine/core/model';

const mb = (x: number) => `${Math.round(x).toLocaleString('en-US')} MB`;

/**
 * What a Hadoop 1 slot card (any card with a slot memory: the built-in slot schedulers and the
 * added ones on slots) could never run on this cluster: a slot's task larger than every node's
 * memory. The engine reserves a task's memory at launch and an attempt on a node without room
 * dies (docs/model.md "Resource sharing"), so every attempt would fail and no job finish; said
 * before the run, beside the card, as containerFit.ts says it of YARN containers.
 */
export function slotFitProblems(spec: object, topology: SchedulerTopology, jobs: readonly EngineJob[]): string[] {
  const slotMemoryMb = 'slotMemoryMb' in spec ? spec.slotMemoryMb : undefined;
  if (typeof slotMemoryMb !== 'number' || jobs.length === 0 || topology.nodeCount === 0) return [];
  const problems = zeroSlotProblems(spec, jobs);
  let largest = 0;
  for (let n = 0; n < topology.nodeCount; n++) largest = Math.max(largest, topology.nodeMemoryMb[n]);
  if (slotMemoryMb <= largest) return problems;
  return [
    ...problems,
    `no node can hold one slot's task of ${mb(slotMemoryMb)}: the largest node has ${mb(largest)}, so every task attempt would fail for want of memory and no job would finish. Lower the card's Slot memory MB (Hadoop 1 gives a task 200 MB), or give the servers more memory.`,
  ];
}

/**
 * Slots per node set to 0 (left empty they are sized from the cores, never 0) where the jobs have
 * tasks of that kind: none could ever start, and the run would only be stopped, after ten simulated
 * minutes without progress, as stalled.
 */
function zeroSlotProblems(spec: object, jobs: readonly EngineJob[]): string[] {
  const problems: string[] = [];
  const kinds = [
    ['mapSlots', 'Map slots / node', 'map', (j: EngineJob) => j.maps > 0],
    ['reduceSlots', 'Reduce slots / node', 'reduce', (j: EngineJob) => j.reduces > 0],
  ] as const;
  for (const [key, label, kind, has] of kinds) {
    // Only a card set to 0 counts its jobs: a check of every slot card must not walk a long trace for nothing.
    if (!(key in spec) || (spec as Record<string, unknown>)[key] !== 0) continue;
    const asking = jobs.filter(has).length;
    if (asking === 0) continue;
    const jobsWord = asking === 1 ? 'the job that has one' : `the ${asking.toLocaleString('en-US')} jobs that have them`;
    problems.push(
      `${label} is 0, so no ${kind} task could ever start and ${jobsWord} would never finish. Leave it empty (sized from each server’s cores) or give a number of at least 1.`,
    );
  }
  return problems;
}
