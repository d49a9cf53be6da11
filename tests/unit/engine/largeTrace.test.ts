import { describe, expect, it } from 'vitest';
import { table } from '../../../src-main/cli/output';
import { cluster, cpuOnly, fifo, job, run } from '../../helpers/engineFixtures';

/**
 * Full-size traces are the normal case (a large production day holds over 200,000 jobs): nothing
 * may hand every job to one call as arguments (`Math.max(...submits)` overflows the call stack).
 * Bench case (j), 36 FB-2009 days, found the one in the recorder.
 */
describe('a trace of hundreds of thousands of jobs', () => {
  it('starts and runs without overflowing the call stack', () => {
    const jobs = Array.from({ length: 250_000 }, (_, i) => job(`j${i}`, cpuOnly(1), { maps: 1, submit: i / 10 }));
    const r = run(cluster(1, 2), jobs, fifo(1, 1), { horizonS: 5 });
    expect(r.jobs).toHaveLength(250_000);
    expect(r.jobs.filter((j) => j.status === 'succeeded').length).toBeGreaterThan(0);
  });

  it('prints a terminal table of that many rows', () => {
    const rows = Array.from({ length: 250_000 }, (_, i) => [`j${i}`, i]);
    const text = table(['JOB', 'N'], rows);
    expect(text.split('\n').length).toBeGreaterThanOrEqual(250_001);
  });
});
