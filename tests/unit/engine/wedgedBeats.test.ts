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

describe('a phase longer than a day', () => {
  it('runs to its end when it is due within 30 days: a long phase is work, not a wedge', () => {
    // A map of ten days of CPU while a second waits for the one slot: nothing else ends a phase meanwhile.
    const r = run(cluster(1, 1), [job('j', cpuOnly(10 * 86_400), { maps: 2, reduces: 0, inputMb: 128 })], fifo(1, 1), { heartbeatS: 3 });
    expect(r.stopReason).toBeUndefined();
    expect(r.jobs[0].status).toBe('succeeded');
    expect(r.jobs[0].finish).toBeGreaterThanOrEqual(20 * 86_400);
    // While the second map waits (ten days), the full node's beats are asked about once each; once
    // nothing waits, they are passed over unasked.
    expect((r.work.idleChecks ?? 0) + r.work.heartbeats).toBeLessThan((10 * 86_400) / 3 + 100);
    expect(r.work.idleChecks ?? 0).toBeGreaterThan((10 * 86_400) / 3 - 100);
  });

  it('is stopped after a day when its end is due past 30 days, having asked about a day of beats only', () => {
    const r = run(cluster(1, 1), [job('j', cpuOnly(31 * 86_400), { maps: 2, reduces: 0, inputMb: 128 })], fifo(1, 1), { heartbeatS: 3 });
    expect(r.stopReason).toBe('noPhaseEnds');
    expect(r.jobs[0].status).toBe('unfinished');
    expect((r.work.idleChecks ?? 0) + r.work.heartbeats).toBeLessThan(86_400 / 3 + 100);
  });
});
