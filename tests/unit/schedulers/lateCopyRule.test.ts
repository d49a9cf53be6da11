import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import type { SchedulerSpecOf } from '../../../src-main/schedulers/builtIns';
import { Simulation } from '../../../src-main/engine/run/kernel';
import type { Scheduler, ViewWith } from '../../../src-main/engine/scheduling/schedulerApi';
import { lateScheduler } from '../../../src-main/schedulers/late';
import { fifoScheduler } from '../../../src-main/schedulers/fifo';
import { SlotTable } from '../../../src-main/schedulers/slotHelpers';
import { cluster, cpuOnly, job, options } from '../../helpers/engineFixtures';
import { fingerprint } from '../../helpers/fingerprint';

/**
 * LATE's copy rule (Zaharia et al., OSDI'08, sec. 4) read afresh from the view at every beat, with
 * nothing kept between beats and nothing skipped: late.ts keeps its rows between state changes and
 * walks as few of them as it can, and must decide exactly as this does, copy for copy (the node it
 * refuses as slow, the task it picks, its tie). The check's edge cases are pinned on random rows in
 * lateCopyCheck.test.ts.
 */
type View = ViewWith<'attempts' | 'timers'>;
type LateSpec = SchedulerSpecOf<'late'>;

const rank = (n: number, p: number) => Math.min(n - 1, Math.max(0, Math.floor((p / 100) * n)));
const kthSmallest = (values: number[], k: number) => [...values].sort((a, b) => a - b)[k];

function asWritten(spec: LateSpec): Scheduler<View> {
  // The engine's shortcuts (idle beats, full nodes) stay the policy's own; only the decision is redone here.
  const kept = lateScheduler(spec);
  const slots = new SlotTable(spec);
  const { mapSlots, reduceSlots, slotMemoryMb, serverLocality } = spec;
  const base = fifoScheduler({ mapSlots, reduceSlots, slotMemoryMb, serverLocality }, slots);
  return {
    ...kept,
    onHeartbeat(n, view) {
      base.onHeartbeat(n, view);
      const free = [slots.maps(view.topology, n) - view.nodeRunningMaps(n), slots.reduces(view.topology, n) - view.nodeRunningReduces(n)];
      if (free[0] <= 0 && free[1] <= 0) return;
      const now = view.now;
      const rows = view.jobsWithAttempts().flatMap((j) =>
        [...view.jobAttempts(j)].map((a) => {
          const task = view.attemptTask(a);
          const progress = view.attemptProgress(a);
          const copy = view.attemptSpeculative(a);
          return {
            job: j,
            task,
            node: view.attemptNode(a),
            start: view.attemptStart(a),
            kind: copy ? -1 : view.attemptIsReduce(a) ? 1 : 0,
            copyable: !copy && view.taskRunningCount(task) === 1,
            progress,
            rate: progress / Math.max(1e-9, now - view.attemptStart(a)),
          };
        }),
      );
      if (rows.filter((r) => r.kind === -1).length >= spec.speculativeCap * slots.totalSlots(view.topology)) return;
      for (const kind of [0, 1]) {
        if (free[kind] <= 0) continue;
        const ofKind = rows.filter((r) => r.kind === kind);
        const threshold = ofKind.length
          ? kthSmallest(
              ofKind.map((r) => r.rate),
              rank(ofKind.length, spec.slowTaskPercentile),
            )
          : 0;
        const eligible = ofKind.filter((r) => now - r.start >= spec.minRunSeconds && r.copyable && r.node !== n && r.rate <= threshold);
        if (!eligible.length) continue;
        // SlowNodeThreshold: this node's mean rate against the nodes' means (every attempt, copies too).
        const byNode = new Map<number, { sum: number; count: number }>();
        for (const r of rows) {
          const m = byNode.get(r.node) ?? { sum: 0, count: 0 };
          m.sum += r.rate;
          m.count++;
          byNode.set(r.node, m);
        }
        const means = [...byNode.values()].map((m) => m.sum / m.count);
        const mine = byNode.get(n);
        if (mine && mine.sum / mine.count < kthSmallest(means, rank(means.length, spec.slowNodePercentile))) return;
        // The longest estimated time left; ties to the lower task id.
        const left = (r: (typeof rows)[number]) => (1 - r.progress) / Math.max(1e-9, r.rate);
        const best = eligible.reduce((b, r) => (left(r) > left(b) || (left(r) === left(b) && r.task < b.task) ? r : b));
        view.launch(
          best.task,
          n,
          () => ({
            kind: 'speculation',
            of: kind === 1 ? 'reduce' : 'map',
            job: view.job(best.job).id,
            leftSeconds: left(best),
            percentile: spec.slowTaskPercentile,
          }),
          { speculative: true, memoryMb: spec.slotMemoryMb },
        );
        return;
      }
    },
  };
}

function runWith(make: (spec: LateSpec) => Scheduler<View>, scenario: (typeof SCENARIOS)[number]) {
  const topology = cluster(4, 5, { cores: 4 });
  // Slow hosts make stragglers worth copying, and slow nodes to refuse copies.
  for (let h = 0; h < topology.hostSpeed.length; h += 3) topology.hostSpeed[h] = 0.25 + 0.1 * (h % 4);
  const jobs = Array.from({ length: 30 }, (_, i) =>
    job(`j${i}`, cpuOnly(20 + 9 * (i % 5)), { submit: i * scenario.gapS, maps: 8 + (i % 4) * 6, reduces: scenario.reduces * (i % 3) }),
  );
  const spec = SchedulerSpecSchema.parse({ kind: 'late', mapSlots: 2, reduceSlots: 2, minRunSeconds: scenario.minRunSeconds }) as LateSpec;
  return new Simulation({
    topology,
    jobs,
    options: options({ taskFailureProbability: scenario.failure, maxAttempts: 12, failures: [{ node: 'r1h2', atS: 120 }], nodeTimeoutS: 20, heartbeatS: 1 }),
    seed: scenario.seed,
    scheduler: make(spec),
  }).run();
}

const SCENARIOS = [
  { name: 'maps and reduces, a lost node', failure: 0.02, seed: 3, gapS: 10, reduces: 2, minRunSeconds: 10 },
  { name: 'twins that fail while the other runs on', failure: 0.3, seed: 5, gapS: 6, reduces: 3, minRunSeconds: 5 },
  { name: 'a busy queue judged early', failure: 0, seed: 8, gapS: 2, reduces: 4, minRunSeconds: 2 },
] as const;

describe("LATE's copies, as the rule is written", () => {
  it.each(SCENARIOS)('are the same copies, of the same tasks, at the same moments: $name', (scenario) => {
    const kept = runWith(lateScheduler, scenario);
    const written = runWith(asWritten, scenario);
    const rec = kept.records;
    const copies = Array.from(rec.speculative.subarray(0, rec.length)).filter((s) => s === 1).length;
    // Not a comparison of two runs that never copy.
    expect(copies).toBeGreaterThan(5);
    expect(fingerprint(kept)).toBe(fingerprint(written));
  });
});
