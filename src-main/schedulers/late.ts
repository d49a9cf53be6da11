import { lateOptions } from '@shared/schedulers/late';
import type { SchedulerSpecOf } from '@shared/schedulers';
import { definePlugin } from './plugin';
import type { Scheduler, ViewWith } from '../engine/scheduling/schedulerApi';
import { quickselect } from 'simple-statistics';
import { grown } from '../engine/core/grow';
import { fifoScheduler } from './fifo';
import { SlotTable } from './slotHelpers';

/** The view this policy asked for (its plug-in's capabilities). */
type View = ViewWith<'attempts' | 'timers'>;

type LateSpec = SchedulerSpecOf<'late'>;

/** The value at the p-th percentile of `values` (reordered in place): the k-th smallest, by quickselect. */
function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return 0;
  const k = Math.min(values.length - 1, Math.max(0, Math.floor((p / 100) * values.length)));
  quickselect(values as unknown as number[], k);
  return values[k];
}

/**
 * LATE — Longest Approximate Time to End (Zaharia et al., OSDI'08) on Hadoop's default FIFO slots.
 * Pending tasks are assigned first. A free slot left over goes to a speculative copy when fewer than
 * SpeculativeCap copies run and the asking node is not slow (its tasks' progress rate is not below
 * the SlowNodeThreshold percentile): among running, not yet copied attempts whose progress rate is
 * below the SlowTaskThreshold percentile of their kind, the one with the longest estimated time left,
 * (1 − progress) / (progress / elapsed), is copied.
 */
