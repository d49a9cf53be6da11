import { describe, expect, it } from 'vitest';
import { cpuOnly, fifo, job, mrClusterTopology, run } from '../../helpers/engineFixtures';

describe('phase ends', () => {
  it('ends a phase that reaches its end while its host is re-rated for another reason', () => {
    // Input on 4 of 24 nodes: most maps read remotely, so the source disks' readers are re-rated
    // whenever a read starts or ends, often at the instant another reader finishes. Such a map used
    // to be given rate 0 at its end and never finish.
    const topo = mrClusterTopology([{ name: 'c-1', core: 4 }], 20);
    const jobs = Array.from({ length: 10 }, (_, i) => job(`a${i}`, cpuOnly(20), { maps: 8, submit: i * 20, mrCluster: 'c-1', inputMb: 1024 }));
    const r = run(topo, jobs, fifo(4, 2), { heartbeatS: 1 });
    expect(r.jobs.map((j) => j.status)).toEqual(jobs.map(() => 'succeeded'));
    expect(r.stalled).toBe(false);
  });
});
