import { z } from 'zod';
import { describeScheduler, type SpecOf } from '@shared/schedulers/describe';
import { slotAuto, slotLabels, slots, topologyAwareness, topologyLabels } from '@shared/schedulers/options';
import { labelText } from '@shared/files/controlCharacters';
import { definePlugin } from './plugin';
import type { Scheduler, ViewWith } from '../engine/scheduling/schedulerApi';
import { Locality } from '../engine/core/topology';
import { fillInOrder } from './placementLoop';
import { launchMap, launchReduce, SlotTable } from './slotHelpers';
import { fullSlots, orderReason } from './whyNotReasons';

/** Hadoop 1's default JobQueueTaskScheduler: jobs in submission order on map and reduce slots. */
export const fifoOptions = describeScheduler({
  kind: 'fifo',
  title: 'FIFO (Hadoop 1)',
  schema: z.strictObject({
    kind: z.literal('fifo'),
    label: labelText().optional(),
    ...slots,
    /**
     * At most this many of one job's maps (reduces) run at once, as Hadoop's
     * mapreduce.job.running.{map,reduce}.limit: what gives a job exactly S_M and S_R slots
     * when ARIA's predictions are checked against the simulator. Unset: no limit.
     */
    jobMapLimit: z.number().int().min(1).optional(),
    jobReduceLimit: z.number().int().min(1).optional(),
    ...topologyAwareness,
  }),
  labels: {
    ...slotLabels,
    jobMapLimit: 'Maps per job at once',
    jobReduceLimit: 'Reduces per job at once',
    ...topologyLabels,
  },
  auto: { ...slotAuto, jobMapLimit: 'no limit', jobReduceLimit: 'no limit' },
  capacity: 'slots',
  runName: 'FIFO',
});

/** The view this policy asked for (its plug-in's capabilities). */
type View = ViewWith<'attempts'>;

type FifoSpec = SpecOf<typeof fifoOptions>;

/**
 * Hadoop 1's default JobQueueTaskScheduler: fixed map and reduce slots per node; jobs strictly in
 * submission order. A free map slot goes to the first job with pending maps, which takes its best
 * placed map (node-local, then rack, then any); a free reduce slot to the first job whose reduces
 * may start (slow-start). A job never runs more maps (reduces) at once than its limit, if one is set.
 */
export function fifoScheduler(spec: Omit<FifoSpec, 'kind'>, slots = new SlotTable(spec)): Scheduler<View> {
  const found = { level: Locality.Node as Locality };
  // Limits are rare (the planner's checks); without one no per-launch count is read.
  const mapLimit = spec.jobMapLimit ?? Infinity;
  const reduceLimit = spec.jobReduceLimit ?? Infinity;
  const underMapLimit = (view: View, j: number) => mapLimit === Infinity || view.runningMaps(j) < mapLimit;
  const underReduceLimit = (view: View, j: number) => reduceLimit === Infinity || view.runningReduces(j) < reduceLimit;
  // The heartbeat's node and view, read by the launch functions below: they are made once, not
  // at every heartbeat (millions of heartbeats would allocate millions of closures).
  const beat = { n: -1, view: undefined as unknown as View };
  const examined = () => {
    beat.view.work.jobsExamined++;
    return true;
  };
  const mapOne = (j: number) => {
    const view = beat.view;
    return (
      underMapLimit(view, j) &&
      launchMap(
        view,
        j,
        beat.n,
        Locality.OffRack,
        spec.serverLocality,
        (launched) => ({ kind: 'submissionOrder', job: view.job(j).id, launched }),
        found,
        spec.slotMemoryMb,
      )
    );
  };
  const reduceOne = (j: number) => {
    const view = beat.view;
    return (
      underReduceLimit(view, j) && launchReduce(view, j, beat.n, (launched) => ({ kind: 'submissionOrder', job: view.job(j).id, launched }), spec.slotMemoryMb)
    );
  };
  return {
    name: 'fifo',
    onHeartbeat(n: number, view: View) {
      const freeMaps = slots.maps(view.topology, n) - view.nodeRunningMaps(n);
      const freeReduces = slots.reduces(view.topology, n) - view.nodeRunningReduces(n);
      if (view.pendingTasks() === 0) return;
      beat.n = n;
      beat.view = view;
      // Only jobs with a pending map can take a map slot (a live list in submission order): jobs
      // whose maps are all placed are never asked.
      fillInOrder(view.mapPendingJobs(), freeMaps, examined, mapOne);
      // Only jobs whose reduces may start can take a reduce slot (a live list too).
      fillInOrder(view.reduceReadyJobs(), freeReduces, examined, reduceOne);
    },
    nodePlacesNothing: (n, view) => slots.placesNothing(n, view),
    // The order a free slot is offered in: jobs with a map waiting, then jobs whose reduces may
    // start, each by submission (the first 20 and 10), with what each has waiting and running, and
    // the per-job limit when the card sets one (none: no value).
    scores(_n, view) {
      const limited = mapLimit !== Infinity || reduceLimit !== Infinity;
      const row = (j: number, reduce: boolean) => {
        const values = [view.jobSubmitTime(j), reduce ? view.pendingReduces(j) : view.pendingMaps(j), reduce ? view.runningReduces(j) : view.runningMaps(j)];
        const limit = reduce ? reduceLimit : mapLimit;
        if (limited) values.push(limit === Infinity ? Number.NaN : limit);
        return { candidate: reduce ? 'its next reduce' : 'its next map', job: view.job(j).id, values };
      };
      const criteria = ['submitted at (s)', 'waiting (of its kind)', 'running (of its kind)'];
      if (limited) criteria.push('most at once (of its kind)');
      return {
        criteria,
        rows: [
          ...view
            .mapPendingJobs()
            .slice(0, 20)
            .map((j) => row(j, false)),
          ...view
            .reduceReadyJobs()
            .slice(0, 10)
            .map((j) => row(j, true)),
        ],
      };
    },
    explain(j, n, view) {
      const out = fullSlots(view, slots, j, n);
      if (view.pendingMaps(j) > 0 && !underMapLimit(view, j))
        out.push({ kind: 'overLimit', what: 'maps at once', running: view.runningMaps(j), limit: mapLimit });
      if (view.pendingReduces(j) > 0 && !underReduceLimit(view, j))
        out.push({ kind: 'overLimit', what: 'reduces at once', running: view.runningReduces(j), limit: reduceLimit });
      const rank = orderReason(view, view.activeJobs, j, `submitted at ${view.jobSubmitTime(j).toFixed(1)} s`);
      if (rank) out.push(rank);
      return out;
    },
  };
}

export const fifoPlugin = definePlugin({ capabilities: ['attempts'], description: fifoOptions, create: (spec) => fifoScheduler(spec) });
