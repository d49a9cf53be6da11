import { describe, expect, it } from 'vitest';
import type { ClusterView } from '../../../src-main/engine/scheduling/schedulerApi';
import { cluster, cpuOnly, fifo, job, run } from '../../helpers/engineFixtures';

/**
 * What a policy sees of the simulation (docs/model.md "Scheduling"): never a template's cost
 * coefficients (the hidden truth of how long work takes) and a topology it cannot change. The
 * type is the boundary: `npm test`'s typecheck fails when it widens again (the expected errors
 * below would then be unused).
 */
function wouldCheat(view: ClusterView): void {
  // @ts-expect-error a scheduler never sees the CPU seconds a map needs per MB
  void view.job(0).template.mapCpuSPerMb;
  // @ts-expect-error nor the selectivity that decides how much a map writes
  void view.job(0).template.mapSelectivity;
  // @ts-expect-error the topology is read-only to a scheduler
  view.topology.nodeCores[0] = 64;
  // @ts-expect-error its lists too
  view.topology.nodeName.push('extra');
}

describe('the scheduler boundary', () => {
  it('shows a job what a JobTracker is told at submission: name, queue, size and container sizes', () => {
    const seen: unknown[] = [];
    const inner = fifo(2, 1);
    run(cluster(1, 2), [job('j0', cpuOnly(5), { maps: 2 })], {
      name: 'looking',
      onHeartbeat(n, view) {
        if (seen.length === 0) {
          const j = view.job(0);
          seen.push({ id: j.id, maps: j.maps, template: j.template.name, kind: j.template.kind, memory: j.template.mapMemoryMb > 0 });
        }
        inner.onHeartbeat(n, view);
      },
    });
    expect(seen).toEqual([{ id: 'j0', maps: 2, template: expect.any(String), kind: 'cpu', memory: true }]);
    expect(typeof wouldCheat).toBe('function');
  });
});
