import type { Scheduler, SchedulerTopology, ViewWith } from '../../engine/scheduling/schedulerApi';
import type { EngineJob } from '../../engine/core/model';
import { NODE_CORE } from '../../engine/core/topology';
import { fairOptions, fairScheduler } from '../fair';
import { fifoOptions, fifoScheduler } from '../fifo';

/** The view FAWKES asked for (its plug-in's capabilities): attempts, timers, pre-emption and cluster control. */
export type FawkesView = ViewWith<'attempts' | 'timers' | 'preemption' | 'cluster'>;
/** What the scheduler inside an MR-cluster may ask for: a stock FIFO or Fair scheduler's view. */
export type InnerView = ViewWith<'attempts'>;

/** Sec. 4.2.2: what a grown MR-cluster's extra nodes are — and so how it shrinks (instant pre-emption for transient, delayed for transient-core). */
export const FAWKES_GROW_KINDS = ['transient', 'transient-core'] as const;
/** The MapReduce scheduler inside each MR-cluster (the paper runs Hadoop's FIFO). */
export const FAWKES_INNER = ['fifo', 'fair'] as const;
type FawkesInner = (typeof FAWKES_INNER)[number];

/** What of a FAWKES card the design reads: the data set's size, and the scheduler inside each MR-cluster with its slots. */
interface FawkesSpec {
  dataSetGb?: number;
  inner: FawkesInner;
  mapSlots?: number;
  reduceSlots?: number;
  slotMemoryMb: number;
  serverLocality: boolean;
}

/** One MR-cluster as the design defines it (Ghit et al. sec. 3.1-3.2). */
export interface MrClusterDesign {
  name: string;
  /** Its core nodes: where its data set lives, and its minimum share. */
  home: number[];
  /** Cores of those nodes: the static reference MR-cluster slowdowns are measured against. */
  cores: number;
  /** Its data set, loaded on activation: `dataSetGb`, or its largest job's input. */
  dataSetMb: number;
}

/**
 * The MR-clusters of a run and the MR-cluster of each job, or an error naming what the design gets
 * wrong: no MR-cluster marked, a job without one or with one the cluster does not have, an
 * MR-cluster without core nodes.
 */
export function readDesign(view: FawkesView, spec: FawkesSpec): { clusters: MrClusterDesign[]; jobCluster: Int32Array } {
  const topo = view.topology;
  const jobs = Array.from({ length: view.jobCount }, (_, j) => view.job(j));
  const [problem] = designProblems(topo, jobs, 1);
  if (problem) throw new Error(problem);
  const names = topo.mrClusterNames;
  const jobCluster = new Int32Array(jobs.length);
  const largestInput = new Float64Array(names.length);
  jobs.forEach((job, j) => {
    const c = names.indexOf(job.mrCluster!);
    jobCluster[j] = c;
    largestInput[c] = Math.max(largestInput[c], job.inputMb);
  });
  const clusters = names.map((name, c) => {
    const home = coreNodes(topo, c);
    const cores = home.reduce((s, n) => s + topo.nodeCores[n], 0);
    return { name, home, cores, dataSetMb: spec.dataSetGb !== undefined ? spec.dataSetGb * 1024 : largestInput[c] };
  });
  return { clusters, jobCluster };
}

function coreNodes(topo: SchedulerTopology, c: number): number[] {
  const home: number[] = [];
  for (let n = 0; n < topo.nodeCount; n++) if (topo.nodeMrCluster[n] === c && topo.nodeKind[n] === NODE_CORE) home.push(n);
  return home;
}

/**
 * What a run under FAWKES would fail on, in words, before it runs (the designer shows these beside
 * the card): no MR-cluster marked, a job without one or with one the cluster does not have, an
 * MR-cluster without core nodes. At most `limit` problems.
 */
export function designProblems(topo: SchedulerTopology, jobs: readonly Pick<EngineJob, 'id' | 'mrCluster'>[], limit = 5): string[] {
  const names = topo.mrClusterNames;
  if (names.length === 0)
    return ['FAWKES needs MR-clusters: in the cluster design, mark each MR-cluster\'s core nodes (node kind "core" and an MR-cluster name)'];
  const problems: string[] = [];
  // One problem per kind, however many jobs share it: a trace of thousands of untagged jobs is one thing to fix.
  const without: string[] = [];
  const unknown = new Map<string, string[]>();
  for (const job of jobs) {
    if (job.mrCluster === undefined) without.push(job.id);
    else if (!names.includes(job.mrCluster)) unknown.set(job.mrCluster, [...(unknown.get(job.mrCluster) ?? []), job.id]);
  }
  const some = (ids: string[]) =>
    ids.length === 1
      ? `job "${ids[0]}"`
      : `${ids.length.toLocaleString('en-US')} jobs (${ids
          .slice(0, 3)
          .map((id) => `"${id}"`)
          .join(', ')}${ids.length > 3 ? ', …' : ''})`;
  if (without.length)
    problems.push(
      `${some(without)} name${without.length === 1 ? 's' : ''} no MR-cluster; under FAWKES every job is submitted to one: give ${without.length === 1 ? 'it' : 'them'} one in the workload editor (its "Edit many jobs…" sets them by queue)`,
    );
  for (const [name, ids] of unknown) {
    if (problems.length >= limit) return problems;
    problems.push(
      `${some(ids)} name${ids.length === 1 ? 's' : ''} MR-cluster "${name}", which the cluster design does not have (it has ${names.map((x) => `"${x}"`).join(', ')})`,
    );
  }
  names.forEach((name, c) => {
    if (problems.length < limit && coreNodes(topo, c).length === 0)
      problems.push(`MR-cluster "${name}" has no core nodes: mark at least one node of it as "core" in the cluster design (its minimum share)`);
  });
  return problems;
}

/** The scheduler inside one MR-cluster, with FAWKES' slot settings (the paper runs Hadoop's FIFO). */
export function innerScheduler(spec: FawkesSpec): Scheduler<InnerView> {
  const { mapSlots, reduceSlots, slotMemoryMb, serverLocality } = spec;
  const slots = { ...(mapSlots !== undefined ? { mapSlots } : {}), ...(reduceSlots !== undefined ? { reduceSlots } : {}), slotMemoryMb, serverLocality };
  return spec.inner === 'fair'
    ? fairScheduler(fairOptions.schema.parse({ kind: 'fair', ...slots }))
    : fifoScheduler(fifoOptions.schema.parse({ kind: 'fifo', ...slots }));
}
