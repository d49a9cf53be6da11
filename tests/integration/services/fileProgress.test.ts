import { describe, expect, it } from 'vitest';
import type { EventPayloads, PushEvent } from '@shared/api/contract';
import { defaultUniformCluster } from '@shared/cluster/clusterGenerator';
import type { BatchSummary, DesignRecord } from '@shared/experiment/design';
import { RunPool } from '../../../src-main/runner/runPool';
import { ok, useServices } from '../../helpers/services';

const startServices = useServices();
type Step = EventPayloads['files:progress'];

/** Long exports and opens say each step while they work, so the windows can show how far along they are. */
describe('progress of exports and opens', () => {
  it('a report says each run it reads and each configuration it draws, then what it writes; opening the result file says each run it stores', async () => {
    const s = await startServices(undefined, { makePool: () => new RunPool({ threads: 0 }) });
    const cluster = await ok<{ id: string }>(s, 'clusters:generate', { params: { ...defaultUniformCluster, name: 'lab', racks: 1, hostsPerRack: 3 } });
    const workload = await ok<{ id: string }>(s, 'workloads:create', {
      spec: { name: 'few', generate: { count: 6, arrival: { kind: 'batch', at: 0 }, mix: [{ template: 'Sort', weight: 1, maps: 2 }] } },
    });
    const design = await ok<DesignRecord>(s, 'experiments:create', {
      spec: { name: 'two', clusterIds: [cluster.id], workloadIds: [workload.id], schedulers: [{ kind: 'fifo' }, { kind: 'fair' }], seeds: [1, 2] },
    });
    const batch = await ok<BatchSummary>(s, 'experiments:run', { id: design.id });
    await s.runner.settled(batch.id);
    const steps: Step[] = [];
    s.events.subscribe((e: PushEvent) => e.event === 'files:progress' && steps.push(e.payload as Step));

    await ok(s, 'batches:report', { id: batch.id, format: 'html' });
    expect(steps.map((p) => `${p.step} ${p.done}/${p.total}`)).toEqual([
      'Reading run 1 of 4 0/7',
      'Reading run 2 of 4 1/7',
      'Reading run 3 of 4 2/7',
      'Reading run 4 of 4 3/7',
      'Drawing the charts of FIFO 4/7',
      'Drawing the charts of Fair (delay) 5/7',
      'Writing the HTML report 6/7',
      'done 7/7',
    ]);
    expect(steps.every((p) => p.about === batch.id)).toBe(true);

    steps.length = 0;
    const file = await ok<{ fileName: string; content: string }>(s, 'batches:exportResult', { id: batch.id });
    expect(steps.map((p) => p.step)).toEqual([
      'Reading run 1 of 4',
      'Reading run 2 of 4',
      'Reading run 3 of 4',
      'Reading run 4 of 4',
      'Writing the result file',
      'done',
    ]);

    steps.length = 0;
    await ok(s, 'batches:openResult', { fileName: file.fileName, text: file.content });
    expect(steps.map((p) => `${p.step} ${p.done}/${p.total}`)).toEqual([
      `Reading ${file.fileName} 0/3`,
      'Checking its runs 1/6',
      'Storing run 1 of 4 2/6',
      'Storing run 2 of 4 3/6',
      'Storing run 3 of 4 4/6',
      'Storing run 4 of 4 5/6',
      'done 6/6',
    ]);
    // A file that cannot be opened ends its progress too, so no window is left showing it.
    steps.length = 0;
    expect((await s.dispatch('batches:openResult', { fileName: 'broken.json', text: '{' })).ok).toBe(false);
    expect(steps.map((p) => p.step)).toEqual(['Reading broken.json', 'done']);
  });
});
