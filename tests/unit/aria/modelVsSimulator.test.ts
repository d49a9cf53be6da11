import { describe, expect, it } from 'vitest';
import { completionBounds } from '@shared/aria/bounds';
import { ariaProfileOf } from '@shared/aria/totals';
import { cluster, cpuOnly, fifo, job, run } from '../../helpers/engineFixtures';
import { templateByName } from '../../../src-main/workloads/benchmarkTemplates';
import { RECORD_AGAIN, readStoredCheck } from '../../../scripts/reproductions/storedRuns';
import { ARIA_TABLE_1, ariaModelCheck, type ModelCheckRow } from '../../scenarios/ariaModelCheck';

describe('ARIA profiles measured by the engine (sec. 3.2)', () => {
  it('splits the first reduce wave from the later ones and times every stage', () => {
    // 4 maps of 10 s on 2 map slots, 4 reduces on 1 reduce slot: one first-wave reduce, three typical.
    const t = cpuOnly(10, { reduceCpuSPerTask: 6, reducesPerMap: 0, minReduces: 1 });
    const at = (mapOutputPollS: number) =>
      run(cluster(1, 1, { cores: 4 }), [job('j', t, { maps: 4, reduces: 4 })], fifo(2, 1), { heartbeatS: 0.01, contention: 'none', mapOutputPollS }).aria[
        'cpu-only'
      ];
    const totals = at(0);
    expect(totals.maps.count).toBe(4);
    expect(totals.firstShuffle.count).toBe(1);
    expect(totals.typicalShuffle.count).toBe(3);
    expect(totals.reduces.count).toBe(4);
    const p = ariaProfileOf(totals);
    expect(p.mMin).toBeCloseTo(10, 1);
    expect(p.mMax).toBeCloseTo(10, 1);
    expect(p.rAvg).toBeCloseTo(6, 1);
    // The first reduce waits through the map stage; only what follows the last map counts.
    expect(p.sh1Avg).toBeLessThan(1);
    // When reduces ask for finished maps once a second, what follows the last map includes the wait for that ask.
    const polled = ariaProfileOf(at(1));
    expect(polled.sh1Avg).toBeGreaterThan(p.sh1Avg);
    expect(polled.sh1Avg).toBeLessThanOrEqual(p.sh1Avg + 1 + 1e-9);
  });

  it('reports map input and the selectivities from the bytes tasks read and wrote', () => {
    const sort = templateByName('Sort')!;
    const r = run(cluster(1, 4), [job('s', sort, { maps: 8, reduces: 2, inputMb: 8 * 64 })], fifo(2, 1), { heartbeatS: 0.5 });
    const p = ariaProfileOf(r.aria.Sort);
    expect(p.avgInputMB).toBeGreaterThan(50);
    expect(p.avgInputMB).toBeLessThan(80);
    expect(p.selectivityM).toBeCloseTo(sort.mapSelectivity, 6);
    expect(p.selectivityR).toBeCloseTo(sort.reduceSelectivity, 6);
  });
});

describe('ARIA bounds against the simulator', () => {
  // Contention-free FIFO runs of many shapes: the job's completion lies inside [T_low, T_up] (eq. 5-6)
  // computed from the profile the run itself measured, with the run's slots.
  const shapes = [
    // nodes, map slots/node, reduce slots/node, maps, reduces, task CV, seed
    [8, 2, 1, 40, 12, 0.5, 1],
    [8, 2, 2, 100, 30, 1.0, 2],
    [4, 1, 1, 7, 5, 0.3, 3],
    [6, 3, 1, 64, 6, 2.0, 4],
    [5, 2, 1, 13, 0, 0.8, 5],
    [3, 4, 2, 90, 20, 0.2, 6],
  ] as const;
  for (const [nodes, ms, rs, maps, reduces, cv, seed] of shapes) {
    it(`${maps} maps and ${reduces} reduces on ${nodes * ms} + ${nodes * rs} slots, task CV ${cv}`, () => {
      const t = cpuOnly(20, { taskCv: cv, reduceCpuSPerTask: 10, reducesPerMap: 0, minReduces: 0 });
      const r = run(cluster(1, nodes, { cores: 4 }), [job('j', t, { maps, reduces })], fifo(ms, rs), { heartbeatS: 0.01, contention: 'none' }, seed);
      const b = completionBounds(ariaProfileOf(r.aria['cpu-only']), { maps, reduces, mapSlots: nodes * ms, reduceSlots: Math.max(1, nodes * rs) });
      const jct = r.jobs[0].finish - r.jobs[0].submit;
      const heartbeats = 0.01 * 4; // a task waits for its node's next heartbeat at most once per stage
      expect(jct).toBeGreaterThanOrEqual(b.low - heartbeats);
      expect(jct).toBeLessThanOrEqual(b.up + heartbeats);
    });
  }

  // The four applications of Table 1 at the sec. 5.3 set-up, contention on, predicted from staging
  // runs scaled with eq. 9-10: the average bound is within 15 % of the simulation, and the numbers
  // are the ones docs/reproductions.md shows (docs/runs/aria-model.json).
  const stored = readStoredCheck<ModelCheckRow[]>('aria-model');
  for (const [name, maps, reduceSlots] of ARIA_TABLE_1) {
    it(`${name}: ${maps} maps on 64 + ${reduceSlots} slots, predicted from staging runs`, () => {
      const row = ariaModelCheck(name, maps, reduceSlots);
      expect(Math.abs(row.predicted.avg - row.simulated) / row.simulated).toBeLessThan(0.15);
      expect(row.predicted.low).toBeLessThan(row.predicted.up);
      expect(row, RECORD_AGAIN).toEqual(stored.find((r) => r.application === name));
    });
  }
});
