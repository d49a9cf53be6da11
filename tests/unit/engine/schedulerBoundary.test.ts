import { describe, expect, it } from 'vitest';
import type { ClusterView, ViewWith } from '../../../src-main/engine/scheduling/schedulerApi';
import { fifoPlugin } from '../../../src-main/schedulers/fifo';
import { fawkesPlugin } from '../../../src-main/schedulers/fawkes/fawkes';
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

/** A policy typed by the capabilities its plug-in asked for cannot use another. */
function overreaches(view: ViewWith<'attempts'>): void {
  // @ts-expect-error it did not ask for timers
  view.wakeAt(10);
  // @ts-expect-error nor for pre-emption
  view.killAttempt(0);
  // @ts-expect-error nor for ILA's monitors
  view.nodeUsage(0);
  void view.attemptsOnNode(0);
}

describe('the scheduler boundary', () => {
  it('names the capabilities each plug-in uses beyond the core view', () => {
    expect(fifoPlugin.capabilities).toEqual(['attempts']);
    expect(fawkesPlugin.capabilities).toEqual(['attempts', 'timers', 'preemption', 'cluster']);
    expect(typeof overreaches).toBe('function');
  });

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
