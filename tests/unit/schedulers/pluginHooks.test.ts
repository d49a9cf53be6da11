import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema, type SchedulerSpec } from '@shared/schedulers';
import { designProblemsOf, runNeeds } from '../../../src-main/schedulers/registry';
import { schedulerFor } from '../../../src-main/runner/schedulerFor';
import { cluster, job } from '../../helpers/engineFixtures';

const spec = (s: Record<string, unknown>) => SchedulerSpecSchema.parse(s) as SchedulerSpec;

/** A plugin's own hooks, read by kind-blind code: runner/schedulerFor.ts and services/designChecks.ts (docs/architecture.md "Schedulers"). */
describe("a scheduler plugin's run needs and design check", () => {
  const topology = cluster(1, 2, { cores: 4 });

  it("asks the runner for ILA's interference model on the run's cluster, and for nothing under LAO or another kind", () => {
    expect(runNeeds(spec({ kind: 'ila', profilingSamples: 10 }))).toEqual({ interferenceSamples: 10 });
    expect(runNeeds(spec({ kind: 'ila', variant: 'lao' }))).toEqual({});
    expect(runNeeds(spec({ kind: 'fifo' }))).toEqual({});
    // The runner meets the need: ILA is made with a fitted model (without one it refuses to start).
    expect(() => schedulerFor(spec({ kind: 'ila', profilingSamples: 10 }), topology)).not.toThrow();
  });

  it("checks a FAWKES card's design against the cluster and the jobs, and no other kind's", () => {
    const jobs = [job('a', 'Sort', { maps: 2 })];
    expect(designProblemsOf(spec({ kind: 'fawkes' }), topology, jobs)).toEqual([
      'FAWKES needs MR-clusters: in the cluster design, mark each MR-cluster\'s core nodes (node kind "core" and an MR-cluster name)',
    ]);
    expect(designProblemsOf(spec({ kind: 'fair' }), topology, jobs)).toEqual([]);
  });

  it("checks a slot card's task memory against every node, built-in or added: larger than all of them, every attempt would die", () => {
    const jobs = [job('a', 'Sort', { maps: 2 })];
    const small = cluster(1, 2, { cores: 4, memoryGb: 2 });
    const never =
      "no node can hold one slot's task of 4,096 MB: the largest node has 2,048 MB, so every task attempt would fail for want of memory and no job would finish. Lower the card's Slot memory MB (Hadoop 1 gives a task 200 MB), or give the servers more memory.";
    for (const kind of ['fifo', 'fair', 'late', 'minedf', 'ila'] as const)
      expect(designProblemsOf(spec({ kind, slotMemoryMb: 4096 }), small, jobs), kind).toEqual([never]);
    expect(designProblemsOf(spec({ kind: 'fifo', slotMemoryMb: 2048 }), small, jobs)).toEqual([]);
    expect(designProblemsOf(spec({ kind: 'fifo', slotMemoryMb: 4096 }), small, [])).toEqual([]);
  });

  it('refuses 0 slots per node of a kind the jobs have tasks of: none could start; empty slots are sized, never 0', () => {
    const mapsOnly = [job('a', 'Sort', { maps: 2 })];
    const withReduces = [job('a', 'Sort', { maps: 2, reduces: 1 }), job('b', 'Sort', { maps: 1, reduces: 2 })];
    expect(designProblemsOf(spec({ kind: 'fifo', mapSlots: 0 }), topology, mapsOnly)).toEqual([
      'Map slots / node is 0, so no map task could ever start and the job that has one would never finish. Leave it empty (sized from each server’s cores) or give a number of at least 1.',
    ]);
    expect(designProblemsOf(spec({ kind: 'fair', reduceSlots: 0 }), topology, withReduces)).toEqual([
      'Reduce slots / node is 0, so no reduce task could ever start and the 2 jobs that have them would never finish. Leave it empty (sized from each server’s cores) or give a number of at least 1.',
    ]);
    // Jobs without reduces need no reduce slot, and an empty count is sized from the cores.
    expect(designProblemsOf(spec({ kind: 'late', reduceSlots: 0 }), topology, mapsOnly)).toEqual([]);
    expect(designProblemsOf(spec({ kind: 'fifo' }), topology, withReduces)).toEqual([]);
  });

  it("checks a YARN card's containers against every NodeManager's offer, on one node", () => {
    const jobs = [job('a', 'Sort', { maps: 2, reduces: 1 }), job('b', 'Sort', { maps: 2, reduces: 1 })];
    // 2 GB servers offer 1 GB (memory less the daemons', at least 1 GB): MRAppMaster's 1,536 MB never fits.
    const small = cluster(1, 2, { cores: 4, memoryGb: 2 });
    const am =
      "no node can hold a job's application master (1,536 MB, 1 vcore): the largest NodeManager offers 1,024 MB and 4 vcores, so no job would start. Lower the card's AM memory MB or AM vcores, raise its NodeManager memory MB or vcores / node, or give the servers more memory or cores.";
    expect(designProblemsOf(spec({ kind: 'capacity' }), small, jobs)).toEqual([am]);
    expect(designProblemsOf(spec({ kind: 'prism' }), small, jobs)).toEqual([am]);
    expect(designProblemsOf(spec({ kind: 'capacity', nodeMemoryMb: 4096 }), small, jobs)).toEqual([]);
    // Memory on one node and vcores on another do not make a container.
    expect(designProblemsOf(spec({ kind: 'drf', amVcores: 8 }), topology, jobs)[0]).toMatch(
      /^no node can hold a job's application master \(1,536 MB, 8 vcores\)/,
    );
    // Task containers, by kind and size, naming the jobs.
    expect(designProblemsOf(spec({ kind: 'drf', nodeMemoryMb: 1024, amMemoryMb: 512, mapMemoryMb: 2048 }), small, jobs)).toEqual([
      '2 jobs ("a", "b") ask for map containers of 2,048 MB, and no node can hold one: the largest NodeManager offers 1,024 MB and 4 vcores. Raise the card\'s NodeManager memory MB, or give the servers more memory.',
    ]);
    expect(designProblemsOf(spec({ kind: 'capacity' }), topology, jobs)).toEqual([]);
    expect(designProblemsOf(spec({ kind: 'fair' }), small, jobs)).toEqual([]);
  });

  it("checks a Capacity card's queue tree against the queues the jobs name: only a leaf takes a job, and the lone default queue takes any", () => {
    const tree = spec({
      kind: 'capacity',
      queues: [
        { name: 'prod', capacity: 60, children: [{ name: 'etl', capacity: 100 }] },
        { name: 'dev', capacity: 40 },
      ],
    });
    const jobs = [
      job('a', 'Sort', { queue: 'etl' }),
      job('b', 'Sort', { queue: 'prod' }),
      job('c', 'Sort', { queue: 'ads' }),
      job('d', 'Sort', { queue: 'ads' }),
    ];
    // A parent queue takes no job in YARN: "prod" is refused as "ads" is, each once, naming its jobs.
    expect(designProblemsOf(tree, topology, jobs)).toEqual([
      'job "b" names queue "prod", which the card\'s queue tree has no leaf for (its leaves: etl, dev); YARN refuses a job submitted there. Add the queue to the card, or put those jobs in one of its queues (the workload\'s Queue column).',
      expect.stringMatching(/^2 jobs \("c", "d"\) name queue "ads", which/),
    ]);
    expect(designProblemsOf(tree, topology, jobs, 1)).toHaveLength(1);
    expect(designProblemsOf(spec({ kind: 'capacity' }), topology, jobs)).toEqual([]);
    // One leaf that is not the default queue is a tree like any other.
    expect(designProblemsOf(spec({ kind: 'capacity', queues: [{ name: 'all', capacity: 100 }] }), topology, jobs)).toHaveLength(3);
  });
});
