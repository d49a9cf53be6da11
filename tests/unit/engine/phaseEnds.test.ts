import { describe, expect, it } from 'vitest';
import { PhaseKind } from '../../../src-main/engine/core/model';
import { Simulation } from '../../../src-main/engine/run/kernel';
import { cluster, cpuOnly, fifo, job, mrClusterTopology, options, run } from '../../helpers/engineFixtures';

describe('phase ends', () => {
  it('ends a phase that reaches its end while its host is re-rated for another reason', () => {
    // Input on 4 of 24 nodes: most maps read remotely, so the source disks' readers are re-rated
    // whenever a read starts or ends, often at the instant another reader finishes. Such a map used
    // to be given rate 0 at its end and never finish.
    const topo = mrClusterTopology([{ name: 'c-1', core: 4 }], 20);
    const jobs = Array.from({ length: 10 }, (_, i) => job(`a${i}`, cpuOnly(20), { maps: 8, submit: i * 20, mrCluster: 'c-1', inputMb: 1024 }));
    const r = run(topo, jobs, fifo(4, 2), { heartbeatS: 1 });
    expect(r.jobs.map((j) => j.status)).toEqual(jobs.map(() => 'succeeded'));
    expect(r.stalled).toBe(false);
  });

  it('moves a shuffle with nothing to fetch as far as the ended maps allow at once, with no event of its own', () => {
    // One node, two map slots, 16 CPU-only maps writing no output, and a reduce started at once
    // (slow start 0): its shuffle has nothing to fetch and waits for eight waves of maps. After every
    // event before the last map ends it must be waiting (as far as the maps allow, not on its way
    // there in an event of its own), and the waves of maps cost no more events than without the reduce.
    // Map ends are news at once here (mapOutputPollS 0): the asks of mapOutputPoll.test.ts aside.
    const topo = cluster(1, 1);
    const maps = (reduces: number) => [job('z', cpuOnly(20, { taskCv: 0 }), { maps: 16, reduces, shuffleMb: 0 })];
    const seen = { checked: 0, notWaiting: 0 };
    const sim = new Simulation({
      topology: topo,
      jobs: maps(1),
      options: options({ slowstart: 0, mapOutputPollS: 0 }),
      seed: 1,
      scheduler: fifo(2, 1),
      afterEvent: (s) => {
        if (s.view.mapsDone(0) === 16) return;
        for (const a of s.view.attemptsOnNode(0)) {
          if (!a.isReduce || a.phase !== PhaseKind.Shuffle) continue;
          seen.checked++;
          if (!a.waiting) seen.notWaiting++;
        }
      },
    });
    const withReduce = sim.run();
    expect(withReduce.jobs[0].status).toBe('succeeded');
    expect(seen.checked).toBeGreaterThan(8);
    expect(seen.notWaiting).toBe(0);
    // The reduce adds its own events (its launch, its three phase ends, the beats after it ends and
    // while it sorts and reduces: 13 here), not one more per wave of maps (20 before this was fixed).
    const mapsOnly = run(topo, maps(0), fifo(2, 1), { slowstart: 0, mapOutputPollS: 0 });
    expect(withReduce.events - mapsOnly.events).toBeLessThan(16);
  });
});
