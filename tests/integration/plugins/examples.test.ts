import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { loadSchedulerFile } from '../../../src-main/runner/pluginFile';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { cluster, cpuOnly, job, run } from '../../helpers/engineFixtures';

const EXAMPLES = path.resolve(__dirname, '../../../docs/examples/schedulers');
const scheduler = (spec: Record<string, unknown>) => createScheduler(SchedulerSpecSchema.parse(spec));

/** The two worked examples of docs/plugins.md, loaded from their files as a user's are, each doing what it says. */
describe("docs/examples/schedulers: the plug-ins' worked examples", () => {
  beforeAll(async () => {
    await loadSchedulerFile(path.join(EXAMPLES, 'shortest-job-first.scheduler.js'));
    await loadSchedulerFile(path.join(EXAMPLES, 'locality-greedy.scheduler.js'));
  });

  it('shortest job first lets a small job overtake a large one that came first, where FIFO makes it wait', () => {
    const topo = cluster(1, 1, { cores: 2 });
    const jobs = [job('large', cpuOnly(10), { maps: 20 }), job('small', cpuOnly(10), { maps: 2, submit: 1 })];
    const options = { heartbeatS: 1 };
    const sjf = run(topo, jobs, scheduler({ kind: 'shortest-job-first', mapSlots: 2, reduceSlots: 1 }), options);
    const fifo = run(topo, jobs, scheduler({ kind: 'fifo', mapSlots: 2, reduceSlots: 1 }), options);
    const finish = (r: typeof sjf, id: string) => r.jobs.find((j) => j.id === id)!.finish;
    expect(finish(sjf, 'small')).toBeLessThan(30);
    expect(finish(fifo, 'small')).toBeGreaterThan(100);
    expect(sjf.jobs.every((j) => j.status === 'succeeded')).toBe(true);
    expect(sjf.reasons.some((w) => /Shortest job first \(example\).*has the fewest maps left to place/.test(w))).toBe(true);
  });

  it('locality-greedy places more maps on the node holding their input than FIFO without a wait', () => {
    // One replica per block on eight servers in two racks: which job a free slot takes decides where it reads.
    const topo = cluster(2, 4, { cores: 2, replication: 1 });
    const jobs = Array.from({ length: 6 }, (_, i) => job(`j${i}`, 'Grep', { maps: 16, inputMb: 16 * 128, submit: i }));
    const greedy = run(topo, jobs, scheduler({ kind: 'locality-greedy', mapSlots: 2, reduceSlots: 1 }), { heartbeatS: 1 });
    const fifo = run(topo, jobs, scheduler({ kind: 'fifo', mapSlots: 2, reduceSlots: 1 }), { heartbeatS: 1 });
    expect(greedy.jobs.every((j) => j.status === 'succeeded')).toBe(true);
    expect(greedy.locality.node).toBeGreaterThan(fifo.locality.node);
    expect(greedy.reasons.some((w) => /Locality first, no waiting \(example\).*input is on this node/.test(w))).toBe(true);
    // Without the rack step it still runs every job.
    const twoSteps = run(topo, jobs, scheduler({ kind: 'locality-greedy', mapSlots: 2, reduceSlots: 1, rackBeforeAnywhere: false }), { heartbeatS: 1 });
    expect(twoSteps.jobs.every((j) => j.status === 'succeeded')).toBe(true);
  });
});
