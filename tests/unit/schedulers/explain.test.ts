import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import type { SchedulerSpecOf } from '../../../src-main/schedulers/builtIns';
import { ariaProfileOf } from '@shared/aria/totals';
import { Simulation } from '../../../src-main/engine/run/kernel';
import type { EngineJob } from '../../../src-main/engine/core/model';
import type { Scheduler } from '../../../src-main/engine/scheduling/schedulerApi';
import type { Topology } from '../../../src-main/engine/core/topology';
import { minEdfScheduler } from '../../../src-main/schedulers/minEdf';
import { cluster, cpuOnly, fawkes, fifo, job, mrClusterTopology, options, run } from '../../helpers/engineFixtures';

/**
 * Each scheduler's explain() (engine/scheduling/schedulerApi.ts) on hand-made cases the why-not tests do not
 * reach: FAWKES' MR-clusters and MinEDF's deadline allocation. The run is stopped at a moment and
 * the scheduler asked about one job on one node, as the why-not probe does after a heartbeat.
 */
function at(topology: Topology, jobs: EngineJob[], scheduler: Scheduler, when: number | ((sim: Simulation) => boolean), o = {}) {
  const sim: Simulation = new Simulation({
    topology,
    jobs,
    options: options(o),
    seed: 1,
    scheduler,
    until: () => (typeof when === 'number' ? sim.view.now >= when : when(sim)),
  });
  sim.run();
  return sim;
}
const node = (topology: Topology, name: string) => topology.nodeName.indexOf(name);

describe('what each scheduler says of a job it did not place', () => {
  it("FAWKES: a node of another MR-cluster, or a free one, is not the job's", () => {
    const t = cpuOnly(20);
    const topo = () =>
      mrClusterTopology(
        [
          { name: 'c-1', core: 2 },
          { name: 'c-2', core: 2 },
        ],
        2,
      );
    const topology = topo();
    const jobs = [job('a', t, { maps: 16, mrCluster: 'c-1', inputMb: 2048 }), job('b', t, { maps: 16, submit: 5, mrCluster: 'c-2', inputMb: 2048 })];
    const scheduler = fawkes({ policy: 'none', mapSlots: 2, reduceSlots: 1 });
    // Just admitted, c-1 loads its data set before it runs anything (sec. 4.2.1).
    const early = at(topology, jobs, scheduler, 1, { heartbeatS: 1 });
    expect(scheduler.explain!(0, node(topology, 'c-1-core1'), early.view)).toEqual([
      { kind: 'mrClusterInactive', mrCluster: 'c-1', stage: 'loading its data set' },
    ]);
    const again = fawkes({ policy: 'none', mapSlots: 2, reduceSlots: 1 });
    const sim = at(topo(), jobs, again, (s) => s.view.runningMaps(0) >= 4 && s.view.pendingMaps(0) > 0, { heartbeatS: 1 });
    expect(again.explain!(0, node(topology, 'c-2-core1'), sim.view)).toEqual([{ kind: 'outsideMrCluster', jobMrCluster: 'c-1', nodeMrCluster: 'c-2' }]);
    expect(again.explain!(0, node(topology, 'pool1'), sim.view)).toEqual([
      { kind: 'outsideMrCluster', jobMrCluster: 'c-1', nodeMrCluster: 'none (a free node)' },
    ]);
    // On its own MR-cluster's node the inner scheduler (FIFO) speaks: its slots are full.
    expect(again.explain!(0, node(topology, 'c-1-core1'), sim.view)).toContainEqual(
      expect.objectContaining({ kind: 'noFreeSlot', slot: 'map', used: 2, slots: 2 }),
    );
    // What it weighs there is its own MR-cluster's jobs only, by the inner scheduler's table; a free node weighs nothing.
    const own = again.scores!(node(topology, 'c-1-core1'), sim.view)!;
    expect(own.criteria[0]).toBe('submitted at (s)');
    expect(own.rows.map((r) => r.job)).toEqual(['a']);
    expect(again.scores!(node(topology, 'pool1'), sim.view)).toBeUndefined();
  });

  it('MinEDF: a job with a deadline, at its minimum, may not borrow spare slots', () => {
    const t = cpuOnly(10, { reduceCpuSPerTask: 5, reducesPerMap: 0, minReduces: 0 });
    const measured = run(cluster(1, 4, { cores: 4 }), [job('p', t, { maps: 16, reduces: 4 })], fifo(2, 1), { heartbeatS: 0.1, contention: 'none' });
    const profiles = { 'cpu-only': ariaProfileOf(measured.aria['cpu-only']) };
    const scheduler = minEdfScheduler(
      SchedulerSpecSchema.parse({ kind: 'minedf', mapSlots: 2, reduceSlots: 1, spare: 'none', profiles }) as SchedulerSpecOf<'minedf'>,
    );
    const topology = cluster(1, 4, { cores: 4 });
    const sim = at(topology, [job('late', t, { maps: 40, reduces: 2, deadline: 2000 })], scheduler, 5, { heartbeatS: 0.1, contention: 'none' });
    const reasons = [0, 1, 2, 3].flatMap((n) => scheduler.explain!(0, n, sim.view));
    const held = reasons.filter((r) => r.kind === 'deadlineAllocation');
    expect(held.length).toBeGreaterThan(0);
    for (const r of held) expect(r).toMatchObject({ slot: 'map', running: sim.view.runningMaps(0) });
    expect(held.every((r) => r.allocated <= r.running && r.allocated < 8)).toBe(true);
    expect(reasons).toContainEqual(
      expect.objectContaining({ kind: 'order', rank: 1, of: 1, key: expect.stringMatching(/^deadline 2000 s; its minimum \d+ map \+ \d+ reduce slots$/) }),
    );
  });
});
