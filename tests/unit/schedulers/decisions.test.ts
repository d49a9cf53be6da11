import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema, type SchedulerSpecInput } from '@shared/schedulers';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { leafQueues } from '../../../src-main/schedulers/capacity';
import { cluster, cpuOnly, job, run } from '../../helpers/engineFixtures';

const sched = (s: SchedulerSpecInput) => createScheduler(SchedulerSpecSchema.parse(s));
const attempts = (r: ReturnType<typeof run>) =>
  Array.from({ length: r.records.length }, (_, i) => ({
    task: r.records.task[i],
    node: r.records.node[i],
    start: r.records.start[i],
    end: r.records.end[i],
    locality: r.records.locality[i],
    speculative: r.records.speculative[i] === 1,
    reason: r.reasons[r.records.reason[i]],
  }));

describe('FIFO', () => {
  it('gives every slot to the first job until it has no pending maps', () => {
    const r = run(
      cluster(1, 2, { cores: 2 }),
      [job('first', cpuOnly(10), { maps: 6 }), job('second', cpuOnly(10), { maps: 2, submit: 0.001 })],
      sched({ kind: 'fifo', mapSlots: 2, reduceSlots: 0 }),
      { heartbeatS: 1 },
    );
    const a = attempts(r);
    const secondStart = Math.min(...a.filter((x) => x.task >= 6).map((x) => x.start));
    const firstLastStart = Math.max(...a.filter((x) => x.task < 6).map((x) => x.start));
    expect(secondStart).toBeGreaterThanOrEqual(firstLastStart);
    expect(a[0].reason).toMatch(/^FIFO: job first is first in submission order/);
  });
});

describe('Fair', () => {
  it('splits slots between two jobs instead of serving them in order', () => {
    const r = run(
      cluster(1, 2, { cores: 2 }),
      [job('a', cpuOnly(10), { maps: 8 }), job('b', cpuOnly(10), { maps: 8, submit: 0.001 })],
      sched({ kind: 'fair', mapSlots: 2, reduceSlots: 0, nodeLocalityWaitS: 0, rackLocalityWaitS: 0 }),
      { heartbeatS: 1 },
    );
    const firstWave = attempts(r).filter((x) => x.start < 2);
    expect(firstWave.filter((x) => x.task < 8)).toHaveLength(2);
    expect(firstWave.filter((x) => x.task >= 8)).toHaveLength(2);
  });

  it('names itself in its reasons as its runs are named, for maps and reduces alike', () => {
    const reasons = (waitS: number) =>
      attempts(
        run(
          cluster(1, 2, { cores: 2 }),
          [job('a', cpuOnly(10), { maps: 2, reduces: 1 })],
          sched({ kind: 'fair', mapSlots: 2, reduceSlots: 1, nodeLocalityWaitS: waitS, rackLocalityWaitS: waitS }),
          { heartbeatS: 1 },
        ),
      ).map((x) => x.reason);
    const greedy = reasons(0);
    expect(greedy.some((r) => r.endsWith('; reduce'))).toBe(true);
    for (const r of greedy) expect(r).toMatch(/^Fair \(greedy locality\): job a is furthest below its fair share/);
    for (const r of reasons(5)) expect(r).toMatch(/^Fair \(delay\): job a is furthest below its fair share/);
  });

  it('serves a pool below its min share first', () => {
    const r = run(
      cluster(1, 1, { cores: 4 }),
      [job('big', cpuOnly(10), { maps: 8, queue: 'batch' }), job('urgent', cpuOnly(10), { maps: 4, queue: 'prod', submit: 0.5 })],
      sched({ kind: 'fair', mapSlots: 4, reduceSlots: 0, pools: [{ name: 'prod', minShare: 4 }], nodeLocalityWaitS: 0, rackLocalityWaitS: 0 }),
      { heartbeatS: 1 },
    );
    // When the first slots free up (t = 10), all go to the prod pool until it has its 4.
    const at10 = attempts(r).filter((x) => x.start >= 9.9 && x.start <= 10.1);
    expect(at10.map((x) => x.task >= 8)).toEqual([true, true, true, true]);
  });

  it('delay scheduling skips a non-local slot, then goes rack-local after the wait', () => {
    // One replica on one of four nodes: the map is local to one node only.
    const topo = cluster(1, 4, { cores: 1, replication: 1 });
    const io = cpuOnly(1, { mapCpuSPerMb: 0.001 });
    const delay = run(
      topo,
      [job('j', io, { maps: 1, inputMb: 64 })],
      sched({ kind: 'fair', mapSlots: 1, reduceSlots: 0, nodeLocalityWaitS: 5, rackLocalityWaitS: 5 }),
      { heartbeatS: 3 },
    );
    const greedy = run(
      topo,
      [job('j', io, { maps: 1, inputMb: 64 })],
      sched({ kind: 'fair', mapSlots: 1, reduceSlots: 0, nodeLocalityWaitS: 0, rackLocalityWaitS: 0 }),
      { heartbeatS: 3 },
    );
    expect(attempts(delay)[0].locality).toBe(0); // waited for its node
    expect(attempts(greedy)[0].start).toBeLessThanOrEqual(attempts(delay)[0].start);
    // With the block's node busy for a long time the job gives up waiting and goes rack-local.
    const busy = run(
      topo,
      [job('hog', cpuOnly(100), { maps: 4 }), job('j', io, { maps: 1, inputMb: 64, submit: 0.5 })],
      sched({ kind: 'fair', mapSlots: 1, reduceSlots: 0, nodeLocalityWaitS: 5, rackLocalityWaitS: 5 }),
      { heartbeatS: 3 },
    );
    expect(busy.jobs[1].status).toBe('succeeded');
  });
});

