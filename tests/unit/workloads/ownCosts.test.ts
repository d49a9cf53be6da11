import { describe, expect, it } from 'vitest';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { problemsOf } from '@shared/api/validation';
import { compileJobs, expandJobs } from '../../../src-main/workloads/compile';
import { templateByName } from '../../../src-main/workloads/benchmarkTemplates';

const compiled = (workload: unknown) => {
  const spec = WorkloadSpecSchema.parse(workload);
  return compileJobs(expandJobs(spec, 1), 128);
};

/** docs/model.md "Jobs and tasks": a job's own costs in place of its template's. */
describe("a job's own costs", () => {
  it('replace only the costs given, on the job alone: its template and the other jobs keep theirs', () => {
    const sort = templateByName('Sort')!;
    const [own, plain] = compiled({
      jobs: [
        { id: 'own', template: 'Sort', submit: 0, maps: 4, mapCpuSPerMb: 0.5, mapSelectivity: 2, reduceCpuSPerMb: 0.1, reduceSelectivity: 0.3 },
        { id: 'plain', template: 'Sort', submit: 0, maps: 4 },
      ],
    });
    expect(own.template).toEqual({ ...sort, mapCpuSPerMb: 0.5, mapSelectivity: 2, reduceCpuSPerMb: 0.1, reduceSelectivity: 0.3 });
    expect(plain.template).toEqual(sort);
    expect(templateByName('Sort')).toEqual(sort);
  });

  it('come from a generator mix row onto each job it draws', () => {
    const jobs = compiled({
      generate: { count: 3, arrival: { kind: 'batch' }, mix: [{ template: 'Pi', weight: 1, maps: 2, mapCpuSPerTask: 78.7 }] },
    });
    expect(jobs.map((j) => j.template.mapCpuSPerTask)).toEqual([78.7, 78.7, 78.7]);
    // Pi reads no input whatever its own CPU: its maps stay input-free.
    expect(jobs.map((j) => j.inputMb)).toEqual([0, 0, 0]);
  });

  it('are refused below 0 with the field named in words', () => {
    const parsed = WorkloadSpecSchema.safeParse({ jobs: [{ template: 'Sort', submit: 0, mapCpuSPerMb: -1 }] });
    expect(parsed.success).toBe(false);
    expect(problemsOf(parsed.error!)).toEqual([{ field: 'jobs.0.mapCpuSPerMb', message: 'must be at least 0' }]);
  });
});
