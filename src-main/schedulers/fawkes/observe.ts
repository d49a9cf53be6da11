import type { SlotTable } from '../slotHelpers';
import type { FawkesView } from './design';
import type { MrCluster } from './mrCluster';
import type { MrClusterSample } from './weighting';

/**
 * What FAWKES' weighting policies (sec. 4.3) read of MR-cluster c now: the engine's per-MR-cluster
 * counts (pending tasks, waiting jobs and their input), c's own sums (output, finished work, JS's
 * queue slowdown), and its nodes' running tasks, slots and storage. Never a walk of its queue, so
 * a sample costs the same with 2 or 4,000 jobs waiting.
 */
export function observeMrCluster(c: MrCluster, view: FawkesView, slots: SlotTable, diskGbPerNode: number): MrClusterSample {
  const s: MrClusterSample = {
    waitingJobs: view.mrClusterWaitingJobs(c.index),
    waitingInputMb: view.mrClusterWaitingInputMb(c.index),
    pendingTasks: view.mrClusterPendingTasks(c.index),
    runningTasks: 0,
    slots: 0,
    outputMb: c.outputMb,
    storageMb: c.nodes.size * diskGbPerNode * 1024,
    meanSlowdown: c.queueSlowdown.mean(view.now),
    jobsDone: c.jobsDone,
    tasksDone: c.tasksDone,
  };
  const topo = view.topology;
  for (const n of c.nodes) {
    s.runningTasks += view.nodeRunningMaps(n) + view.nodeRunningReduces(n);
    s.slots += slots.maps(topo, n) + slots.reduces(topo, n);
  }
  return s;
}
