import { EventHeap } from '../core/eventHeap';
import { PhaseKind, type EngineJob } from '../core/model';
import { isolatedSeconds, phaseWork, type PhaseWorkContext } from './phases';
import { cpuFactorOf, type TaskTable } from '../state/tasks';
import { Locality, type Topology } from '../core/topology';

/**
 * How long each task of a job takes alone on an idle node (node 0's hardware, data-local input):
 * a map's map (and merge) phases, a reduce's shuffle, sort and reduce. What the job would take
 * with nobody else on the cluster follows from these (model.md "Deadlines").
 */
export function isolatedTaskSeconds(work: PhaseWorkContext, topo: Topology, job: EngineJob, tasks: TaskTable, t: number, w: Float64Array): number {
  const phases = tasks.isReduce[t]
    ? [PhaseKind.Shuffle, PhaseKind.Sort, PhaseKind.Reduce]
    : job.reduces > 0
      ? [PhaseKind.Map, PhaseKind.Merge]
      : [PhaseKind.Map];
  let sum = 0;
  for (const p of phases) {
    phaseWork(
      work,
      job,
      p,
      tasks.size[t],
      tasks.factor[t],
      cpuFactorOf(tasks, t),
      tasks.isReduce[t] ? Locality.None : tasks.replicas[t * tasks.replication] >= 0 ? Locality.Node : Locality.None,
      0,
      w,
      0,
    );
    sum += isolatedSeconds(topo, 0, w, 0, work.taskDiskMBps);
  }
  return sum;
}

/** With unlimited capacity (PRISM's "ideal" for ANP): the longest map, then the longest reduce, then its set-up and commit. */
export function idealSeconds(work: PhaseWorkContext, topo: Topology, job: EngineJob, tasks: TaskTable, j: number): number {
  const w = new Float64Array(6);
  let longestMap = 0;
  let longestReduce = 0;
  for (let t = tasks.jobFirstTask[j]; t < tasks.jobFirstTask[j + 1]; t++) {
    const d = isolatedTaskSeconds(work, topo, job, tasks, t, w);
    if (tasks.isReduce[t]) longestReduce = Math.max(longestReduce, d);
    else longestMap = Math.max(longestMap, d);
  }
  return longestMap + longestReduce + (job.setupCommitS ?? 0);
}

/**
 * The job alone on the whole cluster: its maps, then its reduces, placed greedily on one slot per
 * worker core (each task to the slot that frees first, as the Makespan Theorem's greedy list
 * scheduler does). Independent of any scheduler's settings, so every scheduler in a comparison is
 * held to the same deadline (the "job's time alone" a deadline factor multiplies). With `cores`,
 * the job alone on that many cores (FAWKES' static reference MR-cluster, sec. 4.3.3 and Fig. 2).
 */
export function aloneSeconds(work: PhaseWorkContext, topo: Topology, job: EngineJob, tasks: TaskTable, j: number, cores?: number): number {
  let slots = cores ?? 0;
  if (cores === undefined) for (let n = 0; n < topo.nodeCount; n++) slots += topo.nodeCores[n];
  slots = Math.max(1, Math.round(slots));
  const w = new Float64Array(6);
  const stage = (from: number, to: number, start: number) => {
    // Slots by the time they free up; a heap, so a job of n tasks costs n·log(slots).
    const free = new EventHeap(Math.max(1, Math.min(slots, to - from)));
    let end = start;
    for (let t = from; t < to; t++) {
      let at = start;
      if (free.size >= slots) {
        free.pop();
        at = free.topTime;
      }
      const done = at + isolatedTaskSeconds(work, topo, job, tasks, t, w);
      free.push(done, 0, 0, t, 0);
      end = Math.max(end, done);
    }
    return end;
  };
  const first = tasks.jobFirstTask[j];
  const mapEnd = stage(first, first + tasks.jobMapCount[j], 0);
  return stage(first + tasks.jobMapCount[j], tasks.jobFirstTask[j + 1], mapEnd) + (job.setupCommitS ?? 0);
}