describe('Capacity', () => {
  it('places the application master before any task of the job', () => {
    const r = run(cluster(1, 2, { cores: 4, memoryGb: 8 }), [job('j', cpuOnly(5), { maps: 4 })], sched({ kind: 'capacity' }), { heartbeatS: 1 });
    expect(r.jobs[0].status).toBe('succeeded');
    expect(attempts(r).every((a) => /; container for a (reduce|\S+ map|map that reads no input)$/.test(a.reason))).toBe(true);
    expect(r.utilization.memory).toBeGreaterThan(0);
  });

  it('computes absolute leaf capacities down the queue tree', () => {
    expect(
      leafQueues([
        {
          name: 'prod',
          capacity: 70,
          maxCapacity: 100,
          children: [
            { name: 'etl', capacity: 50, maxCapacity: 100, children: [] },
            { name: 'bi', capacity: 50, maxCapacity: 80, children: [] },
          ],
        },
        { name: 'dev', capacity: 30, maxCapacity: 50, children: [] },
      ]),
    ).toEqual([
      { name: 'etl', capacity: 0.35, maxCapacity: 1 },
      { name: 'bi', capacity: 0.35, maxCapacity: 0.8 },
      { name: 'dev', capacity: 0.3, maxCapacity: 0.5 },
    ]);
  });

  it('keeps a queue at its maximum capacity while another has work', () => {
    const r = run(
      cluster(1, 4, { cores: 8, memoryGb: 9 }),
      [job('d', cpuOnly(20), { maps: 40, queue: 'dev' }), job('p', cpuOnly(20), { maps: 40, queue: 'prod', submit: 30 })],
      sched({
        kind: 'capacity',
        nodeMemoryMb: 8192,
        queues: [
          { name: 'prod', capacity: 70, maxCapacity: 100 },
          { name: 'dev', capacity: 30, maxCapacity: 50 },
        ],
      }),
      { heartbeatS: 1 },
    );
    // dev alone may grow only to 50 % of 32 GB = 16 GB: its AM (1.5 GB) and at most 15 one-GB maps.
    const runningAt10 = attempts(r).filter((a) => a.start <= 10 && a.end > 10);
    expect(runningAt10.length).toBeLessThanOrEqual(15);
    expect(runningAt10.length).toBeGreaterThanOrEqual(14);
  });
});

describe('DRF', () => {
  it('gives the next container to the job with the smaller dominant share', () => {
    const memHeavy = cpuOnly(10, { mapMemoryMb: 4096 });
    const r = run(
      cluster(1, 1, { cores: 16, memoryGb: 17 }),
      [job('mem', memHeavy, { maps: 8 }), job('cpu', cpuOnly(10, { mapMemoryMb: 512 }), { maps: 16 })],
      sched({ kind: 'drf' }),
      { heartbeatS: 1 },
    );
    // 16 GB and 16 vcores on offer: a 4 GB task raises mem's dominant share by 1/4, a 512 MB one raises cpu's by 1/16.
    const firstWave = attempts(r).filter((a) => a.start < 5);
    const memTasks = firstWave.filter((a) => a.task < 8).length;
    const cpuTasks = firstWave.filter((a) => a.task >= 8).length;
    expect(memTasks).toBeGreaterThanOrEqual(1);
    expect(cpuTasks).toBeGreaterThanOrEqual(3 * memTasks);
    expect(firstWave[0].reason).toMatch(/DRF: job (mem|cpu) has the smallest dominant share/);
  });
});

describe('LATE', () => {
  it('launches a speculative copy of a straggler on a fast node, and the copy wins', () => {
    // Two hosts; host 1 is four times slower. A 4-map job: the map stuck on the slow host is copied.
    const topo = cluster(1, 2, { cores: 1 });
    topo.hostSpeed[1] = 0.25;
    const r = run(topo, [job('j', cpuOnly(100), { maps: 3 })], sched({ kind: 'late', mapSlots: 1, reduceSlots: 0, minRunSeconds: 10 }), { heartbeatS: 1 });
    const a = attempts(r);
    const copies = a.filter((x) => x.speculative);
    expect(copies.length).toBeGreaterThan(0);
    expect(copies[0].reason).toMatch(/^LATE: copy of the map of job j with the longest estimated time left/);
    // Without the copy the straggler ends at 400 s; the copy starts at 200 s and ends at 300 s.
    expect(r.jobs[0].finish).toBeLessThan(310);
    expect(r.killedAttempts).toBeGreaterThan(0); // the straggler lost the race
  });
});
