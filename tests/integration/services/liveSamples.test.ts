import { describe, expect, it } from 'vitest';
import type { PushEvent } from '@shared/api/contract';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchSummary, DesignRecord, RunProgressEvent } from '@shared/experiment/design';
import { RunPool } from '../../../src-main/runner/runPool';
import { ok, useServices } from '../../helpers/services';

const startServices = useServices();

/** The live charts get the cluster's state at every progress check, not only when a message goes out. */
describe('live samples of a running run', () => {
  it('every check since the last message rides with the next one, in time order, ending at its moment', async () => {
    const s = await startServices(undefined, { makePool: () => new RunPool({ threads: 1 }) });
    const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 2, hostsPerRack: 4 } });
    const workload = await ok<{ id: string }>(s, 'workloads:create', {
      spec: {
        name: 'day',
        generate: { count: 8000, arrival: { kind: 'poisson', meanInterarrivalS: 2 }, mix: [{ template: 'Sort', weight: 1, maps: [10, 40] }] },
      },
    });
    const design = await ok<DesignRecord>(s, 'experiments:create', {
      spec: { name: 'live', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }], seeds: [1] },
    });
    const running: RunProgressEvent[] = [];
    s.events.subscribe((e: PushEvent) => {
      const p = e.payload as RunProgressEvent;
      if (e.event === 'experiments:progress' && p.status === 'running' && p.events > 0) running.push(p);
    });
    const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
    await s.runner.settled(batch.id);
    expect(running.length).toBeGreaterThan(0);
    for (const p of running) expect(p.samples?.at(-1)?.t).toBe(p.simTime);
    const samples = running.flatMap((p) => p.samples ?? []);
    expect(samples.every((x, i) => i === 0 || x.t > samples[i - 1].t)).toBe(true);
    // The engine checks every 20,000 events: one point per check up to the last message, however few messages went out.
    expect(samples).toHaveLength(running.at(-1)!.events / 20_000);
    expect(samples.length).toBeGreaterThan(20);
  }, 120_000);
});
