import { describe, expect, it } from 'vitest';
import { QueueSlowdown } from '../../../src-main/schedulers/fawkes/queueSlowdown';

describe("FAWKES JS: the queue's mean slowdown kept as jobs come and go", () => {
  it('equals the mean over the queued jobs of elapsed time over reference time, at any instant', () => {
    const q = new QueueSlowdown();
    const queued = new Map<number, { submit: number; reference: number }>();
    const walk = (now: number) => {
      const xs = [...queued.values()].map((j) => (now - j.submit) / j.reference);
      return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
    };
    // A deterministic mix of arrivals and departures, times and references of different scales.
    let now = 0;
    for (let i = 0; i < 400; i++) {
      now += 1 + (i % 7) * 3.5;
      const job = { submit: now, reference: 10 + ((i * 37) % 900) };
      queued.set(i, job);
      q.add(job.submit, job.reference);
      if (i % 3 === 2) {
        const leaving = (i * 11) % (i + 1);
        const left = queued.get(leaving);
        if (left) {
          queued.delete(leaving);
          q.remove(left.submit, left.reference);
        }
      }
      expect(q.mean(now + 5)).toBeCloseTo(walk(now + 5), 9);
    }
  });

  it('is exactly 0 once the last job leaves, with nothing left over from rounding', () => {
    const q = new QueueSlowdown();
    q.add(0.1, 3);
    q.add(0.7, 11);
    q.remove(0.1, 3);
    q.remove(0.7, 11);
    expect(q.mean(1e6)).toBe(0);
    q.add(2, 4);
    expect(q.mean(10)).toBe(2);
  });
});
