import type { Launched, LaunchReason } from '@shared/results/launchReason';
import type { CoreView, Timers } from '../engine/scheduling/schedulerApi';
import { Locality } from '../engine/core/topology';
import { appMasterFirst, freeOnNode, taskMemory, type ContainerConfig } from './containers';
import { launchMap, launchReduce, mapAt, REDUCE, SlotTable } from './slotHelpers';

/** The Hadoop 1 slot settings every slot scheduler's options carry (shared/schedulers/options.ts `slots`). */
interface SlotOptions {
  mapSlots?: number;
  reduceSlots?: number;
  slotMemoryMb: number;
}

type Within = 'node' | 'rack' | 'anywhere';

/**
 * What a plug-in file's policy is handed beside its options (docs/plugins.md "The studio object"):
 * the node's free room, sized as the studio's own schedulers size it, and launches that say why in
 * the plug-in's own words. It is all a file needs of the studio's code. On slots, the free map and
 * reduce slots; on YARN containers, the node's free memory and vcores, and launches that start the
 * job's application master first, as YARN does (within the masters' share, `maxAmShare`).
 */
export interface PluginStudio {
  /** Map slots of node n not in use now (0 on containers). */
  freeMapSlots(view: CoreView, n: number): number;
  freeReduceSlots(view: CoreView, n: number): number;
  /** Memory (MB) and vcores node n's NodeManager offers and nothing holds now (on slots: the slots' memory, and cores). */
  freeContainer(view: CoreView, n: number): { memoryMb: number; vcores: number };
  /**
   * Launch job j's best-placed pending map on node n (node-local first, then rack, then anywhere),
   * or only one at most this far (`within`); false when it has none. On containers, a job without
   * its application master gets that first: the launch is the master's, and true.
   */
  launchMap(view: CoreView, j: number, n: number, rule: string, within?: Within): boolean;
  /** Launch job j's next reduce on node n once its maps let reduces start (its master first on containers); false otherwise. */
  launchReduce(view: CoreView, j: number, n: number, rule: string): boolean;
  /** Call the policy's onWake at `time` (seconds since the start of the run, later than now): a policy that acts on time, not only on heartbeats. */
  wakeAt(view: CoreView, time: number): void;
}

/**
 * The engine's wake-up (ClusterView.wakeAt), for a file's policy: a time that is not a number later
 * than now is refused in words, since a wake-up at now asked from onWake would wake it again at the
 * same instant for ever, and a NaN would corrupt the event queue's order.
 */
function wakeAt(view: CoreView, time: number): void {
  if (typeof time !== 'number' || !Number.isFinite(time) || !(time > view.now))
    throw new Error(`studio.wakeAt: the time must be a number of seconds later than now (${view.now} s), not ${String(time)}`);
  // Every policy is handed the engine's whole view, which has the timers (schedulerApi.ts `Scheduler`).
  (view as CoreView & Timers).wakeAt(time);
}

/** How far a plug-in's map may be from its input: the node, its rack, or anywhere. */
const WITHIN: Record<string, Locality> = { node: Locality.Node, rack: Locality.Rack, anywhere: Locality.OffRack };

const ownRule =
  (title: string, view: CoreView, j: number, rule: string) =>
  (launched: Launched): LaunchReason => ({ kind: 'ownRule', scheduler: title, job: view.job(j).id, rule, launched });

/** `slots`: the run's slot table, shared with what the why-not panel says of the node's room (runner/pluginFile.ts). */
export function pluginStudio(spec: SlotOptions, title: string, slots = new SlotTable(spec)): PluginStudio {
  const found = { level: Locality.Node as Locality };
  const freeMapSlots = (view: CoreView, n: number) => Math.max(0, slots.maps(view.topology, n) - view.nodeRunningMaps(n));
  const freeReduceSlots = (view: CoreView, n: number) => Math.max(0, slots.reduces(view.topology, n) - view.nodeRunningReduces(n));
  return {
    freeMapSlots,
    freeReduceSlots,
    freeContainer: (view, n) => ({
      memoryMb: (freeMapSlots(view, n) + freeReduceSlots(view, n)) * spec.slotMemoryMb,
      vcores: Math.max(0, Math.round(view.topology.nodeCores[n]) - view.nodeRunningMaps(n) - view.nodeRunningReduces(n)),
    }),
    launchMap: (view, j, n, rule, within = 'anywhere') => launchMap(view, j, n, WITHIN[within], false, ownRule(title, view, j, rule), found, spec.slotMemoryMb),
    launchReduce: (view, j, n, rule) => launchReduce(view, j, n, ownRule(title, view, j, rule), spec.slotMemoryMb),
    wakeAt,
  };
}

/**
 * The same helpers on YARN containers: a task takes its container's memory (the card's, or the
 * template's) and one vcore, where the node has them free; a job's application master comes first.
 */
export function containerPluginStudio(spec: ContainerConfig, title: string): PluginStudio {
  const found = { level: Locality.Node as Locality };
  /** Whether job j may launch a task on n now: 'master' when its master was just placed there. */
  const ready = (view: CoreView, j: number, n: number, reduce: boolean): 'master' | 'task' | 'no' => {
    const free = freeOnNode(spec, view, n);
    const master = appMasterFirst(spec, view, j, n, free);
    if (master === 'placed') return 'master';
    if (master === 'waiting') return 'no';
    return free.memoryMb >= taskMemory(spec, view, j, reduce) && free.vcores >= 1 ? 'task' : 'no';
  };
  return {
    freeMapSlots: () => 0,
    freeReduceSlots: () => 0,
    freeContainer: (view, n) => {
      const free = freeOnNode(spec, view, n);
      return { memoryMb: Math.max(0, free.memoryMb), vcores: Math.max(0, free.vcores) };
    },
    launchMap(view, j, n, rule, within = 'anywhere') {
      if (view.pendingMaps(j) === 0) return false;
      const can = ready(view, j, n, false);
      if (can !== 'task') return can === 'master';
      const task = view.findMap(j, n, WITHIN[within], found, false);
      return task >= 0 && view.launch(task, n, ownRule(title, view, j, rule)(mapAt(found.level)), { memoryMb: taskMemory(spec, view, j, false) });
    },
    launchReduce(view, j, n, rule) {
      if (view.pendingReduces(j) === 0 || !view.reducesMayStart(j)) return false;
      const can = ready(view, j, n, true);
      if (can !== 'task') return can === 'master';
      const task = view.nextReduce(j);
      return task >= 0 && view.launch(task, n, ownRule(title, view, j, rule)(REDUCE), { memoryMb: taskMemory(spec, view, j, true) });
    },
    wakeAt,
  };
}
