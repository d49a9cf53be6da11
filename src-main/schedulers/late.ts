import { z } from 'zod';
import { describeScheduler, type SpecOf } from '@shared/schedulers/describe';
import { slotAuto, slotLabels, slots, topologyAwareness, topologyLabels } from '@shared/schedulers/options';
import { labelText } from '@shared/files/controlCharacters';
import { definePlugin } from './plugin';
import type { Scheduler, ViewWith } from '../engine/scheduling/schedulerApi';
import { quickselect } from 'simple-statistics';
import { grown } from '../engine/core/grow';
import { RunningAttempts, ROW_MAP, ROW_REDUCE, type Rows } from './lateRunning';
import { fifoScheduler } from './fifo';
import { SlotTable } from './slotHelpers';
import { CopyCheck, percentileRank, runTime } from './lateCopyCheck';
import { lateScores } from './lateScores';

/** LATE (Zaharia et al., OSDI'08): speculative copies of the tasks with the longest estimated time left. */
export const lateOptions = describeScheduler({
  kind: 'late',
  title: 'LATE (speculation)',
  schema: z.strictObject({
    kind: z.literal('late'),
    label: labelText().optional(),
    ...slots,
    /** LATE (Zaharia et al., OSDI'08) defaults: SpeculativeCap 10 % of slots, both thresholds the 25th percentile. */
    speculativeCap: z.number().min(0).max(1).default(0.1),
    slowTaskPercentile: z.number().min(0).max(100).default(25),
    slowNodePercentile: z.number().min(0).max(100).default(25),
    /** Seconds an attempt must have run before it is judged. */
    minRunSeconds: z.number().min(0).default(60),
    ...topologyAwareness,
  }),
  labels: {
    ...slotLabels,
    speculativeCap: 'Speculative cap',
    slowTaskPercentile: 'Slow-task percentile',
    slowNodePercentile: 'Slow-node percentile',
    minRunSeconds: 'Least run time before judging s',
    ...topologyLabels,
  },
  auto: slotAuto,
  capacity: 'slots',
  runName: 'LATE',
});

/** The view this policy asked for (its plug-in's capabilities). */
type View = ViewWith<'attempts' | 'timers'>;

type LateSpec = SpecOf<typeof lateOptions>;

