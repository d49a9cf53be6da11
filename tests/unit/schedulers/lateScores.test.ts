import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import type { SchedulerSpecOf } from '../../../src-main/schedulers/builtIns';
import type { LaunchReason } from '@shared/results/launchReason';
import { Simulation } from '../../../src-main/engine/run/kernel';
import type { PolicyScores, Scheduler, ViewWith } from '../../../src-main/engine/scheduling/schedulerApi';
import { lateScheduler } from '../../../src-main/schedulers/late';
import { cluster, cpuOnly, job, options } from '../../helpers/engineFixtures';
import { fingerprint } from '../../helpers/fingerprint';

/**
 * LATE's table in the why panel (lateScores.ts): the copy candidates, longest estimated time left
 * first. Asked before every beat of a run with stragglers, the copy each beat makes is the head of
 * its kind's rows, and asking changes nothing in the run.
 */
type View = ViewWith<'attempts' | 'timers'>;
type LateSpec = SchedulerSpecOf<'late'>;

const spec = SchedulerSpecSchema.parse({ kind: 'late', mapSlots: 2, reduceSlots: 2, minRunSeconds: 5 }) as LateSpec;

function run(scheduler: Scheduler<View>) {
  const topology = cluster(4, 5, { cores: 4 });
  // Slow hosts make stragglers worth copying.
  for (let h = 0; h < topology.hostSpeed.length; h += 3) topology.hostSpeed[h] = 0.25 + 0.1 * (h % 4);
  const jobs = Array.from({ length: 20 }, (_, i) => job(`j${i}`, cpuOnly(20 + 9 * (i % 5)), { submit: i * 6, maps: 8 + (i % 4) * 6, reduces: 2 * (i % 3) }));
  return new Simulation({ topology, jobs, options: options({ heartbeatS: 1 }), seed: 4, scheduler }).run();
}

describe("LATE's scores", () => {
  it('put the task each copy goes to first among its kind, with the estimated time left the copy was made for', () => {
    const late = lateScheduler(spec);
    const checked: { table: PolicyScores; task: number; copied: Extract<LaunchReason, { kind: 'speculation' }> }[] = [];
    const asking: Scheduler<View> = {
      ...late,
      onHeartbeat(n, view) {
        const table = late.scores!(n, view)!;
        const launch = view.launch.bind(view);
        (view as { launch: typeof view.launch }).launch = (task, node, why, opts) => {
          const reason = typeof why === 'function' ? why() : why;
          if (opts?.speculative && reason.kind === 'speculation') checked.push({ table, task, copied: reason });
          return launch(task, node, why, opts);
        };
        try {
          late.onHeartbeat(n, view);
        } finally {
          delete (view as { launch?: unknown }).launch;
        }
      },
    };
    const asked = run(asking);
    expect(checked.length).toBeGreaterThan(5);
    for (const { table, task, copied } of checked) {
      expect(table.criteria).toEqual([
        'progress score (0-1)',
        'progress rate (per s)',
        'slow-task threshold (25th percentile rate)',
        'estimated time left (s)',
      ]);
      const head = table.rows.find((r) => r.candidate === `a copy of its ${copied.of}`)!;
      expect(head.job).toBe(copied.job);
      // The row names the very task the copy is of, so the why-not table can say which.
      expect(head.task).toBe(task);
      expect(head.values[3]).toBe(copied.leftSeconds);
      for (const r of table.rows) expect(r.values[1]).toBeLessThanOrEqual(r.values[2]);
    }
    // Asking before every beat decided nothing: the same run as without.
    expect(fingerprint(asked)).toBe(fingerprint(run(lateScheduler(spec))));
  });
});
