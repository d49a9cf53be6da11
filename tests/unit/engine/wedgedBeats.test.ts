import { describe, expect, it } from 'vitest';
import { cluster, cpuOnly, fifo, job, run } from '../../helpers/engineFixtures';

describe('beats passed over while an attempt runs for ages', () => {
  it('stop at the no-progress deadline, not at the attempt’s end', () => {
    // One map slot, two maps of a billion seconds each: the second waits, FIFO says the full node
    // places nothing, and the first would end 31 years of simulated time later.
    const r = run(cluster(1, 1), [job('j', cpuOnly(1e9), { maps: 2, reduces: 0, inputMb: 128 })], fifo(1, 1), { heartbeatS: 3 });
    expect(r.stopReason).toBe('noPhaseEnds');
    expect(r.jobs[0].status).toBe('unfinished');
    // A day of 3 s beats is 28,800 of them: each is asked about at most once, never the 3e8 of the
    // attempt's lifetime.
    expect((r.work.idleChecks ?? 0) + r.work.heartbeats).toBeLessThan(86_400 / 3 + 100);
    expect(r.work.idleChecks ?? 0).toBeGreaterThan(86_400 / 3 - 100);
  });
});
