import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { loadSchedulerFile } from '../../../src-main/runner/pluginFile';
import { addedCatalogue, createScheduler } from '../../../src-main/schedulers/registry';
import { cluster, job, peakAttempts, run } from '../../helpers/engineFixtures';

const FIXTURE = path.resolve(__dirname, '../../fixtures/plugins/container-fifo.scheduler.js');
const scheduler = (spec: Record<string, unknown>) => createScheduler(SchedulerSpecSchema.parse(spec));

/** docs/plugins.md: a scheduler file on YARN containers, its application masters started by the studio's launches. */
describe('a scheduler file on YARN containers', () => {
  beforeAll(async () => {
    await loadSchedulerFile(FIXTURE);
  });

  it("gets the container options on its card, as the studio's YARN schedulers have them", () => {
    const card = addedCatalogue().find((c) => c.kind === 'container-fifo')!;
    expect(card.capacity).toBe('containers');
    expect(Object.keys(card.labels)).toEqual(expect.arrayContaining(['vcoresPerNode', 'nodeMemoryMb', 'amMemoryMb', 'amVcores', 'maxAmShare']));
  });

  it('starts each job with its application master, fits tasks in the memory the node offers, and runs every job', () => {
    // Two nodes of 4 cores and 8 GB: NodeManagers offer 7 GB each; an AM takes 1.5 GB, a map 1 GB.
    const topo = cluster(1, 2, { cores: 4, memoryGb: 8 });
    const jobs = [job('a', 'Sort', { maps: 12, reduces: 2 }), job('b', 'WordCount', { maps: 6, reduces: 1, submit: 5 })];
    const r = run(topo, jobs, scheduler({ kind: 'container-fifo', vcoresPerNode: 4 }), { heartbeatS: 1 });
    expect(r.jobs.map((j) => j.status)).toEqual(['succeeded', 'succeeded']);
    // Every task's container and the masters within each node's 4 vcores (one a task, one a master).
    for (const n of [0, 1]) expect(peakAttempts(r, n)).toBeLessThanOrEqual(4);
    expect(r.reasons.some((w) => /FIFO on containers \(fixture\).*takes jobs in the order they were submitted/.test(w))).toBe(true);
  });

  it('holds a job while masters hold their share (maxAmShare), as every YARN policy of the studio does', () => {
    const topo = cluster(1, 1, { cores: 8, memoryGb: 8 });
    const jobs = [job('a', 'Sort', { maps: 4, reduces: 0 }), job('b', 'Sort', { maps: 4, reduces: 0 })];
    // One node offering 7 GB: with a share of 0.25 (1.75 GB) one 1.5 GB master fits, the second waits for the first job to end.
    const r = run(topo, jobs, scheduler({ kind: 'container-fifo', maxAmShare: 0.25 }), { heartbeatS: 1 });
    expect(r.jobs.map((j) => j.status)).toEqual(['succeeded', 'succeeded']);
    expect(r.jobs[1].start).toBeGreaterThanOrEqual(r.jobs[0].finish - 1e-9);
  });
});
