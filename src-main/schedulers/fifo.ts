import { fifoOptions } from '@shared/schedulers/fifo';
import type { SchedulerSpecOf } from '@shared/schedulers';
import { definePlugin } from './plugin';
import type { ClusterView, Scheduler } from '../engine/scheduling/schedulerApi';
import { Locality } from '../engine/resources/topology';
import { launchMap, launchReduce, SlotTable } from './slotHelpers';
import { fullSlots, orderReason } from './whyNotReasons';

type FifoSpec = SchedulerSpecOf<'fifo'>;

/**
 * Hadoop 1's default JobQueueTaskScheduler: fixed map and reduce slots per node; jobs strictly in
 * submission order. A free map slot goes to the first job with pending maps, which takes its best
 * placed map (node-local, then rack, then any); a free reduce slot to the first job whose reduces
 * may start (slow-start). A job never runs more maps (reduces) at once than its limit, if one is set.
 */
export function fifoScheduler(spec: Omit<FifoSpec, 'kind'>, slots = new SlotTable(spec)): Scheduler {
  const found = { level: Locality.Node as Locality };
  // Limits are rare (the planner's checks); without one no per-launch count is read.
  const mapLimit = spec.jobMapLimit ?? Infinity;
  const reduceLimit = spec.jobReduceLimit ?? Infinity;
  const underMapLimit = (view: ClusterView, j: number) => mapLimit === Infinity || view.runningMaps(j) < mapLimit;
  const underReduceLimit = (view: ClusterView, j: number) => reduceLimit === Infinity || view.runningReduces(j) < reduceLimit;
  return {
    name: 'fifo',
    onHeartbeat(n: number, view: ClusterView) {
      let freeMaps = slots.maps(view.topology, n) - view.nodeRunningMaps(n);
      let freeReduces = slots.reduces(view.topology, n) - view.nodeRunningReduces(n);
      if (view.pendingTasks() === 0) return;
      // Only jobs with a pending map can take a map slot (a live list in submission order): jobs
      // whose maps are all placed are never asked. A job that launched its last pending map
      // leaves the list, so the walk stays at the same index then.
      const jobs = view.mapPendingJobs();
      for (let i = 0; i < jobs.length && freeMaps > 0; ) {
        const j = jobs[i];
        view.work.jobsExamined++;
        while (freeMaps > 0 && underMapLimit(view, j) && launchMap(view, j, n, Locality.OffRack, spec.serverLocality, () => `FIFO: job ${view.job(j).id} is first in submission order with pending maps`, found, spec.slotMemoryMb)) freeMaps--;
        if (jobs[i] === j) i++;
      }
      // Only jobs whose reduces may start can take a reduce slot; a job that launched its last
      // pending reduce leaves the (live) list, so the walk stays at the same index then.
      const ready = view.reduceReadyJobs();
      for (let i = 0; i < ready.length && freeReduces > 0; ) {
        const j = ready[i];
        view.work.jobsExamined++;
        while (freeReduces > 0 && underReduceLimit(view, j) && launchReduce(view, j, n, () => `FIFO: job ${view.job(j).id} is first in submission order with runnable reduces`, spec.slotMemoryMb)) freeReduces--;
        if (ready[i] === j) i++;
      }
    },
    nodeIsFull: (n, view) => slots.isFull(n, view),
    explain(j, n, view) {
      const out = fullSlots(view, slots, j, n);
      if (view.pendingMaps(j) > 0 && !underMapLimit(view, j)) out.push({ kind: 'overLimit', what: 'maps at once', running: view.runningMaps(j), limit: mapLimit });
      if (view.pendingReduces(j) > 0 && !underReduceLimit(view, j)) out.push({ kind: 'overLimit', what: 'reduces at once', running: view.runningReduces(j), limit: reduceLimit });
      const rank = orderReason(view, view.activeJobs, j, `submitted at ${view.jobSubmitTime(j).toFixed(1)} s`);
      if (rank) out.push(rank);
      return out;
    },
  };
}

export const fifoPlugin = definePlugin({ description: fifoOptions, create: (spec) => fifoScheduler(spec) });
