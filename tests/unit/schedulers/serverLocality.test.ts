import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema, type SchedulerSpecInput } from '@shared/schedulers';
import type { ClusterView, Scheduler } from '../../../src-main/engine/scheduling/schedulerApi';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { cluster, cpuOnly, job, run } from '../../helpers/engineFixtures';

/** Runs the scheduler on a small VM cluster and collects how it asked for maps: with server locality or without. */
function searches(spec: SchedulerSpecInput): Set<boolean> {
  const inner = createScheduler(SchedulerSpecSchema.parse(spec));
  const seen = new Set<boolean>();
  const spy = (view: ClusterView) =>
    new Proxy(view, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (prop !== 'findMap') return value.bind(target);
        return (...args: Parameters<ClusterView['findMap']>) => {
          seen.add(args[4]);
          return value.apply(target, args);
        };
      },
    });
  const scheduler: Scheduler = { ...inner, onHeartbeat: (n, view) => inner.onHeartbeat(n, spy(view)) };
  const topo = cluster(1, 2, { cores: 4, vms: 2, vcpus: 2, vmMemoryGb: 4, memoryGb: 16 });
  const io = cpuOnly(2, { mapCpuSPerMb: 0.01 });
  const r = run(topo, [job('j', io, { maps: 8, inputMb: 8 * 128 })], scheduler, { heartbeatS: 1 });
  expect(r.jobs[0].status).toBe('succeeded');
  return seen;
}

describe('server locality', () => {
  const stock: SchedulerSpecInput[] = [
    { kind: 'fifo' },
    { kind: 'fair' },
    { kind: 'fair', nodeLocalityWaitS: 0, rackLocalityWaitS: 0 },
    { kind: 'capacity' },
    { kind: 'drf' },
    { kind: 'late' },
    { kind: 'prism' },
    { kind: 'finegrained' },
  ];

  it.each(stock)('is unknown to stock $kind, as to Hadoop’s node-and-rack topology, unless asked for', (spec) => {
    expect([...searches(spec)]).toEqual([false]);
    expect([...searches({ ...spec, serverLocality: true } as SchedulerSpecInput)]).toEqual([true]);
  });

  it('is known to ILA’s and LAO’s locality module and not to IAO’s greedy locality (ILA sec. 5.2)', () => {
    expect([...searches({ kind: 'ila', variant: 'ila', model: flatModel })]).toEqual([true]);
    expect([...searches({ kind: 'ila', variant: 'lao' })]).toEqual([true]);
    expect([...searches({ kind: 'ila', variant: 'iao', model: flatModel })]).toEqual([false]);
  });
});

/** A model predicting no interference at all, so the test needs no profiling runs. */
const flatModel = { cpu: [0, 0, 0, 0, 0, 0], io: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], combine: [0, 0, 1] as [number, number, number] };
