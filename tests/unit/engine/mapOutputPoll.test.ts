import { describe, expect, it } from 'vitest';
import { PhaseKind } from '../../../src-main/engine/core/model';
import { Simulation } from '../../../src-main/engine/run/kernel';
import { cluster, cpuOnly, fifo, job, options, run } from '../../helpers/engineFixtures';

/** When the last map of a one-job run ends, and when its reduce's shuffle ends, under a poll of `every` seconds. */
function lastMapAndShuffleEnd(every: number, mapCpuS: number) {
  const seen = { lastMap: NaN, shuffleEnd: NaN };
  const sim = new Simulation({
    topology: cluster(1, 1),
    // No map output: the shuffle ends the instant it hears of the last map.
    jobs: [job('j', cpuOnly(mapCpuS, { taskCv: 0 }), { maps: 4, reduces: 1, shuffleMb: 0 })],
    options: options({ slowstart: 0, heartbeatS: 0.1, mapOutputPollS: every }),
    seed: 3,
    scheduler: fifo(2, 1),
    afterEvent: (s) => {
      if (Number.isNaN(seen.lastMap) && s.view.mapsDone(0) === 4) seen.lastMap = s.now;
      if (!Number.isNaN(seen.shuffleEnd)) return;
      for (const a of s.view.attemptsOnNode(0)) if (a.isReduce && a.phase !== PhaseKind.Shuffle) seen.shuffleEnd = s.now;
    },
  });
  expect(sim.run().jobs[0].status).toBe('succeeded');
  return seen;
}

describe('reduces ask for finished maps every mapOutputPollS seconds (mapOutputPoll.ts)', () => {
  it('hears of the last map at the next ask on the grid of asks, never later', () => {
    for (const every of [1, 2.5]) {
      const { lastMap, shuffleEnd } = lastMapAndShuffleEnd(every, 10.37);
      expect(lastMap % every).not.toBeCloseTo(0, 3);
      expect(shuffleEnd).toBeCloseTo((Math.floor(lastMap / every) + 1) * every, 9);
      expect(shuffleEnd - lastMap).toBeGreaterThan(0);
      expect(shuffleEnd - lastMap).toBeLessThanOrEqual(every);
    }
  });

  it('hears at the instant the map ends when the poll is 0', () => {
    const { lastMap, shuffleEnd } = lastMapAndShuffleEnd(0, 10.37);
    expect(shuffleEnd).toBeCloseTo(lastMap, 6);
  });

  it('lets each shuffle catch up once per ask, not once per map, and fetches the same bytes', () => {
    // 400 maps of one job on 20 nodes with 10 reduces fetching all along: the maps end a few per
    // second, so asks once a second cut the reduces' catch-ups, while every byte is still fetched.
    const topo = cluster(2, 10);
    const jobs = [job('big', cpuOnly(4, { taskCv: 0.5 }), { maps: 400, reduces: 10, shuffleMb: 4000 })];
    const at = (mapOutputPollS: number) => run(topo, jobs, fifo(2, 1), { slowstart: 0, heartbeatS: 0.5, mapOutputPollS });
    const instant = at(0);
    const polled = at(1);
    const fetched = (r: typeof instant) => r.profiles['cpu-only'].phases.shuffle.fetchMb;
    expect(polled.jobs[0].status).toBe('succeeded');
    expect(fetched(instant)).toBeGreaterThan(3000);
    expect(polled.events).toBeLessThan(instant.events * 0.8);
    expect(fetched(polled)).toBeCloseTo(fetched(instant), 6);
  });
});
