import { describe, expect, it } from 'vitest';
import { Simulation } from '../../../src-main/engine/run/kernel';
import type { EngineJob } from '../../../src-main/engine/core/model';
import { reconfiguredFor } from '../../../src-main/schedulers/fawkes/shares';
import { designProblems } from '../../../src-main/schedulers/fawkes/design';
import { cpuOnly, fawkes, job, mrClusterTopology, options, run } from '../../helpers/engineFixtures';

const t = cpuOnly(20);
/** Three MR-clusters of 4 core nodes and 12 pool nodes; c-2 gets ten times c-1's and c-3's work. */
const topo = () =>
  mrClusterTopology(
    [
      { name: 'c-1', core: 4 },
      { name: 'c-2', core: 4 },
      { name: 'c-3', core: 4 },
    ],
    12,
  );
const imbalanced = (): EngineJob[] => [
  ...Array.from({ length: 10 }, (_, i) => job(`a${i}`, t, { maps: 8, submit: i * 20, mrCluster: 'c-1', inputMb: 1024 })),
  ...Array.from({ length: 10 }, (_, i) => job(`b${i}`, t, { maps: 80, submit: i * 20, mrCluster: 'c-2', inputMb: 10240 })),
  ...Array.from({ length: 10 }, (_, i) => job(`c${i}`, t, { maps: 8, submit: 100 + i * 20, mrCluster: 'c-3', inputMb: 1024 })),
];
const opts = { heartbeatS: 1 };
const byName = (r: ReturnType<typeof run>) => Object.fromEntries(r.mrClusters!.map((c) => [c.name, c]));
const meanSlowdown = (r: ReturnType<typeof run>) => r.mrClusters!.reduce((s, c) => s + c.avgSlowdown!, 0) / r.mrClusters!.length;

