import type { BatchInputs } from '@shared/experiment/design';

/** Seeds a reduced run keeps: a verdict needs the paired test, and that needs several seeds. */
export const REDUCED_SEEDS = 3;

/** A job list shorter than this is a set of job types, not a workload to halve: each job is made smaller instead. */
export const FEWEST_JOBS_TO_HALVE = 8;

/** A preset made smaller, and what was made smaller in words the Reproduce area shows. */
export interface ReducedRun {
  inputs: BatchInputs;
  /** "25 of its 50 jobs", "each of its 2 jobs with half its maps". */
  what: string;
}

type WorkloadInput = BatchInputs['workloads'][number];
type JobInput = WorkloadInput['spec']['jobs'][number];

/** A job with half its maps (at least one), its data scaled with them. */
function halfJob(j: JobInput): JobInput {
  const scale = (mb: number | undefined, f: number) => (mb === undefined ? undefined : mb * f);
  if (j.maps !== undefined) {
    const maps = Math.max(1, Math.ceil(j.maps / 2));
    const f = maps / j.maps;
    return { ...j, maps, inputMb: scale(j.inputMb, f), shuffleMb: scale(j.shuffleMb, f), outputMb: scale(j.outputMb, f) };
  }
  return { ...j, inputMb: scale(j.inputMb, 0.5), shuffleMb: scale(j.shuffleMb, 0.5), outputMb: scale(j.outputMb, 0.5) };
}

/** Drop the keys a halving left undefined, so the spec reads as one written by hand. */
const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

type ClusterInput = BatchInputs['clusters'][number];

/** Half of each rack's servers (at least one), so the jobs made half as large load each node as before. */
function halfCluster(c: ClusterInput): ClusterInput {
  const racks = c.spec.racks.map((r) => ({ ...r, hosts: r.hosts.slice(0, Math.max(1, Math.ceil(r.hosts.length / 2))) }));
  return { ...c, spec: { ...c.spec, racks } };
}

function reducedWorkload(w: WorkloadInput): { workload: WorkloadInput; what: string; smallerJobs: boolean } {
  const spec = w.spec;
  if (spec.generate) {
    const count = Math.max(1, Math.ceil(spec.generate.count / 2));
    return {
      workload: { ...w, spec: { ...spec, generate: { ...spec.generate, count } } },
      what: `${count} of its ${spec.generate.count} generated jobs`,
      smallerJobs: false,
    };
  }
  const jobs = spec.jobs;
  if (jobs.length < FEWEST_JOBS_TO_HALVE) {
    return {
      workload: { ...w, spec: { ...spec, jobs: jobs.map((j) => defined(halfJob(j))) } },
      what: `each of its ${jobs.length} job${jobs.length === 1 ? '' : 's'} with half its maps, on half the servers`,
      smallerJobs: true,
    };
  }
  // The first half by submission (jobs submitted together keep their order); a job whose
  // predecessor is cut goes too.
  const byArrival = jobs.map((j, i) => ({ submit: j.submit, i })).sort((a, b) => a.submit - b.submit || a.i - b.i);
  const half = new Set(byArrival.slice(0, Math.ceil(jobs.length / 2)).map((x) => x.i));
  const kept = new Set<string>();
  const cut = jobs.filter((j, i) => {
    const id = j.id ?? `j${i + 1}`;
    const keep = half.has(i) && j.dependsOn.every((d) => kept.has(d));
    if (keep) kept.add(id);
    return keep;
  });
  return { workload: { ...w, spec: { ...spec, jobs: cut } }, what: `${cut.length} of its ${jobs.length} jobs`, smallerJobs: false };
}

/**
 * A paper preset made smaller for a first look (the Reproduce area's "Run reduced"): a generator's
 * count halved; a job list's first half by submission, on the same cluster, since a preset's
 * set-up (minimum shares, slots per node) is part of what the paper claims. A list of fewer than
 * eight jobs is a set of job types run together (Liu's patterns), whose claim rests on how loaded
 * each node is: every job keeps half its maps, on half of each rack's servers. Over at least three
 * seeds: the preset's first three, or its seeds followed by the next.
 */
export function reducedRun(inputs: BatchInputs): ReducedRun {
  const seeds = [...inputs.seeds.slice(0, REDUCED_SEEDS)];
  while (seeds.length < REDUCED_SEEDS) seeds.push(Math.max(...seeds, 0) + 1);
  const reduced = inputs.workloads.map(reducedWorkload);
  const what = [...new Set(reduced.map((r) => r.what))].join('; ');
  const clusters = reduced.some((r) => r.smallerJobs) ? inputs.clusters.map(halfCluster) : inputs.clusters;
  return { inputs: { ...inputs, seeds, clusters, workloads: reduced.map((r) => r.workload) }, what };
}