export function lateScheduler(spec: LateSpec): Scheduler<View> {
  const slots = new SlotTable(spec);
  const base = fifoScheduler({ mapSlots: spec.mapSlots, reduceSlots: spec.reduceSlots, slotMemoryMb: spec.slotMemoryMb, serverLocality: spec.serverLocality }, slots);
  /**
   * The running attempts as of the engine's last state change (attempts start and end only with
   * one): who they are stays valid until `stateVersion` moves, only their progress grows. Most
   * heartbeats stop at the copy check below, which this makes O(1) instead of a pass over every
   * running attempt.
   */
  const snap = {
    version: -1,
    count: 0,
    speculative: 0,
    attempt: new Int32Array(256),
    job: new Int32Array(256),
    task: new Int32Array(256),
    node: new Int32Array(256),
    start: new Float64Array(256),
    /** 0: a map, 1: a reduce, 2: a speculative copy (never a candidate, not in a kind's percentile). */
    kind: new Uint8Array(256),
    /** Not speculative and its task has no twin running: what may be copied. */
    copyable: new Uint8Array(256),
    /** Per heartbeat: each attempt's progress score and progress rate at `now`. */
    progress: new Float64Array(256),
    rate: new Float64Array(256),
    /** Scratch for one kind's rates, reordered by the percentile's selection. */
    scratch: new Float64Array(256),
  };
  /**
   * Of the attempts that could be copied (not speculative, no twin): the oldest one's start and
   * node, and the oldest start on any other node. Enough to tell whether a node may copy any.
   */
  const oldest = { start: Infinity, node: -1, otherStart: Infinity };
  function grow(size: number): void {
    const { attempt, job, task, node, start, kind, copyable, progress, rate, scratch } = snap;
    Object.assign(snap, {
      attempt: grown(attempt, size), job: grown(job, size), task: grown(task, size), node: grown(node, size), start: grown(start, size),
      kind: grown(kind, size), copyable: grown(copyable, size), progress: grown(progress, size), rate: grown(rate, size), scratch: grown(scratch, size),
    });
  }
  /** Who runs, where, since when and what may be copied: all fixed until the state version moves. */
  function snapshot(view: View): void {
    if (snap.version === view.stateVersion()) return;
    snap.version = view.stateVersion();
    let count = 0;
    let speculative = 0;
    oldest.start = Infinity;
    oldest.node = -1;
    oldest.otherStart = Infinity;
    for (const j of view.activeJobs) {
      for (const a of view.jobAttempts(j)) {
        if (count === snap.attempt.length) grow(count * 2);
        const task = view.attemptTask(a);
        const node = view.attemptNode(a);
        const start = view.attemptStart(a);
        const isCopy = view.attemptSpeculative(a);
        const copyable = !isCopy && view.taskRunningCount(task) === 1;
        snap.attempt[count] = a;
        snap.job[count] = j;
        snap.task[count] = task;
        snap.node[count] = node;
        snap.start[count] = start;
        snap.kind[count] = isCopy ? 2 : view.attemptIsReduce(a) ? 1 : 0;
        snap.copyable[count] = copyable ? 1 : 0;
        if (isCopy) speculative++;
        else if (copyable) {
          if (start < oldest.start) {
            if (node !== oldest.node) oldest.otherStart = oldest.start;
            oldest.start = start;
            oldest.node = node;
          } else if (node !== oldest.node && start < oldest.otherStart) oldest.otherStart = start;
        }
        count++;
      }
    }
    snap.count = count;
    snap.speculative = speculative;
  }
  /** The time of the last wake-up asked for (wantsIdleBeats), so each is asked once. */
  let wakeAsked = -1;
  let nodeSum = new Float64Array(0);
  let nodeCount = new Int32Array(0);
  return {
    name: 'late',
    // A beat with nothing pending may still copy a task (sec. 4): while one could be copied, every
    // beat counts. Not before the oldest copyable attempt has run minRunSeconds: a wake-up then.
    wantsIdleBeats(view) {
      snapshot(view);
      if (snap.speculative >= spec.speculativeCap * slots.totalSlots(view.topology)) return false;
      const due = oldest.start + spec.minRunSeconds;
      if (view.now >= due) return true;
      if (Number.isFinite(due) && due !== wakeAsked) {
        wakeAsked = due;
        view.wakeAt(due);
      }
      return false;
    },
    // A full node can neither take a task nor a copy: its beat would change nothing.
    nodePlacesNothing: (n, view) => slots.isFull(n, view),
    // Its own tasks go as FIFO places them; a job's slow tasks are copied only under the cap.
    explain(j, n, view) {
      const out = base.explain?.(j, n, view) ?? [];
      snapshot(view);
      const cap = spec.speculativeCap * slots.totalSlots(view.topology);
      if (snap.speculative >= cap && view.runningMaps(j) + view.runningReduces(j) > 0) out.push({ kind: 'speculativeCap', running: snap.speculative, cap: Math.floor(cap) });
      return out;
    },
    onHeartbeat(n: number, view: View) {
      base.onHeartbeat(n, view);
      const freeMaps = slots.maps(view.topology, n) - view.nodeRunningMaps(n);
      const freeReduces = slots.reduces(view.topology, n) - view.nodeRunningReduces(n);
      if (freeMaps <= 0 && freeReduces <= 0) return;
      const now = view.now;
      snapshot(view);
      const cap = spec.speculativeCap * slots.totalSlots(view.topology);
      if (snap.speculative >= cap) return;
      // No attempt can be copied (too young, already copied, or on this node): nothing below could
      // launch. The oldest copyable attempt elsewhere than on n decides.
      const start = oldest.node === n ? oldest.otherStart : oldest.start;
      const eligible = now - start >= spec.minRunSeconds;
      if (!eligible) return;
      const count = snap.count;
      for (let i = 0; i < count; i++) {
        snap.progress[i] = view.attemptProgress(snap.attempt[i]);
        snap.rate[i] = snap.progress[i] / Math.max(1e-9, now - snap.start[i]);
      }
      // Slow node: the mean progress rate of its attempts against the cluster's nodes (per-node sums
      // in typed arrays, nodes in order of first appearance; reset after use).
      if (nodeSum.length < view.topology.nodeCount) {
        nodeSum = new Float64Array(view.topology.nodeCount);
        nodeCount = new Int32Array(view.topology.nodeCount);
      }
      const touched: number[] = [];
      for (let i = 0; i < count; i++) {
        const node = snap.node[i];
        if (nodeCount[node] === 0) touched.push(node);
        nodeSum[node] += snap.rate[i];
        nodeCount[node]++;
      }
      const nodeRates = new Float64Array(touched.length);
      for (let k = 0; k < touched.length; k++) nodeRates[k] = nodeSum[touched[k]] / nodeCount[touched[k]];
      const mine = nodeCount[n] > 0 ? nodeSum[n] / nodeCount[n] : undefined;
      for (const node of touched) {
        nodeSum[node] = 0;
        nodeCount[node] = 0;
      }
      if (mine !== undefined && mine < percentile(nodeRates, spec.slowNodePercentile)) return;
      for (const kind of [0, 1]) {
        if ((kind === 1 ? freeReduces : freeMaps) <= 0) continue;
        let inKind = 0;
        for (let i = 0; i < count; i++) if (snap.kind[i] === kind) snap.scratch[inKind++] = snap.rate[i];
        const threshold = percentile(snap.scratch.subarray(0, inKind), spec.slowTaskPercentile);
        // The candidate with the longest estimated time left (ties: the lower task id).
        let best = -1;
        let bestLeft = 0;
        for (let i = 0; i < count; i++) {
          if (snap.kind[i] !== kind) continue;
          const rate = snap.rate[i];
          if (!(now - snap.start[i] >= spec.minRunSeconds && snap.copyable[i] === 1 && snap.node[i] !== n && rate <= threshold)) continue;
          const left = (1 - snap.progress[i]) / Math.max(1e-9, rate);
          if (best < 0 || left > bestLeft || (left === bestLeft && snap.task[i] < snap.task[best])) {
            best = i;
            bestLeft = left;
          }
        }
        if (best >= 0) {
          const task = snap.task[best];
          const job = snap.job[best];
          const left = bestLeft;
          view.launch(task, n, () => ({ kind: 'speculation', of: kind === 1 ? 'reduce' : 'map', job: view.job(job).id, leftSeconds: left, percentile: spec.slowTaskPercentile }), {
            speculative: true,
            memoryMb: spec.slotMemoryMb,
          });
          return;
        }
      }
    },
  };
}

export const latePlugin = definePlugin({ capabilities: ['attempts', 'timers'], description: lateOptions, create: (spec) => lateScheduler(spec) });
