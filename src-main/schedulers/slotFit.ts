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
  let largest = 0;
  for (let n = 0; n < topology.nodeCount; n++) largest = Math.max(largest, topology.nodeMemoryMb[n]);
  if (slotMemoryMb <= largest) return [];
  return [
    `no node can hold one slot's task of ${mb(slotMemoryMb)}: the largest node has ${mb(largest)}, so every task attempt would fail for want of memory and no job would finish. Lower the card's Slot memory MB (Hadoop 1 gives a task 200 MB), or give the servers more memory.`,
  ];
}
