import { describe, expect, it } from 'vitest';
import { cluster, cpuOnly, fifo, job, run } from '../../helpers/engineFixtures';
import { compileJobs, expandJobs } from '../../../src-main/workloads/compile';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { summarize } from '../../../src-main/engine/measure/runSummary';

const tenSeconds = cpuOnly(10);
const lastTaskEnd = (r: ReturnType<typeof run>) => {
  let end = 0;
  for (let i = 0; i < r.records.length; i++) end = Math.max(end, r.records.end[i]);
  return end;
};

/** docs/model.md "Jobs and tasks": a job's set-up and commit (JobSpec.setupCommitS). */
describe("a job's set-up and commit", () => {
  const topo = cluster(1, 1, { cores: 2 });

  it('adds its seconds to the job finish, after its last task, and to its time alone and its ideal', () => {
    const plain = run(topo, [job('a', tenSeconds, { maps: 2 })], fifo(2, 1), { heartbeatS: 0.01 });
    const slow = run(topo, [job('a', tenSeconds, { maps: 2, setupCommitS: 40 })], fifo(2, 1), { heartbeatS: 0.01 });
    expect(slow.jobs[0].finish - plain.jobs[0].finish).toBeCloseTo(40, 9);
    expect(slow.jobs[0].finish - lastTaskEnd(slow)).toBeCloseTo(40, 9);
    expect(slow.jobs[0].idealSeconds - plain.jobs[0].idealSeconds).toBeCloseTo(40, 9);
    expect(summarize(slow).makespan - summarize(plain).makespan).toBeCloseTo(40, 9);
  });

  it('holds no slot: a job submitted behind it starts as its last task ends, not after its commit', () => {
    // One slot: b waits for a's task, never for a's 100 s of commit.
    const r = run(topo, [job('a', tenSeconds, { maps: 1, setupCommitS: 100 }), job('b', tenSeconds, { maps: 1, submit: 1 })], fifo(1, 1), { heartbeatS: 0.01 });
    expect(r.jobs[1].finish).toBeLessThan(25);
    expect(r.jobs[0].finish).toBeGreaterThan(r.jobs[1].finish);
  });

  it('holds back a workflow step until the job it depends on has committed', () => {
    const r = run(topo, [job('a', tenSeconds, { maps: 1, setupCommitS: 30 }), job('b', tenSeconds, { maps: 1, dependsOn: [0] })], fifo(1, 1), {
      heartbeatS: 0.01,
    });
    expect(r.jobs[1].submit).toBeCloseTo(r.jobs[0].finish, 9);
  });

  it("comes from a job's own field or its generator's mix row, and refuses a negative value by its field", () => {
    const spec = WorkloadSpecSchema.parse({
      jobs: [{ id: 'own', template: 'Sort', submit: 0, setupCommitS: 12 }],
      generate: { count: 2, arrival: { kind: 'batch' }, mix: [{ template: 'Sort', weight: 1, maps: 2, setupCommitS: 61.5 }] },
    });
    const jobs = compileJobs(expandJobs(spec, 1), 128);
    expect(jobs.map((j) => j.setupCommitS)).toEqual([12, 61.5, 61.5]);
    const bad = WorkloadSpecSchema.safeParse({ jobs: [{ template: 'Sort', submit: 0, setupCommitS: -1 }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['jobs', 0, 'setupCommitS'], message: 'must be at least 0' });
  });
});
