import { describe, expect, it } from 'vitest';
import { cluster, cpuOnly, fifo, job, run } from '../../helpers/engineFixtures';

const io = cpuOnly(0, { mapCpuSPerTask: 0, mapCpuSPerMb: 0, mapSelectivity: 0 });
const durations = (r: ReturnType<typeof run>) => Array.from({ length: r.records.length }, (_, i) => r.records.end[i] - r.records.start[i]);

/** docs/model.md "Resource sharing": one task's disk pace (SimulationOptions.taskDiskMBps). */
describe("a task's disk pace", () => {
  // One replica on the single node: every map reads its 100 MB from the local 100 MB/s disk.
  const topo = cluster(1, 1, { cores: 8, diskMBps: 100, replication: 1 });

  it('holds one task below its pace however idle the disk', () => {
    const alone = run(topo, [job('j', io, { maps: 1, inputMb: 100 })], fifo(4, 1), { heartbeatS: 0.01, taskDiskMBps: 20 });
    expect(durations(alone)[0]).toBeCloseTo(5, 6);
    // Without a pace the task takes the whole disk.
    expect(durations(run(topo, [job('j', io, { maps: 1, inputMb: 100 })], fifo(4, 1), { heartbeatS: 0.01 }))[0]).toBeCloseTo(1, 6);
  });

  it('lets tasks add up to the disk, and no further: then they share it as before', () => {
    // Four at 20 MB/s fit in 100 MB/s: each still takes 5 s.
    const four = run(topo, [job('j', io, { maps: 4, inputMb: 400 })], fifo(4, 1), { heartbeatS: 0.01, taskDiskMBps: 20, diskThrashing: 0 });
    for (const d of durations(four)) expect(d).toBeCloseTo(5, 6);
    // Eight would want 160 MB/s: the disk's 100 are shared, 12.5 MB/s each, so 8 s.
    const eight = run(topo, [job('j', io, { maps: 8, inputMb: 800 })], fifo(8, 1), { heartbeatS: 0.01, taskDiskMBps: 20, diskThrashing: 0 });
    for (const d of durations(eight)) expect(d).toBeCloseTo(8, 6);
  });

  it('paces a read from another server too, and counts in the time a task takes alone (the ideal of ANP)', () => {
    // Two servers, one replica of each block, one slot each: some of the six maps read remotely.
    const two = cluster(1, 2, { cores: 8, diskMBps: 100, nicMBps: 10_000, uplinkMBps: 10_000, replication: 1 });
    const r = run(two, [job('j', io, { maps: 6, inputMb: 600 })], fifo(1, 1), { heartbeatS: 0.01, taskDiskMBps: 25 });
    const localities = Array.from(r.records.locality.subarray(0, r.records.length));
    expect(localities).toContain(2); // rack-local: read over the network from the other server's disk
    expect(localities).toContain(0);
    for (const d of durations(r)) expect(d).toBeCloseTo(4, 6);
    expect(r.jobs[0].idealSeconds).toBeCloseTo(4, 6);
  });
});
