import { describe, expect, it } from 'vitest';
import { nodeShapes, parityGap, schedulerConcurrency, SchedulerSpecSchema, type SchedulerSpecInput } from '@shared/schedulers';
import { slotsForNode } from '@shared/schedulers/concurrency';
import { cluster, cpuOnly, job, run } from '../../helpers/engineFixtures';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { smallCluster } from '../../helpers/clusterFixtures';

const spec = (s: SchedulerSpecInput) => SchedulerSpecSchema.parse(s);

describe('slot sizing per server type', () => {
  it('gives a map slot per core and a reduce slot per two cores', () => {
    expect(slotsForNode({ cores: 16, memoryMb: 64 * 1024 }, { slotMemoryMb: 200 })).toEqual({ map: 16, reduce: 8 });
    expect(slotsForNode({ cores: 8, memoryMb: 16 * 1024 }, { slotMemoryMb: 200 })).toEqual({ map: 8, reduce: 4 });
  });

  it("gives a 2-vCPU VM ILA's 2 map + 1 reduce slots", () => {
    expect(slotsForNode({ cores: 2, memoryMb: 4096 }, { slotMemoryMb: 200 })).toEqual({ map: 2, reduce: 1 });
  });

  it('cuts slots down until every slot JVM fits in memory less the daemons', () => {
    // 16 cores, 4 GB: (4096 − 1024) / 1024 = 3 slots of 1 GB, not 24.
    const s = slotsForNode({ cores: 16, memoryMb: 4096 }, { slotMemoryMb: 1024 });
    expect(s.map + s.reduce).toBe(3);
    expect(s.map).toBeGreaterThanOrEqual(s.reduce);
  });

  it('uses explicit slots as given', () => {
    expect(slotsForNode({ cores: 16, memoryMb: 64 * 1024 }, { mapSlots: 2, reduceSlots: 2, slotMemoryMb: 200 })).toEqual({ map: 2, reduce: 2 });
  });
});

describe('what each scheduler can run at once', () => {
  // 2 bare hosts (8 cores, 16 GB) and 4 VMs (2 vCPUs, 4 GB).
  const nodes = nodeShapes(smallCluster());

  it('says on how many nodes explicit slots hold more task memory than the node has (where attempts beyond it fail)', () => {
    // 16 slots of 1 GB: the 16 GB hosts hold them exactly, the 4 GB VMs do not.
    expect(schedulerConcurrency(spec({ kind: 'fifo', mapSlots: 12, reduceSlots: 4, slotMemoryMb: 1024 }), nodes)).toEqual({
      mapTasks: 72,
      text: '72 map + 24 reduce slots',
      overcommitted: { nodes: 4, of: 6 },
    });
    // Sized from each server type (slots left empty), they always fit.
    expect(schedulerConcurrency(spec({ kind: 'fair', slotMemoryMb: 1024 }), nodes).overcommitted).toBeUndefined();
  });

  it('counts slots for FIFO and containers for Capacity on the same cluster', () => {
    expect(schedulerConcurrency(spec({ kind: 'fifo' }), nodes)).toEqual({ mapTasks: 24, text: '24 map + 12 reduce slots' });
    // Containers of 1 GB: min(vcores, memory − 1 GB) per node = 2 × 8 + 4 × 2.
    expect(schedulerConcurrency(spec({ kind: 'capacity' }), nodes)).toEqual({ mapTasks: 24, text: '24 vcores · 24 containers of 1 GB' });
    expect(schedulerConcurrency(spec({ kind: 'finegrained' }), nodes).text).toBe('CPU pool 1,800 · 18 tasks at requirement 100');
  });

  it('warns when two schedulers differ by more than the parity factor, naming the two', () => {
    const rows = [spec({ kind: 'fifo', mapSlots: 1, reduceSlots: 1 }), spec({ kind: 'capacity' }), spec({ kind: 'fair' })].map((s) => ({
      s,
      concurrency: schedulerConcurrency(s, nodes),
    }));
    const gap = parityGap(rows);
    expect(gap?.low.s.kind).toBe('fifo');
    expect(gap?.high.concurrency.mapTasks).toBe(24);
    expect(gap?.factor).toBeCloseTo(24 / 6);
    expect(parityGap(rows.slice(1))).toBeUndefined();
  });
});

describe('slot schedulers run what the sizing says', () => {
  it('FIFO left at its defaults runs a map per core on a 16-core server', () => {
    const r = run(cluster(1, 1, { cores: 16, memoryGb: 64 }), [job('wide', cpuOnly(10), { maps: 40 })], createScheduler(spec({ kind: 'fifo' })), {
      heartbeatS: 1,
    });
    const firstWave = Array.from(r.records.start.subarray(0, r.records.length)).filter((s) => s < 1.5);
    expect(firstWave).toHaveLength(16);
  });
});
