import { minEdfOptions } from '@shared/schedulers/minEdf';
import type { SchedulerSpecOf } from '@shared/schedulers';
import { fewestSlots, provision } from '@shared/aria/provisioning';
import type { AriaProfile } from '@shared/aria/profile';
import { definePlugin } from './plugin';
import type { ClusterView, Scheduler } from '../engine/schedulerApi';
import { Locality } from '../engine/topology';
import { sortJobs } from './jobOrder';
import { launchMap, launchReduce, SlotTable } from './slotHelpers';

type MinEdfSpec = SchedulerSpecOf<'minedf'>;

/** The slots a job is owed, and why (the why-panel's text). */
interface Need {
  maps: number;
  reduces: number;
  why: string;
}

const fmt = (s: number) => (Number.isFinite(s) ? `${Math.round(s)} s` : 'none');

/**
 * MinEDF (docs/model.md "MinEDF"): ARIA's deadline scheduler on Hadoop 1 slots. A job's minimum
 * comes from the ARIA model: Algorithm 1 (sec. 4.5) on its profile, its tasks, the cluster's slots
 * and the time left to its deadline gives the minimal (map, reduce) slot pairs for the chosen
 * bound, and the pair with the fewest slots is the minimum. A job is sized when it arrives and
 * again when a slot first frees for it: slots are never taken back, so it may wait for running
 * tasks to end, and the time left then is what counts. Free slots go first to
 * jobs below their minimum, earliest deadline first; the spare ones then to every job in the same
 * order. Jobs without a deadline come after those with one, in submission order. A job whose
 * template has no profile, or whose deadline no allocation can meet, is owed all it can use.
 */
export function minEdfScheduler(spec: Omit<MinEdfSpec, 'kind'>, slots = new SlotTable(spec)): Scheduler {
  const profiles = new Map(Object.entries(spec.profiles).map(([k, v]) => [k.toLowerCase(), v]));
  const need: Need[] = [];
  /** When each job was last sized; a job that has not started yet is sized again when a slot frees. */
  const sizedAt: number[] = [];
  /** Active jobs in EDF order, kept sorted as jobs come and go (no sort per heartbeat). */
  const order: number[] = [];
  const found = { level: Locality.Node as Locality };
  const before = (view: ClusterView, a: number, b: number) => view.jobDeadline(a) - view.jobDeadline(b) || view.jobSubmitTime(a) - view.jobSubmitTime(b) || a - b;

  function size(j: number, view: ClusterView): Need {
    const job = view.job(j);
    const deadline = view.jobDeadline(j);
    const all = (why: string): Need => ({ maps: job.maps, reduces: job.reduces, why });
    if (!Number.isFinite(deadline)) return { maps: 0, reduces: 0, why: 'no deadline: spare slots only' };
    const profile: AriaProfile | undefined = profiles.get(job.template.name.toLowerCase());
    if (!profile) return all(`no ARIA profile for ${job.template.name}: owed every slot it can use`);
    const left = deadline - view.now;
    const cluster = slots.totals(view.topology);
    if (left <= 0) return all(`deadline ${fmt(deadline)} already passed: owed every slot it can use`);
    const pair = fewestSlots(provision(profile, { maps: job.maps, reduces: job.reduces, clusterMapSlots: cluster.maps, clusterReduceSlots: cluster.reduces, deadlineS: left }, spec.bound));
    if (!pair) return all(`no allocation of the cluster's ${cluster.maps} + ${cluster.reduces} slots meets its deadline by the ${spec.bound} bound: owed every slot it can use`);
    return { maps: pair.mapSlots, reduces: pair.reduceSlots, why: `the ARIA ${spec.bound} bound needs ${pair.mapSlots} map + ${pair.reduceSlots} reduce slots to finish by ${fmt(deadline)}` };
  }

  return {
    name: 'minedf',
    onJobSubmitted(j, view) {
      need[j] = size(j, view);
      sizedAt[j] = view.now;
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (before(view, order[mid], j) < 0) lo = mid + 1;
        else hi = mid;
      }
      order.splice(lo, 0, j);
    },
    onJobFinished(j) {
      const at = order.indexOf(j);
      if (at >= 0) order.splice(at, 1);
    },
    onHeartbeat(n: number, view: ClusterView) {
      if (view.pendingTasks() === 0) return;
      let freeMaps = slots.maps(view.topology, n) - view.nodeRunningMaps(n);
      let freeReduces = slots.reduces(view.topology, n) - view.nodeRunningReduces(n);
      const id = (j: number) => view.job(j).id;
      // First every job up to its minimum, earliest deadline first; then the spare slots in the same order.
      for (const spare of [false, true]) {
        for (let i = 0; i < order.length && freeMaps > 0; i++) {
          const j = order[i];
          if (view.pendingMaps(j) === 0) continue;
          if (!spare && sizedAt[j] < view.now && view.mapsDone(j) + view.runningMaps(j) === 0) {
            need[j] = size(j, view);
            sizedAt[j] = view.now;
          }
          const why = spare ? () => `MinEDF: spare map slot; job ${id(j)} is next by deadline (${fmt(view.jobDeadline(j))})` : () => `MinEDF: job ${id(j)} is below its minimum (${need[j].why}), earliest deadline first`;
          while (freeMaps > 0 && (spare || view.runningMaps(j) < need[j].maps) && launchMap(view, j, n, Locality.OffRack, spec.serverLocality, why, found, spec.slotMemoryMb)) freeMaps--;
        }
        // Only jobs whose reduces may start can take a reduce slot: those few, in the same EDF order.
        const ready = freeReduces > 0 ? sortJobs(view, [...view.reduceReadyJobs()], (a, b) => before(view, a, b), false) : [];
        for (let i = 0; i < ready.length && freeReduces > 0; i++) {
          const j = ready[i];
          const why = spare ? () => `MinEDF: spare reduce slot; job ${id(j)} is next by deadline (${fmt(view.jobDeadline(j))})` : () => `MinEDF: job ${id(j)} is below its minimum (${need[j].why}), earliest deadline first`;
          while (freeReduces > 0 && (spare || view.runningReduces(j) < need[j].reduces) && launchReduce(view, j, n, why, spec.slotMemoryMb)) freeReduces--;
        }
      }
    },
  };
}

export const minEdfPlugin = definePlugin({
  description: minEdfOptions,
  create: (spec) => minEdfScheduler(spec),
  pinProfiles: (spec, known) => (Object.keys(spec.profiles).length === 0 && Object.keys(known.aria).length ? { ...spec, profiles: known.aria } : spec),
});
