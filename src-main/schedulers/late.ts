import { lateOptions } from '@shared/schedulers/late';
import type { SchedulerSpecOf } from '@shared/schedulers';
import { definePlugin } from './plugin';
import type { ClusterView, Scheduler } from '../engine/schedulerApi';
import { grown } from '../engine/grow';
import { fifoScheduler } from './fifo';

type LateSpec = SchedulerSpecOf<'late'>;

/** The value at the p-th percentile of `values` (sorted in place). */
function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return 0;
  values.sort();
  const idx = Math.min(values.length - 1, Math.max(0, Math.floor((p / 100) * values.length)));
  return values[idx];
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
  const scratch = { attempt: new Int32Array(256), job: new Int32Array(256), rate: new Float64Array(256) };
  const grow = () => {
    const n = scratch.attempt.length * 2;
    Object.assign(scratch, { attempt: grown(scratch.attempt, n), job: grown(scratch.job, n), rate: grown(scratch.rate, n) });
  };
  const nodeSum = new Map<number, number>();
  const nodeCount = new Map<number, number>();
  return {
    name: 'late',
    onHeartbeat(n: number, view: ClusterView) {
      base.onHeartbeat(n, view);
      const freeMaps = spec.mapSlots - view.nodeRunningMaps(n);
      const freeReduces = spec.reduceSlots - view.nodeRunningReduces(n);
      if (freeMaps <= 0 && freeReduces <= 0) return;
      const now = view.now;
      // One pass over the running attempts into typed scratch arrays (no object per attempt: this
      // runs on every heartbeat with a free slot, and a busy cluster runs thousands of attempts).
      let count = 0;
      let speculative = 0;
      let eligible = 0;
      for (const j of view.activeJobs) {
        for (const a of view.jobAttempts(j)) {
          if (count === scratch.attempt.length) grow();
          const start = view.attemptStart(a);
          const isSpeculative = view.attemptSpeculative(a);
          const task = view.attemptTask(a);
          const node = view.attemptNode(a);
          scratch.attempt[count] = a;
          scratch.job[count] = j;
          scratch.rate[count] = view.attemptProgress(a) / Math.max(1e-9, now - start);
          if (isSpeculative) speculative++;
          else if (now - start >= spec.minRunSeconds && node !== n && view.taskRunningCount(task) === 1) eligible++;
          count++;
        }
      }
      const cap = spec.speculativeCap * view.topology.nodeCount * (spec.mapSlots + spec.reduceSlots);
      if (speculative >= cap) return;
      // No attempt can be copied (too young, already copied, or on this node): nothing below could launch.
      if (eligible === 0) return;
      // Slow node: the mean progress rate of its attempts against the cluster's nodes.
      nodeSum.clear();
      nodeCount.clear();
      for (let i = 0; i < count; i++) {
        const node = view.attemptNode(scratch.attempt[i]);
        nodeSum.set(node, (nodeSum.get(node) ?? 0) + scratch.rate[i]);
        nodeCount.set(node, (nodeCount.get(node) ?? 0) + 1);
      }
      const nodeRates = new Float64Array(nodeSum.size);
      let k = 0;
      for (const [node, sum] of nodeSum) nodeRates[k++] = sum / nodeCount.get(node)!;
      const mine = nodeSum.get(n);
      if (mine !== undefined && mine / nodeCount.get(n)! < percentile(nodeRates, spec.slowNodePercentile)) return;
      for (const isReduce of [false, true]) {
        if ((isReduce ? freeReduces : freeMaps) <= 0) continue;
        const kind: number[] = [];
        for (let i = 0; i < count; i++) {
          const a = scratch.attempt[i];
          if (view.attemptSpeculative(a) || view.attemptIsReduce(a) !== isReduce) continue;
          kind.push(i);
        }
        const threshold = percentile(Float64Array.from(kind, (i) => scratch.rate[i]), spec.slowTaskPercentile);
        // The candidate with the longest estimated time left (ties: the lower task id).
        let best = -1;
        let bestLeft = 0;
        for (const i of kind) {
          const a = scratch.attempt[i];
          const rate = scratch.rate[i];
          if (!(now - view.attemptStart(a) >= spec.minRunSeconds && view.taskRunningCount(view.attemptTask(a)) === 1 && view.attemptNode(a) !== n && rate <= threshold)) continue;
          const left = (1 - view.attemptProgress(a)) / Math.max(1e-9, rate);
          if (best < 0 || left > bestLeft || (left === bestLeft && view.attemptTask(a) < view.attemptTask(scratch.attempt[best]))) {
            best = i;
            bestLeft = left;
          }
        }
        if (best >= 0) {
          const task = view.attemptTask(scratch.attempt[best]);
          const job = scratch.job[best];
          const left = bestLeft;
          view.launch(task, n, () => `LATE: task ${task} of job ${view.job(job).id} has the longest estimated time left (${left.toFixed(0)} s) and a progress rate below the ${spec.slowTaskPercentile}th percentile; speculative copy`, {
            speculative: true,
            memoryMb: spec.slotMemoryMb,
          });
          return;
        }
      }
    },
  };
}

export const latePlugin = definePlugin({ description: lateOptions, create: (spec) => lateScheduler(spec) });