/** The value at the p-th percentile of `values` (reordered in place): the k-th smallest, by quickselect. */
function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return 0;
  const k = percentileRank(values.length, p);
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
  const base = fifoScheduler(
    { mapSlots: spec.mapSlots, reduceSlots: spec.reduceSlots, slotMemoryMb: spec.slotMemoryMb, serverLocality: spec.serverLocality },
    slots,
  );
  /**
   * The running attempts as of the engine's last state change: who they are stays valid until
   * `stateVersion` moves, only their progress grows. Most heartbeats stop at the copy check below,
   * which this makes O(1) instead of a pass over every running attempt.
   */
  const running = new RunningAttempts();
  /** Per pass, per row: the progress score and progress rate at `now`, and one kind's rates for its percentile. */
  let progress = new Float64Array(256);
  let rate = new Float64Array(256);
  let scratch = new Float64Array(256);
  /** The time of the last wake-up asked for (wantsIdleBeats), so each is asked once. */
  let wakeAsked = -1;
  let nodeSum = new Float64Array(0);
  let nodeCount = new Int32Array(0);

  /**
   * Row x's progress score and progress rate at the pass's instant (block b, row i), read once per
   * pass (one beat's copy decision, on the view and at the time it began with): the copy check
   * reads only what it needs, and the rest is read only when a copy could go.
   */
  let pass = 0;
  let passView: View | undefined;
  let passNow = 0;
  let readIn = new Int32Array(256);
  function rateOf(x: number, b: Rows, i: number): number {
    if (readIn[x] !== pass) {
      readIn[x] = pass;
      progress[x] = passView!.attemptProgress(b.attempt[i]);
      rate[x] = progress[x] / runTime(passNow, b.start[i]);
      b.lastProgress[i] = progress[x];
    }
    return rate[x];
  }

  /** Every row's rate not read yet in this pass (the slow-node check and the choice need all). */
  function readRest(): void {
    let x = 0;
    for (const b of running.blocks()) for (let i = b.from; i < b.to; i++, x++) rateOf(x, b, i);
  }

  /** SlowNodeThreshold: node n's mean progress rate is below that percentile of the nodes' means. */
  function nodeIsSlow(n: number, view: View): boolean {
    // Per-node sums in typed arrays, nodes in order of first appearance; reset after use.
    if (nodeSum.length < view.topology.nodeCount) {
      nodeSum = new Float64Array(view.topology.nodeCount);
      nodeCount = new Int32Array(view.topology.nodeCount);
    }
    const touched: number[] = [];
    let x = 0;
    for (const b of running.blocks()) {
      for (let i = b.from; i < b.to; i++, x++) {
        const node = b.node[i];
        if (nodeCount[node] === 0) touched.push(node);
        nodeSum[node] += rate[x];
        nodeCount[node]++;
      }
    }
    const nodeRates = new Float64Array(touched.length);
    for (let k = 0; k < touched.length; k++) nodeRates[k] = nodeSum[touched[k]] / nodeCount[touched[k]];
    const mine = nodeCount[n] > 0 ? nodeSum[n] / nodeCount[n] : undefined;
    for (const node of touched) {
      nodeSum[node] = 0;
      nodeCount[node] = 0;
    }
    return mine !== undefined && mine < percentile(nodeRates, spec.slowNodePercentile);
  }

  /** Whether a copy of `kind` may go to node n now (lateCopyCheck.ts), its rates read through this pass's memory. */
  const check = new CopyCheck(spec.minRunSeconds, spec.slowTaskPercentile);
  const mayCopy = (kind: number, n: number) => check.mayCopy(running.blocks(), running.ofKind[kind], kind, n, passNow, rateOf);

  /** Copy the candidate of `kind` with the longest estimated time left (ties: the lower task id). */
  function copySlowest(kind: number, n: number, now: number, view: View): void {
    let inKind = 0;
    let x = 0;
    for (const b of running.blocks()) for (let i = b.from; i < b.to; i++, x++) if (b.kind[i] === kind) scratch[inKind++] = rate[x];
    const threshold = percentile(scratch.subarray(0, inKind), spec.slowTaskPercentile);
    let job = -1;
    let task = -1;
    let bestLeft = 0;
    x = 0;
    for (const b of running.blocks()) {
      for (let i = b.from; i < b.to; i++, x++) {
        if (b.kind[i] !== kind) continue;
        if (!(now - b.start[i] >= spec.minRunSeconds && b.copyable[i] === 1 && b.node[i] !== n && rate[x] <= threshold)) continue;
        const left = (1 - progress[x]) / Math.max(1e-9, rate[x]);
        if (task < 0 || left > bestLeft || (left === bestLeft && b.task[i] < task)) {
          job = b.job;
          task = b.task[i];
          bestLeft = left;
        }
      }
    }
    view.launch(
      task,
      n,
      () => ({
        kind: 'speculation',
        of: kind === ROW_REDUCE ? 'reduce' : 'map',
        job: view.job(job).id,
        leftSeconds: bestLeft,
        percentile: spec.slowTaskPercentile,
      }),
      {
        speculative: true,
        memoryMb: spec.slotMemoryMb,
      },
    );
  }

  return {
    name: 'late',
    tracksJobsWithAttempts: true,
    // A beat with nothing pending may still copy a task (sec. 4): while one could be copied, every
    // beat counts. Not before the oldest copyable attempt has run minRunSeconds: a wake-up then.
    wantsIdleBeats(view) {
      running.update(view);
      if (running.speculative >= spec.speculativeCap * slots.totalSlots(view.topology)) return false;
      const due = running.oldestStart + spec.minRunSeconds;
      if (view.now >= due) return true;
      if (Number.isFinite(due) && due !== wakeAsked) {
        wakeAsked = due;
        view.wakeAt(due);
      }
      return false;
    },
    // A full node can neither take a task nor a copy: its beat would change nothing.
    nodePlacesNothing: (n, view) => slots.isFull(n, view),
    // The copy candidates with what ranks them (lateScores.ts): read afresh, nothing kept.
    scores: (n, view) => lateScores(spec, running, n, view),
    // Its own tasks go as FIFO places them; a job's slow tasks are copied only under the cap.
    explain(j, n, view) {
      const out = base.explain?.(j, n, view) ?? [];
      running.update(view);
      const cap = spec.speculativeCap * slots.totalSlots(view.topology);
      if (running.speculative >= cap && view.runningMaps(j) + view.runningReduces(j) > 0)
        out.push({ kind: 'speculativeCap', running: running.speculative, cap: Math.floor(cap) });
      return out;
    },
    onHeartbeat(n: number, view: View) {
      base.onHeartbeat(n, view);
      const freeMaps = slots.maps(view.topology, n) - view.nodeRunningMaps(n);
      const freeReduces = slots.reduces(view.topology, n) - view.nodeRunningReduces(n);
      if (freeMaps <= 0 && freeReduces <= 0) return;
      const now = view.now;
      running.update(view);
      const cap = spec.speculativeCap * slots.totalSlots(view.topology);
      if (running.speculative >= cap) return;
      // No attempt can be copied (too young, already copied, or on this node): nothing below could
      // launch. The oldest copyable attempt elsewhere than on n decides.
      if (!(now - running.oldestCopyableAwayFrom(n) >= spec.minRunSeconds)) return;
      const count = running.count;
      if (progress.length < count) {
        progress = grown(progress, 2 * count);
        rate = grown(rate, 2 * count);
        scratch = grown(scratch, 2 * count);
        readIn = grown(readIn, 2 * count);
      }
      pass++;
      passView = view;
      passNow = now;
      // Maps first, then reduces; a slow node copies nothing (the check needs every row's rate and
      // a pass over the nodes, so it is made only once a copy could go).
      for (const kind of [ROW_MAP, ROW_REDUCE]) {
        if ((kind === ROW_REDUCE ? freeReduces : freeMaps) <= 0 || !mayCopy(kind, n)) continue;
        readRest();
        if (!nodeIsSlow(n, view)) copySlowest(kind, n, now, view);
        return;
      }
    },
  };
}

export const latePlugin = definePlugin({ capabilities: ['attempts', 'timers'], description: lateOptions, create: (spec) => lateScheduler(spec) });
