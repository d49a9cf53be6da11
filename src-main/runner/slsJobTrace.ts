import type { ClusterSpec } from '@shared/cluster/cluster';
import { SimulationOptionsSchema, type SimulationOptions } from '@shared/experiment/simulation';
import type { WorkloadSpec } from '@shared/workload/workload';
import { SUCCEEDED } from '../engine/lifecycle/attemptLifecycle';
import type { EngineJob } from '../engine/core/model';
import { compileTopology, type Topology } from '../engine/core/topology';
import { compileJobs, expandJobs } from '../workloads/compile';
import { simulateAlone } from './timeAlone';

/** Container priorities as SLS's MapReduce AM gives them (MRAMSimulator: maps 20, reduces 10). */
const MAP_PRIORITY = 20;
const REDUCE_PRIORITY = 10;

/** One container of an SLS job: its type, the node it asks for, how long it runs and what it holds. */
interface SlsTask {
  'container.host': string;
  'duration.ms': number;
  'container.priority': number;
  'container.type': 'map' | 'reduce';
  'container.memory-mb': number;
  'container.vcores': number;
}

/** A job of an SLS trace (the "SLS JSON input file format" of Hadoop's SchedulerLoadSimulator.md). */
export interface SlsJob {
  'am.type': 'mapreduce';
  'job.start.ms': number;
  'job.end.ms': number;
  'job.queue.name': string;
  'job.id': string;
  'job.user': string;
  'job.tasks': SlsTask[];
}

/** Each task's node and running time when the job runs alone (the shape's one simulation). */
interface AloneRun {
  seconds: number;
  node: Int32Array;
  taskSeconds: Float64Array;
}

/**
 * The job alone on the cluster under FIFO, submitted at 0, with no failures (as runner/timeAlone.ts
 * times it), and each task's successful attempt: where it ran and for how long.
 */
function runAlone(topology: Topology, job: EngineJob, options: SimulationOptions, seed: number): AloneRun {
  const result = simulateAlone(topology, job, options, seed, true);
  const tasks = job.maps + job.reduces;
  const node = new Int32Array(tasks).fill(-1);
  const taskSeconds = new Float64Array(tasks);
  const r = result.records;
  for (let i = 0; i < r.length; i++) {
    if (r.outcome[i] !== SUCCEEDED) continue;
    node[r.task[i]] = r.node[i];
    taskSeconds[r.task[i]] = r.end[i] - r.start[i];
  }
  return { seconds: result.jobs[0].finish, node, taskSeconds };
}

/** A node as SLS names a container's host: "/rack/node". */
const hostPath = (topology: Topology, n: number) => `/${topology.rackName[topology.nodeRack[n]]}/${topology.nodeName[n]}`;

/**
 * The workload as a trace for YARN's Scheduler Load Simulator: every job with its submission, its
 * queue, and one container per map and reduce. SLS replays containers of given durations, so each
 * one's duration, node and the job's end are those of the job run alone on `cluster` (the
 * template's time alone): SLS then schedules them with the real Capacity or Fair scheduler.
 * Container sizes are the template's (maps and reduces) with one vcore. Jobs of one shape share
 * one simulation. A workflow's order (`dependsOn`) has no place in the format and is left out.
 */
export function slsJobs(cluster: ClusterSpec, workload: WorkloadSpec, seed = 1, options: SimulationOptions = SimulationOptionsSchema.parse({})): SlsJob[] {
  const topology = compileTopology(cluster);
  const jobs = compileJobs(expandJobs(workload, seed), topology.blockSizeMb);
  const runs = new Map<string, AloneRun>();
  return jobs.map((job) => {
    const { id: _id, submit: _s, deadline: _d, deadlineFactor: _f, dependsOn: _p, queue: _q, ...shape } = job;
    const key = JSON.stringify(shape);
    let alone = runs.get(key);
    if (!alone) runs.set(key, (alone = runAlone(topology, job, options, seed)));
    const ms = (s: number) => Math.round(s * 1000);
    const tasks: SlsTask[] = [];
    for (let t = 0; t < job.maps + job.reduces; t++) {
      const reduce = t >= job.maps;
      const node = alone.node[t] >= 0 ? alone.node[t] : 0;
      tasks.push({
        'container.host': hostPath(topology, node),
        'duration.ms': Math.max(1, ms(alone.taskSeconds[t])),
        'container.priority': reduce ? REDUCE_PRIORITY : MAP_PRIORITY,
        'container.type': reduce ? 'reduce' : 'map',
        'container.memory-mb': reduce ? job.template.reduceMemoryMb : job.template.mapMemoryMb,
        'container.vcores': 1,
      });
    }
    return {
      'am.type': 'mapreduce',
      'job.start.ms': ms(job.submit),
      'job.end.ms': ms(job.submit + alone.seconds),
      'job.queue.name': job.queue,
      'job.id': job.id,
      'job.user': 'default',
      'job.tasks': tasks,
    };
  });
}

/** The trace's text: job objects one after another, one per line (a day's trace stays tens of MB), as SLS reads them. */
export function slsJobTraceText(jobs: readonly SlsJob[]): string {
  return jobs.map((j) => `${JSON.stringify(j)}\n`).join('');
}
