import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema, type SchedulerSpecInput } from '@shared/schedulers';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { cluster, cpuOnly, job, peakAttempts, run } from '../../helpers/engineFixtures';

const sched = (s: SchedulerSpecInput) => createScheduler(SchedulerSpecSchema.parse(s));
const attempts = (r: ReturnType<typeof run>) =>
  Array.from({ length: r.records.length }, (_, i) => ({
    task: r.records.task[i],
    node: r.records.node[i],
    start: r.records.start[i],
    end: r.records.end[i],
    locality: r.records.locality[i],
    reason: r.reasons[r.records.reason[i]],
  }));

/**
 * A model whose slowdown grows with the CPU the server is already using: Ŝ = exp(k · (cu + ca))
 * (eq. 1 with only the usage terms, combined by eq. 3 with α = 1). Alone (cu = 0) it predicts 1, so
 * Algorithm 1's decisions can be read off the number of tasks already busy on the server.
 */
const loadModel = (k: number) => ({ cpu: [0, k, k, 0, 0, 0], io: [0, 0, 0, 0, 0, 0, 0, 0, -50, 0], combine: [1, 0, 0] as [number, number, number] });
/** One server with 2 VMs of 2 vCPUs and 2 map slots each: 4 slots on one host. */
const oneServer = () => cluster(1, 1, { cores: 4, vms: 2, vcpus: 2, vmMemoryGb: 2, memoryGb: 8 });

describe('ILA (Bu, Rao, Xu, HPDC 13)', () => {
  it('Algorithm 1: with H = 1 a busy server refuses a job predicted to slow down; a higher threshold lets it co-run', () => {
    const jobs = [job('j', cpuOnly(10), { maps: 8 })];
    const strict = run(oneServer(), jobs, sched({ kind: 'ila', variant: 'iao', threshold: 1, dynamicThreshold: false, model: loadModel(2), reduceSlots: 0 }), {
      heartbeatS: 1,
    });
    const lenient = run(
      oneServer(),
      jobs,
      sched({ kind: 'ila', variant: 'iao', threshold: 1e6, dynamicThreshold: false, model: loadModel(2), reduceSlots: 0 }),
      { heartbeatS: 1 },
    );
    expect(strict.jobs[0].status).toBe('succeeded');
    // H = 1: only the first task on an idle server passes (Ŝ = 1); every co-located one is refused.
    expect(peakAttempts(strict)).toBe(1);
    expect(peakAttempts(lenient)).toBe(4);
    expect(attempts(strict)[0].reason).toMatch(/^IAO: job j is furthest below its fair share; predicted slowdown 1\.00 ≤ threshold 1\.00/);
    expect(lenient.jobs[0].finish).toBeLessThan(strict.jobs[0].finish);
  });

  it('H = 1 on an idle cluster: the first task is admitted (Ŝ exactly 1) whatever the fitted constants', () => {
    // Constants chosen so that (1 + Ŝ_alone) − Ŝ_alone is not 1 in floating point: the prediction for a
    // task alone must still be exactly 1, or H = 1 refuses every task and nothing ever runs.
    const alone = Math.exp(0.1) + 0.2;
    expect(1 + alone - alone).not.toBe(1);
    const model = { cpu: [0, 1, 1, 0, 0.1, 0.2], io: [0, 0, 0, 0, 0, 0, 0, 0, -50, 0], combine: [1, 0, 0] as [number, number, number] };
    const r = run(
      oneServer(),
      [job('j', cpuOnly(10), { maps: 2 })],
      sched({ kind: 'ila', variant: 'iao', threshold: 1, dynamicThreshold: false, model, reduceSlots: 0 }),
      { heartbeatS: 1 },
    );
    expect(r.jobs[0].status).toBe('succeeded');
    expect(attempts(r)[0].reason).toMatch(/predicted slowdown 1\.00 ≤ threshold 1\.00/);
  });

  it("a task's own demand scales the slowdown it is predicted to suffer, and a fit's offset at idle is not read as interference", () => {
    // Eq. 1 with the task's CPU demand and the server's load: Ŝ = exp(tc + 0.2·(cu + ca)) + 0.5. Alone
    // the fit says exp(tc) + 0.5, not 1: that offset is subtracted, so H = 1.5 admits a light task
    // (tc = 0.3) onto a busier server than a heavy one (tc = 2), which is refused once anything runs.
    const model = { cpu: [1, 0.2, 0.2, 0, 0, 0.5], io: [0, 0, 0, 0, 0, 0, 0, 0, -50, 0], combine: [1, 0, 0] as [number, number, number] };
    // Tasks take 100 s, so until then every decision uses the initial demand: count what started before.
    const peak = (tc: number) =>
      attempts(
        run(
          oneServer(),
          [job('j', cpuOnly(100), { maps: 8 })],
          sched({
            kind: 'ila',
            variant: 'iao',
            threshold: 1.5,
            dynamicThreshold: false,
            model,
            reduceSlots: 0,
            initialDemand: { tc, tr: 0, tw: 0 },
            refitEvery: 1000,
          }),
          { heartbeatS: 1 },
        ),
      ).filter((a) => a.start < 99).length;
    expect(peak(2)).toBe(1);
    expect(peak(0.3)).toBeGreaterThan(peak(2));
  });

  it('Algorithm 1, dynamic threshold: once slots idle for k seconds, the server co-runs a slower task when it raises throughput', () => {
    const jobs = [job('j', cpuOnly(60), { maps: 8 })];
    const dynamic = run(oneServer(), jobs, sched({ kind: 'ila', variant: 'iao', threshold: 1, idleSeconds: 20, model: loadModel(0.5), reduceSlots: 0 }), {
      heartbeatS: 1,
    });
    const a = attempts(dynamic);
    expect(peakAttempts(dynamic)).toBeGreaterThan(1);
    // The second task waits for the idle window (k = 20 s) before the dynamic rule admits it.
    const second = a.map((x) => x.start).sort((p, q) => p - q)[1];
    expect(second).toBeGreaterThanOrEqual(20);
    expect(a.some((x) => /predicted slowdown (\d+\.\d+) ≤ threshold \1/.test(x.reason) && !/slowdown 1\.00/.test(x.reason))).toBe(true);
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
    // With no waits at all the first free node takes the block.
    const greedy = run(topo, [job('f', io, { maps: 1, inputMb: 128 })], lao({ nodeWaitS: 0, serverWaitS: 0, rackWaitS: 0 }), { heartbeatS: 3 });
    expect(attempts(greedy)[0].start).toBeLessThanOrEqual(attempts(full)[0].start);
  });

  it('LAO ignores interference: it fills the server whatever the model predicts', () => {
    const r = run(
      oneServer(),
      [job('j', cpuOnly(10), { maps: 8 })],
      sched({ kind: 'ila', variant: 'lao', threshold: 1, dynamicThreshold: false, model: loadModel(5), reduceSlots: 0 }),
      { heartbeatS: 1 },
    );
    expect(r.jobs[0].status).toBe('succeeded');
    expect(peakAttempts(r)).toBe(4);
    expect(attempts(r)[0].reason).toMatch(/^LAO: job j is furthest below its fair share; (.* map|map that reads no input)$/);
  });
});
