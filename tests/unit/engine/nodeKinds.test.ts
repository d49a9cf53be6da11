import { describe, expect, it } from 'vitest';
import { W_DISK, W_NET_OUT } from '../../../src-main/engine/state/attempts';
import { PhaseKind } from '../../../src-main/engine/core/model';
import { phaseWork } from '../../../src-main/engine/jobs/phases';
import { Random } from '../../../src-main/engine/core/random';
import { buildTaskTable } from '../../../src-main/engine/state/tasks';
import { Locality, NODE_CORE, NODE_TRANSIENT, NODE_TRANSIENT_CORE } from '../../../src-main/engine/core/topology';
import { fifo, job, mrClusterTopology, run } from '../../helpers/engineFixtures';

/** FAWKES sec. 3.2: what core, transient and transient-core nodes store, and what that costs a task. */
describe('FAWKES node kinds', () => {
  it("puts an MR-cluster's input on its own core nodes, and shared input on the pool's core nodes only", () => {
    const topo = mrClusterTopology(
      [
        { name: 'c-1', core: 3 },
        { name: 'c-2', core: 3 },
      ],
      6,
      { poolKind: 'transient' },
    );
    const jobs = [job('a', 'Sort', { maps: 40, inputMb: 40 * 128, mrCluster: 'c-1' }), job('b', 'Sort', { maps: 40, inputMb: 40 * 128, mrCluster: 'c-2' })];
    const tasks = buildTaskTable(jobs, topo, { variation: new Random(1, 'variation'), skew: new Random(1, 'skew'), placement: new Random(1, 'placement') });
    const holders = (j: number) => {
      const out = new Set<string>();
      for (let t = tasks.jobFirstTask[j]; t < tasks.jobFirstTask[j] + tasks.jobMapCount[j]; t++)
        for (let k = 0; k < tasks.replication; k++) out.add(topo.nodeName[tasks.replicas[t * tasks.replication + k]]);
      return [...out].sort();
    };
    expect(holders(0)).toEqual(['c-1-core1', 'c-1-core2', 'c-1-core3']);
    expect(holders(1)).toEqual(['c-2-core1', 'c-2-core2', 'c-2-core3']);
  });

  it('a transient node sends its HDFS output over the network; a transient-core node writes it to its own disk', () => {
    const topo = mrClusterTopology([{ name: 'c-1', core: 2 }], 2);
    const role = new Uint8Array(topo.nodeCount);
    const sort = job('s', 'Sort', { maps: 2, reduces: 1, inputMb: 256 });
    const work = (kind: number) => {
      role[2] = kind;
      const out = new Float64Array(6);
      phaseWork({ topo, dom0CpuPerMb: 0, taskDiskMBps: Infinity, nodeRole: role }, sort, PhaseKind.Reduce, 1, 1, 1, Locality.None, 2, out, 0);
      return out;
    };
    const core = work(NODE_CORE);
    const transient = work(NODE_TRANSIENT);
    const transientCore = work(NODE_TRANSIENT_CORE);
    // Sort writes all it reduces (256 MB): the core and transient-core node to disk, with one pipeline copy over the NIC.
    expect(transientCore[W_DISK]).toBe(core[W_DISK]);
    expect(core[W_NET_OUT]).toBe(256);
    // The transient node has no DataNode: the output leaves by the NIC and its disk only sees the sort's spills.
    expect(transient[W_DISK]).toBe(core[W_DISK] - 256);
    expect(transient[W_NET_OUT]).toBe(256);
  });

  it('runs a disk-heavy job slower on transient than on transient-core nodes, and a compute-heavy one about the same (Fig. 3a)', () => {
    // Half the nodes are core (the input's), half of the given kind, as in sec. 6.1; 16 reduces fill
    // every reduce slot, so the transient nodes' output lands on the core nodes' busy disks.
    const seconds = (template: string, poolKind: 'core' | 'transient' | 'transient-core') => {
      const topo = mrClusterTopology([{ name: 'c-1', core: 4 }], 4, { poolKind, cores: 4, diskMBps: 80 });
      const r = run(topo, [job('j', template, { inputMb: 64 * 128, reduces: 16, mrCluster: 'c-1' })], fifo(4, 2), { heartbeatS: 1 });
      expect(r.jobs[0].status).toBe('succeeded');
      return r.jobs[0].finish - r.jobs[0].start;
    };
    const sortTr = seconds('Sort', 'transient');
    const sortTc = seconds('Sort', 'transient-core');
    expect(sortTr).toBeGreaterThan(sortTc * 1.03);
    const wcTr = seconds('WordCount', 'transient');
    const wcTc = seconds('WordCount', 'transient-core');
    expect(Math.abs(wcTr - wcTc) / wcTc).toBeLessThan(0.05);
  });
});