/** FAWKES' mechanism (Ghit et al. sec. 3-4) on small hand-made cases. */
describe('FAWKES', () => {
  it('None keeps every MR-cluster on its minimum share and leaves the pool idle', () => {
    const r = run(topo(), imbalanced(), fawkes({ policy: 'none', mapSlots: 4, reduceSlots: 2 }), opts);
    expect(r.jobs.every((j) => j.status === 'succeeded')).toBe(true);
    for (const c of r.mrClusters!) {
      expect(Math.max(...c.series.nodes), c.name).toBeLessThanOrEqual(c.minShare);
      expect(c.reconfigurations).toBe(0);
    }
  });

  it('TD moves the pool to the loaded MR-cluster and improves the average slowdown over None', () => {
    const none = run(topo(), imbalanced(), fawkes({ policy: 'none', mapSlots: 4, reduceSlots: 2 }), opts);
    const td = run(topo(), imbalanced(), fawkes({ policy: 'td', mapSlots: 4, reduceSlots: 2 }), opts);
    expect(td.jobs.every((j) => j.status === 'succeeded')).toBe(true);
    const c2 = byName(td)['c-2'];
    expect(Math.max(...c2.series.nodes)).toBeGreaterThan(12);
    expect(c2.reconfigurations).toBeGreaterThan(0);
    expect(c2.avgSlowdown!).toBeLessThan(byName(none)['c-2'].avgSlowdown! * 0.8);
    expect(meanSlowdown(td)).toBeLessThan(meanSlowdown(none) * 0.85);
  });

  it('EQ divides the nodes equally between the active MR-clusters', () => {
    const jobs = [
      ...Array.from({ length: 6 }, (_, i) => job(`a${i}`, t, { maps: 200, mrCluster: 'c-1', inputMb: 200 * 128, submit: i })),
      ...Array.from({ length: 6 }, (_, i) => job(`b${i}`, t, { maps: 200, mrCluster: 'c-2', inputMb: 200 * 128, submit: i })),
    ];
    const topology = mrClusterTopology(
      [
        { name: 'c-1', core: 4 },
        { name: 'c-2', core: 4 },
      ],
      16,
    );
    const r = run(topology, jobs, fawkes({ policy: 'eq', mapSlots: 4, reduceSlots: 2 }), opts);
    for (const c of r.mrClusters!) expect(Math.max(...c.series.nodes), c.name).toBe(12);
  });

  it('gives an arriving MR-cluster its core nodes back within T, killing what ran on them (sec. 4.2.1, 7.1)', () => {
    // c-1 is alone for its first 300 s and grows over every node, c-2's core nodes included.
    const jobs = [
      ...Array.from({ length: 40 }, (_, i) => job(`a${i}`, t, { maps: 40, mrCluster: 'c-1', inputMb: 40 * 128 })),
      job('b0', t, { maps: 8, submit: 300, mrCluster: 'c-2', inputMb: 1024 }),
    ];
    const topology = mrClusterTopology(
      [
        { name: 'c-1', core: 4 },
        { name: 'c-2', core: 4 },
      ],
      8,
    );
    const r = run(topology, jobs, fawkes({ policy: 'jd', grow: 'transient', intervalS: 60, mapSlots: 4, reduceSlots: 2 }), opts);
    const { 'c-1': c1, 'c-2': c2 } = byName(r);
    expect(Math.max(...c1.series.nodes)).toBe(16);
    expect(c2.minShareReachedS).not.toBeNull();
    expect(c2.minShareReachedS!).toBeLessThanOrEqual(60);
    expect(c1.killedAttempts).toBeGreaterThan(0);
    expect(r.jobs.every((j) => j.status === 'succeeded')).toBe(true);
  });

  it('shrinks transient-core nodes by delayed pre-emption: their output is copied off first (sec. 4.2.2)', () => {
    // Sort writes all it reads, so c-1's borrowed transient-core nodes hold output when c-2 claims its core nodes.
    const jobs = [
      ...Array.from({ length: 30 }, (_, i) => job(`a${i}`, 'Sort', { maps: 16, reduces: 8, mrCluster: 'c-1', inputMb: 16 * 128 })),
      job('b0', t, { maps: 8, submit: 400, mrCluster: 'c-2', inputMb: 1024 }),
    ];
    const topology = mrClusterTopology(
      [
        { name: 'c-1', core: 4 },
        { name: 'c-2', core: 4 },
      ],
      8,
    );
    const tc = byName(run(topology, jobs, fawkes({ policy: 'jd', grow: 'transient-core', mapSlots: 4, reduceSlots: 2 }), opts));
    const tr = byName(run(topology, jobs, fawkes({ policy: 'jd', grow: 'transient', mapSlots: 4, reduceSlots: 2 }), opts));
    expect(tc['c-1'].dataMovedMb).toBeGreaterThan(0);
    // The copy delays c-2's minimum share; transient nodes hold nothing and leave at once.
    expect(tr['c-1'].dataMovedMb).toBe(0);
    expect(tc['c-2'].minShareReachedS!).toBeGreaterThan(tr['c-2'].minShareReachedS!);
  });

  it('removes an MR-cluster idle for T and deploys it again, loading its data, when jobs come back', () => {
    const jobs = [job('a0', t, { maps: 8, mrCluster: 'c-1', inputMb: 1024 }), job('a1', t, { maps: 8, submit: 2000, mrCluster: 'c-1', inputMb: 1024 })];
    const r = run(mrClusterTopology([{ name: 'c-1', core: 4 }], 4), jobs, fawkes({ policy: 'td', mapSlots: 4, reduceSlots: 2 }), opts);
    const c1 = r.mrClusters![0];
    // Sizes over time: 4 nodes, none once it has been idle for T, 4 again when a1 comes.
    const sizes = c1.series.t.map((x, i) => [x, c1.series.nodes[i]]);
    const removedAt = sizes.find(([x, nodes]) => x > 20 && nodes === 0)?.[0];
    expect(removedAt).toBeGreaterThan(60);
    expect(removedAt).toBeLessThan(200);
    expect(sizes.filter(([x]) => x > removedAt! && x < 2000).every(([, nodes]) => nodes === 0)).toBe(true);
    expect(sizes.some(([x, nodes]) => x >= 2000 && nodes === 4)).toBe(true);
    // 1 GB × 3 replicas over 4 nodes' disks (100 MB/s each) is 7.7 s of loading before each first task.
    expect(r.jobs[1].start - 2000).toBeGreaterThan(7.6);
    expect(r.jobs.every((j) => j.status === 'succeeded')).toBe(true);
  });

  it('records every MR-cluster whenever one changes size: at no instant do the sizes add up to more than the nodes (sec. 7, Fig. 6 and 10)', () => {
    // c-3 arrives at 100 s and takes its core nodes back from c-2, which borrowed them.
    for (const policy of ['td', 'jd', 'ru'] as const) {
      const r = run(topo(), imbalanced(), fawkes({ policy, mapSlots: 4, reduceSlots: 2 }), opts);
      const mr = r.mrClusters!;
      const sizeAt = (c: (typeof mr)[number], x: number) => {
        let size = 0;
        for (let k = 0; k < c.series.t.length && c.series.t[k] <= x; k++) size = c.series.nodes[k];
        return size;
      };
      const instants = [...new Set(mr.flatMap((c) => c.series.t))];
      expect(instants.length).toBeGreaterThan(10);
      for (const x of instants)
        expect(
          mr.reduce((sum, c) => sum + sizeAt(c, x), 0),
          `${policy} at ${x} s`,
        ).toBeLessThanOrEqual(24);
      // An admission shows in every MR-cluster's series, not only the admitted one's.
      const c3 = mr.find((c) => c.name === 'c-3')!;
      const admitted = c3.series.t[c3.series.nodes.findIndex((n) => n > 0)];
      for (const c of mr) expect(c.series.t, `${policy}: ${c.name}`).toContain(admitted);
    }
  });

  it('counts each re-balance once, for the MR-cluster it grew (sec. 7.3 counts reconfigurations of the system)', () => {
    expect(reconfiguredFor([10, 10, 10], [10, 18, 10])).toBe(1);
    // Nodes move from c-1 and c-3 to c-2: one reconfiguration, not three.
    expect(reconfiguredFor([14, 10, 14], [10, 18, 10])).toBe(1);
    // Two grow: counted once, for the one that grew most.
    expect(reconfiguredFor([20, 10, 10], [10, 13, 17])).toBe(2);
    // Only shrinking (the pool takes the nodes back): the one that shrank most.
    expect(reconfiguredFor([12, 16, 10], [10, 10, 10])).toBe(1);
    expect(reconfiguredFor([10, 16, 10], [10, 16, 10])).toBe(-1);
    // In a run, the sum over MR-clusters is at most the number of intervals T that passed.
    const r = run(topo(), imbalanced(), fawkes({ policy: 'td', intervalS: 60, mapSlots: 4, reduceSlots: 2 }), opts);
    const total = r.mrClusters!.reduce((n, c) => n + c.reconfigurations, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(Math.ceil(r.jobs.reduce((end, j) => Math.max(end, j.finish), 0) / 60));
  });

  it('changes no share while the global discrimination stays under τ', () => {
    const r = run(topo(), imbalanced(), fawkes({ policy: 'td', tau: 1e12, mapSlots: 4, reduceSlots: 2 }), opts);
    for (const c of r.mrClusters!) {
      expect(c.reconfigurations).toBe(0);
      expect(Math.max(...c.series.nodes)).toBe(c.minShare);
    }
  });

  it('never exceeds a node, and gives the same numbers for the same inputs', () => {
    const problems: string[] = [];
    const sim = new Simulation({
      topology: topo(),
      jobs: imbalanced(),
      options: options(opts),
      seed: 3,
      scheduler: fawkes({ policy: 'tt', grow: 'transient', mapSlots: 4, reduceSlots: 2 }),
      afterEvent: (s) => problems.push(...s.checkInvariants()),
    });
    const first = sim.run();
    expect(problems).toEqual([]);
    const again = run(topo(), imbalanced(), fawkes({ policy: 'tt', grow: 'transient', mapSlots: 4, reduceSlots: 2 }), opts, 3);
    expect(JSON.stringify(again.mrClusters)).toBe(JSON.stringify(first.mrClusters));
  });

  it('a workflow step failing with its input leaves the queue of its MR-cluster as it was', () => {
    // Steps fail when the step they need fails, without ever being submitted; the MR-cluster's
    // other jobs must stay in its queue (and in JS's mean) and run to the end.
    const chains = Array.from({ length: 6 }, (_, k) =>
      [0, 1, 2].map((step) =>
        job(`w${k}-${step}`, t, { maps: 4, submit: k * 15, mrCluster: 'c-1', inputMb: 512, ...(step ? { dependsOn: [k * 3 + step - 1] } : {}) }),
      ),
    ).flat();
    const others = Array.from({ length: 12 }, (_, i) => job(`o${i}`, t, { maps: 6, submit: i * 10, mrCluster: i % 2 ? 'c-1' : 'c-2', inputMb: 768 }));
    const problems: string[] = [];
    const jobs = [...chains, ...others];
    const sim = new Simulation({
      topology: topo(),
      jobs,
      options: options({ ...opts, taskFailureProbability: 0.15, maxAttempts: 1 }),
      seed: 2,
      scheduler: fawkes({ policy: 'js', mapSlots: 4, reduceSlots: 2 }),
      afterEvent: (s) => problems.push(...s.checkInvariants()),
    });
    const r = sim.run();
    expect(problems).toEqual([]);
    const failedUnsubmitted = r.jobs.filter((j, i) => j.status === 'failed' && i < chains.length && i % 3 > 0 && r.jobs[i - 1].status === 'failed');
    expect(failedUnsubmitted.length, 'no step failed with its input: the case tests nothing').toBeGreaterThan(0);
    expect(r.jobs.filter((j) => j.status !== 'succeeded' && j.status !== 'failed')).toEqual([]);
    expect(r.jobs.filter((j) => j.status === 'succeeded').length).toBeGreaterThan(0);
    // JS's weights stay numbers, and each MR-cluster's queue, sampled over the run, is what the jobs
    // say: those submitted and not yet finished (a job ending at the very instant is left out).
    for (const c of r.mrClusters!) {
      expect(c.series.weight.every(Number.isFinite), c.name).toBe(true);
      c.series.t.forEach((at, k) => {
        const own = r.jobs.filter((j, i) => jobs[i].mrCluster === c.name && j.submit < j.finish);
        const queued = own.filter((j) => j.submit <= at && j.finish > at).length;
        const edge = own.filter((j) => Math.abs(j.finish - at) < 1e-6 || Math.abs(j.submit - at) < 1e-6).length;
        expect(Math.abs(c.series.queue[k] - queued), `${c.name} at ${at}`).toBeLessThanOrEqual(edge);
      });
    }
  });

  it('names the job or MR-cluster a design gets wrong', () => {
    const topology = mrClusterTopology([{ name: 'c-1', core: 2 }], 2);
    expect(() => run(topology, [job('x', t, {})], fawkes())).toThrow(
      'job "x" names no MR-cluster; under FAWKES every job is submitted to one: give it one in the workload editor (its "Edit many jobs…" sets them by queue)',
    );
    // Many jobs without one are one problem, not one per job.
    const untagged = Array.from({ length: 5 }, (_, i) => job(`u${i}`, t, {}));
    expect(designProblems(topology, untagged)).toEqual([
      '5 jobs ("u0", "u1", "u2", …) name no MR-cluster; under FAWKES every job is submitted to one: give them one in the workload editor (its "Edit many jobs…" sets them by queue)',
    ]);
    expect(() => run(topology, [job('x', t, { mrCluster: 'c-9' })], fawkes())).toThrow(
      'job "x" names MR-cluster "c-9", which the cluster design does not have (it has "c-1")',
    );
    expect(() => run(mrClusterTopology([], 4), [job('x', t, { mrCluster: 'c-1' })], fawkes())).toThrow('FAWKES needs MR-clusters');
  });
});
