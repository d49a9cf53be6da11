import type { SchedulerSpec } from '@shared/schedulers';
import type { ClusterView, Scheduler } from '../engine/schedulerApi';
import { fifoScheduler } from './fifo';

type LateSpec = Extract<SchedulerSpec, { kind: 'late' }>;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.floor((p / 100) * sorted.length)));
  return sorted[idx];
}

/**
 * LATE — Longest Approximate Time to End (Zaharia et al., OSDI'08) on Hadoop's default FIFO slots.
 * Pending tasks are assigned first. A free slot left over goes to a speculative copy when fewer than
 * SpeculativeCap copies run and the asking node is not slow (its tasks' progress rate is not below
 * the SlowNodeThreshold percentile): among running, not yet copied attempts whose progress rate is
 * below the SlowTaskThreshold percentile of their kind, the one with the longest estimated time left,
 * (1 − progress) / (progress / elapsed), is copied.
 */
export function lateScheduler(spec: LateSpec): Scheduler {
  const base = fifoScheduler({ kind: 'fifo', mapSlots: spec.mapSlots, reduceSlots: spec.reduceSlots, slotMemoryMb: spec.slotMemoryMb, serverLocality: spec.serverLocality });
  return {
    name: 'late',
    onHeartbeat(n: number, view: ClusterView) {
      base.onHeartbeat(n, view);
      const freeMaps = spec.mapSlots - view.nodeRunningMaps(n);
      const freeReduces = spec.reduceSlots - view.nodeRunningReduces(n);
      if (freeMaps <= 0 && freeReduces <= 0) return;
      const now = view.now;
      const running = view.activeJobs.flatMap((j) => view.runningAttempts(j).map((a) => ({ ...a, job: j })));
      const cap = spec.speculativeCap * view.topology.nodeCount * (spec.mapSlots + spec.reduceSlots);
      if (running.filter((a) => a.speculative).length >= cap) return;
      const rate = (a: { progress: number; start: number }) => a.progress / Math.max(1e-9, now - a.start);
      // Slow node: the mean progress rate of its attempts against the cluster's nodes.
      const byNode = new Map<number, number[]>();
      for (const a of running) byNode.set(a.node, [...(byNode.get(a.node) ?? []), rate(a)]);
      const nodeRates = [...byNode.values()].map((r) => r.reduce((s, x) => s + x, 0) / r.length);
      const mine = byNode.get(n);
      if (mine && mine.reduce((s, x) => s + x, 0) / mine.length < percentile(nodeRates, spec.slowNodePercentile)) return;
      for (const isReduce of [false, true]) {
        if ((isReduce ? freeReduces : freeMaps) <= 0) continue;
        const kind = running.filter((a) => a.isReduce === isReduce && !a.speculative);
        const threshold = percentile(kind.map(rate), spec.slowTaskPercentile);
        const candidates = kind
          .filter((a) => now - a.start >= spec.minRunSeconds && view.taskRunningCount(a.task) === 1 && a.node !== n && rate(a) <= threshold)
          .map((a) => ({ a, left: (1 - a.progress) / Math.max(1e-9, rate(a)) }))
          .sort((x, y) => y.left - x.left || x.a.task - y.a.task);
        const pick = candidates[0];
        if (pick) {
          view.launch(pick.a.task, n, () => `LATE: task ${pick.a.task} of job ${view.job(pick.a.job).id} has the longest estimated time left (${pick.left.toFixed(0)} s) and a progress rate below the ${spec.slowTaskPercentile}th percentile; speculative copy`, {
            speculative: true,
            memoryMb: spec.slotMemoryMb,
          });
          return;
        }
      }
    },
  };
}
