import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema, type SchedulerSpecInput } from '@shared/schedulers';
import { createScheduler } from '../../../src-main/schedulers';
import { cluster, cpuOnly, job, run } from '../../helpers/engineFixtures';

const sched = (s: SchedulerSpecInput) => createScheduler(SchedulerSpecSchema.parse(s));
const attempts = (r: ReturnType<typeof run>) =>
  Array.from({ length: r.records.length }, (_, i) => ({ task: r.records.task[i], node: r.records.node[i], start: r.records.start[i], locality: r.records.locality[i], reason: r.reasons[r.records.reason[i]] }));

/**
 * A model that predicts the same slowdown everywhere (eq. 3 with only the CPU term, whose exponent
 * is the constant ln(S − 1), plus C1 = 1): it isolates Algorithm 1's decisions from the fit.
 */
const constantModel = (slowdown: number) => ({ cpu: [0, 0, 0, 0, Math.log(slowdown - 1 + 1e-12), 1], io: [0, 0, 0, 0, 0, 0, 0, 0, -50, 0], combine: [1, 0, 0] as [number, number, number] });
/** 2 servers × 2 VMs, so "the server" and "the VM" differ. */
const vms = () => cluster(1, 2, { cores: 4, vms: 2, vcpus: 2, vmMemoryGb: 2, memoryGb: 8 });

describe('ILA (Bu, Rao, Xu, HPDC 13)', () => {
  it('Algorithm 1: rejects a job whose predicted slowdown exceeds the static threshold, accepts it under a higher one', () => {
    const jobs = [job('j', cpuOnly(5), { maps: 4 })];
    const strict = run(vms(), jobs, sched({ kind: 'ila', variant: 'iao', threshold: 1, dynamicThreshold: false, model: constantModel(2.3), reduceSlots: 0 }), { heartbeatS: 1, horizonS: 120 });
    expect(strict.records.length).toBe(0);
    expect(strict.jobs[0].status).toBe('unfinished');
    const lenient = run(vms(), jobs, sched({ kind: 'ila', variant: 'iao', threshold: 2.5, dynamicThreshold: false, model: constantModel(2.3), reduceSlots: 0 }), { heartbeatS: 1 });
    expect(lenient.jobs[0].status).toBe('succeeded');
    expect(attempts(lenient)[0].reason).toMatch(/^IAO: job j is furthest below its fair share; predicted slowdown 2\.30 ≤ threshold 2\.50/);
  });

  it('Algorithm 1, dynamic threshold: a server idle for k seconds takes a slower task when it raises its throughput', () => {
    const r = run(vms(), [job('j', cpuOnly(5), { maps: 8 })], sched({ kind: 'ila', variant: 'iao', threshold: 1, idleSeconds: 20, model: constantModel(2.3), reduceSlots: 0 }), { heartbeatS: 1 });
    expect(r.jobs[0].status).toBe('succeeded');
    const a = attempts(r);
    // Nothing starts before the servers have had idle slots for 20 s; then (Z_R + 1)/Ŝ > Z_R/H_d holds for Z_R = 0.
    expect(Math.min(...a.map((x) => x.start))).toBeGreaterThanOrEqual(20);
    expect(a[0].reason).toMatch(/predicted slowdown 2\.30 ≤ threshold 2\.30/);
  });

  it('Algorithm 2: no delay for a tiny input; a block-sized input waits for its node', () => {
    const topo = cluster(1, 4, { cores: 1, replication: 1 });
    const io = cpuOnly(1, { mapCpuSPerMb: 0.001 });
    const lao = (s: Partial<SchedulerSpecInput> = {}) => sched({ kind: 'ila', variant: 'lao', mapSlots: 1, reduceSlots: 0, ...s } as SchedulerSpecInput);
    // 1 MB of a 128 MB block is under 1 %: the first free node takes it, local or not.
    const tiny = run(topo, [job('t', io, { maps: 1, inputMb: 1 })], lao(), { heartbeatS: 3 });
    const full = run(topo, [job('f', io, { maps: 1, inputMb: 128 })], lao(), { heartbeatS: 3 });
    expect(attempts(full)[0].locality).toBe(0);
    expect(attempts(tiny)[0].start).toBeLessThanOrEqual(attempts(full)[0].start);
    // With no waits at all (the IAO side of the comparison) the first free node takes the block.
    const greedy = run(topo, [job('f', io, { maps: 1, inputMb: 128 })], lao({ nodeWaitS: 0, serverWaitS: 0, rackWaitS: 0 }), { heartbeatS: 3 });
    expect(attempts(greedy)[0].start).toBeLessThanOrEqual(attempts(full)[0].start);
  });

  it('LAO ignores interference: it launches under a model that predicts any slowdown', () => {
    const r = run(vms(), [job('j', cpuOnly(5), { maps: 4 })], sched({ kind: 'ila', variant: 'lao', threshold: 1, dynamicThreshold: false, model: constantModel(9), reduceSlots: 0 }), { heartbeatS: 1 });
    expect(r.jobs[0].status).toBe('succeeded');
    expect(attempts(r)[0].reason).toMatch(/^LAO: job j is furthest below its fair share; node-local map|^LAO: job j is furthest below its fair share; .* map$/);
  });
});
