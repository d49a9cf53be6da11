import { describe, expect, it } from 'vitest';
import { cluster, cpuOnly, job, run, fifo } from '../../helpers/engineFixtures';

/**
 * ARIA (Verma et al., sec. 3, Makespan Theorem): greedy assignment of n tasks to k slots ends
 * between n·avg/k and (n−1)·avg/k + max. With FIFO, k equal slots and no contention the engine must
 * land inside these bounds for any task-length distribution.
 */
describe('makespan theorem', () => {
  for (const [n, k, cv, seed] of [
    [40, 8, 0.5, 1],
    [100, 12, 1.0, 2],
    [7, 3, 0.3, 3],
    [64, 16, 2.0, 4],
  ] as const) {
    it(`${n} tasks on ${k} slots (task CV ${cv})`, () => {
      const topo = cluster(1, k, { cores: 1 });
      const r = run(topo, [job('j', cpuOnly(20, { taskCv: cv }), { maps: n })], fifo(1, 0), { heartbeatS: 0.001, contention: 'none' }, seed);
      const d = Array.from({ length: r.records.length }, (_, i) => r.records.end[i] - r.records.start[i]);
      expect(d).toHaveLength(n);
      const avg = d.reduce((s, x) => s + x, 0) / n;
      const max = Math.max(...d);
      const first = Math.min(...Array.from(r.records.start.subarray(0, n)));
      const last = Math.max(...Array.from(r.records.end.subarray(0, n)));
      const makespan = last - first;
      const slack = 0.001 * 2; // heartbeat stagger at start
      expect(makespan).toBeGreaterThanOrEqual((n * avg) / k - 1e-9);
      expect(makespan).toBeLessThanOrEqual(((n - 1) * avg) / k + max + slack);
    });
  }
});
