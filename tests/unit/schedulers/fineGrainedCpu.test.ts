import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema, type SchedulerSpecInput } from '@shared/schedulers';
import { cpuRequirement, type TaskCounters } from '../../../src-main/engine/measure/profiles';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { cluster, cpuOnly, job, peakAttempts, run } from '../../helpers/engineFixtures';

const sched = (s: SchedulerSpecInput) => createScheduler(SchedulerSpecSchema.parse(s));
const counters = (c: Partial<TaskCounters>): TaskCounters => ({
  isReduce: false,
  wallSeconds: 60,
  cpuSeconds: 0,
  fsReadMb: 0,
  fsWriteMb: 0,
  hdfsReadMb: 0,
  hdfsWriteMb: 0,
  fetchMb: 0,
  diskMBps: 74,
  memoryMb: 1024,
  ...c,
});

describe('Finer-Grained CPU requirement (Liu eq. 3.2, 3.4)', () => {
  it('is 100 for a task that only computes, and CPU / (CPU + I/O) otherwise, rounded up', () => {
    expect(cpuRequirement(counters({ cpuSeconds: 30 }))).toBe(100);
    // 10 s of CPU; 740 MB read and 740 MB written at 74 MB/s = 20 s of I/O → 10 / 30 → 34.
    expect(cpuRequirement(counters({ cpuSeconds: 10, hdfsReadMb: 740, fsWriteMb: 740 }))).toBe(34);
    expect(cpuRequirement(counters({ cpuSeconds: 0.001, hdfsWriteMb: 2048 }))).toBe(1);
  });
});

describe('Finer-Grained CPU scheduler', () => {
  it('admits two 50-CPU tasks where YARN admits one (2 cores, one reserved: a pool of 100)', () => {
    const topo = cluster(1, 2, { cores: 2, memoryGb: 16 });
    const jobs = () => [job('io', cpuOnly(30, { name: 'IoJob' }), { maps: 6 })];
    const fine = run(topo, jobs(), sched({ kind: 'finegrained', requirements: { IoJob: { map: 50 } } }), { heartbeatS: 1 });
    const yarn = run(topo, jobs(), sched({ kind: 'capacity', vcoresPerNode: 1 }), { heartbeatS: 1 });
    // One node holds the application master (100 of its pool, all there is); the other runs the tasks.
    const peak = (r: ReturnType<typeof run>) => Math.max(peakAttempts(r, 0), peakAttempts(r, 1));
    expect(peak(fine)).toBe(2);
    expect(peak(yarn)).toBe(1);
    expect(fine.reasons.some((r) => /needs 50 of the node's CPU pool/.test(r))).toBe(true);
  });

  it('treats an unknown workload as 100 and learns it from its first successful job (eq. 3.5)', () => {
    const topo = cluster(1, 2, { cores: 9, memoryGb: 32 });
    // I/O-bound maps: 10 s of CPU, 256 MB read at 100 MB/s → R_T = ⌈10 / (10 + 2.56) · 100⌉ = 80.
    const io = cpuOnly(10, { name: 'Scan', mapCpuSPerMb: 0 });
    const r = run(
      topo,
      [job('sample', io, { maps: 4, inputMb: 1024 }), job('later', io, { maps: 4, inputMb: 1024, submit: 200 })],
      sched({ kind: 'finegrained', minAnalysableSeconds: 1 }),
      { heartbeatS: 1, contention: 'none' },
    );
    const reasons = Array.from({ length: r.records.length }, (_, i) => ({ start: r.records.start[i], reason: r.reasons[r.records.reason[i]] }));
    expect(reasons.filter((x) => x.start < 200).every((x) => /needs 100 of/.test(x.reason))).toBe(true);
    expect(reasons.filter((x) => x.start >= 200).every((x) => /needs 80 of/.test(x.reason))).toBe(true);
  });

  it('keeps the default for tasks too short to analyse', () => {
    const topo = cluster(1, 2, { cores: 9, memoryGb: 32 });
    const tiny = cpuOnly(1, { name: 'Tiny', mapCpuSPerMb: 0 });
    const r = run(
      topo,
      [job('a', tiny, { maps: 4, inputMb: 40 }), job('b', tiny, { maps: 4, inputMb: 40, submit: 100 })],
      sched({ kind: 'finegrained', minAnalysableSeconds: 5 }),
      { heartbeatS: 1 },
    );
    expect(r.reasons.every((x) => /needs 100 of/.test(x))).toBe(true);
  });
});
