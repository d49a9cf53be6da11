import type { Launched, LaunchReason } from '@shared/results/launchReason';
import type { CoreView } from '../engine/scheduling/schedulerApi';
import { Locality } from '../engine/core/topology';
import { launchMap, launchReduce, SlotTable } from './slotHelpers';

/** The Hadoop 1 slot settings every slot scheduler's options carry (shared/schedulers/options.ts `slots`). */
interface SlotOptions {
  mapSlots?: number;
  reduceSlots?: number;
  slotMemoryMb: number;
}

/**
 * What a plug-in file's policy is handed beside its options (docs/plugins.md "The studio object"):
 * the node's free slots, sized as every slot scheduler's are, and launches that say why in the
 * plug-in's own words. It is all a file needs of the studio's code, so the file imports nothing.
 */
export interface PluginStudio {
  /** Map slots of node n not in use now. */
  freeMapSlots(view: CoreView, n: number): number;
  freeReduceSlots(view: CoreView, n: number): number;
  /**
   * Launch job j's best-placed pending map on node n (node-local first, then rack, then anywhere),
   * or only one at most this far (`within`); false when it has none.
   */
  launchMap(view: CoreView, j: number, n: number, rule: string, within?: 'node' | 'rack' | 'anywhere'): boolean;
  /** Launch job j's next reduce on node n once its maps let reduces start; false otherwise. */
  launchReduce(view: CoreView, j: number, n: number, rule: string): boolean;
}

/** How far a plug-in's map may be from its input: the node, its rack, or anywhere. */
const WITHIN: Record<string, Locality> = { node: Locality.Node, rack: Locality.Rack, anywhere: Locality.OffRack };

export function pluginStudio(spec: SlotOptions, title: string): PluginStudio {
  const slots = new SlotTable(spec);
  const found = { level: Locality.Node as Locality };
  const why =
    (view: CoreView, j: number, rule: string) =>
    (launched: Launched): LaunchReason => ({
      kind: 'ownRule',
      scheduler: title,
      job: view.job(j).id,
      rule,
      launched,
    });
  return {
    freeMapSlots: (view, n) => Math.max(0, slots.maps(view.topology, n) - view.nodeRunningMaps(n)),
    freeReduceSlots: (view, n) => Math.max(0, slots.reduces(view.topology, n) - view.nodeRunningReduces(n)),
    launchMap: (view, j, n, rule, within = 'anywhere') => launchMap(view, j, n, WITHIN[within], false, why(view, j, rule), found, spec.slotMemoryMb),
    launchReduce: (view, j, n, rule) => launchReduce(view, j, n, why(view, j, rule), spec.slotMemoryMb),
  };
}
