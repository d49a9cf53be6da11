import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { cluster, cpuOnly, job, run } from '../../helpers/engineFixtures';

/** Launch times of a job's maps on one 8-slot node, heartbeats every 3 s and none when a task ends. */
function mapStarts(assignMultiple: boolean | undefined): number[] {
  const fair = createScheduler(
    SchedulerSpecSchema.parse({ kind: 'fair', mapSlots: 8, reduceSlots: 1, ...(assignMultiple === undefined ? {} : { assignMultiple }) }),
  );
  const r = run(cluster(1, 1, { cores: 8 }), [job('j', cpuOnly(100), { maps: 4 })], fair, {
    heartbeatS: 3,
    outOfBandHeartbeat: false,
    heartbeatOrder: 'fixed',
  });
  return Array.from({ length: r.records.length }, (_, i) => r.records.start[i]).sort((a, b) => a - b);
}

describe("Fair Scheduler's hand-out per heartbeat (mapred.fairscheduler.assignmultiple)", () => {
  it('fills every free slot at one heartbeat by default, as Hadoop 0.21 and later do', () => {
    const starts = mapStarts(undefined);
    expect(new Set(starts).size).toBe(1);
    expect(mapStarts(true)).toEqual(starts);
  });

  it("hands out one map a heartbeat when off, as Hadoop 0.20.2's Fair Scheduler does (PRISM sec. 6's baseline)", () => {
    const starts = mapStarts(false);
    // Four beats, 3 s apart.
    expect(starts.map((t, i) => t - starts[0] - 3 * i).every((d) => Math.abs(d) < 1e-9)).toBe(true);
  });
});
