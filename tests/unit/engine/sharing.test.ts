import { describe, expect, it } from 'vitest';
import { AttemptStore, W_DISK, W_NET_IN, W_SIZE } from '../../../src-main/engine/state/attempts';
import { RemoteReads } from '../../../src-main/engine/resources/diskModel';
import type { NodeUsage, Scheduler } from '../../../src-main/engine/scheduling/schedulerApi';
import { HostSharing } from '../../../src-main/engine/resources/sharing';
import { cluster, cpuOnly, job, run, fifo } from '../../helpers/engineFixtures';

const slots = (mapSlots: number) => fifo(mapSlots, 1);
const durations = (r: ReturnType<typeof run>) => Array.from({ length: r.records.length }, (_, i) => r.records.end[i] - r.records.start[i]);

describe('resource sharing (durations are outcomes)', () => {
  it('two one-thread tasks on one core share it: each takes twice as long', () => {
    const r = run(cluster(1, 1, { cores: 1 }), [job('j', cpuOnly(10), { maps: 2 })], slots(2), { heartbeatS: 0.01 });
    expect(durations(r).map((d) => Number(d.toFixed(3)))).toEqual([20, 20]);
  });

  it('on four cores the same tasks each get a core of their own, and no more', () => {
    const r = run(cluster(1, 1, { cores: 4 }), [job('j', cpuOnly(10), { maps: 2 })], slots(2), { heartbeatS: 0.01 });
    expect(durations(r).map((d) => Number(d.toFixed(3)))).toEqual([10, 10]);
  });

  it('with contention "none" tasks run at their isolated speed whatever else runs', () => {
    const r = run(cluster(1, 1, { cores: 1 }), [job('j', cpuOnly(10), { maps: 2 })], slots(2), { heartbeatS: 0.01, contention: 'none' });
    expect(durations(r).map((d) => Number(d.toFixed(3)))).toEqual([10, 10]);
  });

  it('disk-bound maps share the disk, which loses bandwidth to seek thrashing', () => {
    const io = cpuOnly(0, { mapCpuSPerTask: 0, mapCpuSPerMb: 0, mapSelectivity: 0 });
    // One replica only, on the single node: every map reads 100 MB from the local disk.
    const topo = cluster(1, 1, { cores: 8, diskMBps: 100, replication: 1 });
    const alone = run(topo, [job('j', io, { maps: 1, inputMb: 100 })], slots(4), { heartbeatS: 0.01 });
    expect(durations(alone)[0]).toBeCloseTo(1, 6);
    const four = run(topo, [job('j', io, { maps: 4, inputMb: 400 })], slots(4), { heartbeatS: 0.01, diskThrashing: 0.1 });
    // 4 streams on one disk: 100 / (1 + 0.1·3) MB/s shared by four → 400 MB in 5.2 s.
    for (const d of durations(four)) expect(d).toBeCloseTo(5.2, 6);
  });

  it("a remote read is charged to the disk it comes from: it takes a stream's share there, and the local stream gets the rest", () => {
    // Two servers, a network far faster than the disks. L reads 100 MB from server 0's disk; R, on
    // server 1, reads 100 MB from server 0 too. Server 0's disk serves two streams.
    const topo = cluster(1, 2, { cores: 8, diskMBps: 100, nicMBps: 10_000 });
    const rates = (diskThrashing: number) => {
      const at = new AttemptStore();
      const attempt = (node: number, resource: number) => {
        const a = at.create();
        at.node[a] = node;
        at.host[a] = topo.nodeHost[node];
        at.work[a * W_SIZE + resource] = 100;
        return a;
      };
      const local = attempt(0, W_DISK);
      const remote = attempt(1, W_NET_IN);
      const reads = new RemoteReads(2, topo.hostDiskMBps, topo.hostDisks, diskThrashing);
      reads.attach(remote, 0);
      const sharing = new HostSharing(topo, at, 'full', diskThrashing);
      const usage = { cpuCores: 0, diskMBps: 0, diskStreams: 0, netInMBps: 0, netOutMBps: 0 };
      sharing.rate(0, [local], 0, 0, usage, reads);
      reads.onStreams(0, usage.diskStreams);
      sharing.rate(1, [remote], 0, 0, usage, reads);
      return { local: at.rate[local] * 100, remote: at.rate[remote] * 100, server1Disk: usage.diskMBps };
    };
    // No thrashing: 50 MB/s each, and the remote read shows as disk traffic.
    expect(rates(0)).toEqual({ local: 50, remote: 50, server1Disk: 50 });
    // Thrashing 0.6: two streams get 100 / 1.6 = 62.5 MB/s between them.
    const thrashed = rates(0.6);
    expect(thrashed.local).toBeCloseTo(31.25, 9);
    expect(thrashed.remote).toBeCloseTo(31.25, 9);
  });

  it('the monitors read a seek-bound disk as fully busy, though it moves far less than its rated MB/s', () => {
    const io = cpuOnly(0, { mapCpuSPerTask: 0, mapCpuSPerMb: 0, mapSelectivity: 0 });
    const topo = cluster(1, 1, { cores: 8, diskMBps: 100, replication: 1 });
    const readings = (streams: number, diskThrashing: number) => {
      const inner = slots(streams);
      const seen: NodeUsage[] = [];
      const scheduler: Scheduler = {
        ...inner,
        // It reads the monitors on heartbeats with nothing pending: it asks for every beat, and no beat is skipped as one that places nothing.
        wantsIdleBeats: () => true,
        nodePlacesNothing: undefined,
        onHeartbeat(n, view) {
          inner.onHeartbeat(n, view);
          if (view.now > 0.5 && seen.length === 0) seen.push(view.nodeUsage(n));
        },
      };
      run(topo, [job('j', io, { maps: streams, inputMb: 100 * streams })], scheduler, { heartbeatS: 0.1, diskThrashing });
      return seen[0];
    };
    // One stream: the disk streams at its rated 100 MB/s and is busy all the time.
    expect(readings(1, 0.6).ru).toBeCloseTo(100, 6);
    expect(readings(1, 0.6).iou).toBeCloseTo(1, 6);
    // Six streams thrashing at 0.6: 100 / (1 + 0.6·5) = 25 MB/s in total — and still 100 % busy.
    const six = readings(6, 0.6);
    expect(six.ru + six.ra).toBeCloseTo(25, 6);
    expect(six.iou).toBeCloseTo(1, 6);
  });

  it('co-hosted VMs are held to their vCPUs and share the host cores', () => {
    // A host of 4 cores with 3 VMs of 2 vCPUs: 6 busy threads compete for 4 cores.
    const topo = cluster(1, 1, { cores: 4, vms: 3, vcpus: 2 });
    const r = run(topo, [job('j', cpuOnly(10), { maps: 6 })], slots(2), { heartbeatS: 0.01 });
    // Heartbeats are staggered by 0.01 s, so the first threads run a moment alone.
    for (const d of durations(r)) expect(d).toBeCloseTo(15, 1);
  });

  it('a map waits for its input over the network when it is not local', () => {
    const io = cpuOnly(0, { mapCpuSPerTask: 0, mapCpuSPerMb: 0, mapSelectivity: 0 });
    // Two hosts, one replica: a map may land on the host without its block and read at NIC speed.
    const r = run(cluster(1, 2, { cores: 1, diskMBps: 1000, nicMBps: 50, replication: 1 }), [job('j', io, { maps: 8, inputMb: 800 })], slots(1), {
      heartbeatS: 0.01,
    });
    const local = r.locality.node;
    const remote = r.locality.rack;
    expect(local + remote).toBe(8);
    const d = durations(r).sort((a, b) => a - b);
    expect(d[0]).toBeCloseTo(0.1, 6); // 100 MB from a 1000 MB/s disk
    if (remote > 0) expect(d[d.length - 1]).toBeCloseTo(2, 6); // 100 MB over a 50 MB/s NIC
  });
});
