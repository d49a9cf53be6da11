import type { BatchInputs } from '@shared/experiment/design';

/** Seeds a reduced run keeps: a verdict needs the paired test, and that needs several seeds. */
export const REDUCED_SEEDS = 3;

/**
 * A paper preset made smaller for a first look (the Reproduce area's "Run reduced"): about half
 * its jobs — a generator's count halved, a job list cut at the median submission time (a job
 * whose predecessor is cut goes too) — on the same cluster, over at least three seeds: the
 * preset's first three, or its seeds followed by the next ones. The cluster is kept, since a
 * preset's set-up (minimum shares, slots per node) is part of what the paper claims.
 */
export function reducedInputs(inputs: BatchInputs): BatchInputs {
  const seeds = [...inputs.seeds.slice(0, REDUCED_SEEDS)];
  while (seeds.length < REDUCED_SEEDS) seeds.push(Math.max(...seeds, 0) + 1);
  const workloads = inputs.workloads.map((w) => {
    const spec = w.spec;
    const generate = spec.generate ? { ...spec.generate, count: Math.max(1, Math.ceil(spec.generate.count / 2)) } : undefined;
    let jobs = spec.jobs;
    if (jobs.length > 1) {
      const submits = jobs.map((j) => j.submit).sort((a, b) => a - b);
      const cut = submits[Math.floor((submits.length - 1) / 2)];
      const kept = new Set<string>();
      jobs = jobs.filter((j, i) => {
        const id = j.id ?? `j${i + 1}`;
        const keep = j.submit <= cut && j.dependsOn.every((d) => kept.has(d));
        if (keep) kept.add(id);
        return keep;
      });
    }
    return { ...w, spec: { ...spec, jobs, ...(generate ? { generate } : {}) } };
  });
  return { ...inputs, seeds, workloads };
}
