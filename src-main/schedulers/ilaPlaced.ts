import type { CoreView, NodeUsage, ViewWith } from '../engine/scheduling/schedulerApi';
import type { Demand } from './ilaDemand';

/**
 * Tasks ILA placed at this instant: they do not show in the monitors yet (they start consuming
 * after this heartbeat), so their estimated demand is added to what the next decision on the same
 * physical server sees, on their own VM or as co-hosted load.
 */
export class PlacedThisInstant {
  private at = -1;
  private readonly byHost = new Map<number, { node: number; d: Demand }[]>();

  note(view: CoreView, n: number, d: Demand): void {
    if (this.at !== view.now) {
      this.at = view.now;
      this.byHost.clear();
    }
    const host = view.topology.nodeHost[n];
    this.byHost.set(host, [...(this.byHost.get(host) ?? []), { node: n, d }]);
  }

  /** Node n's monitors plus what was placed on its server this instant. */
  usage(view: ViewWith<'monitors'>, n: number): NodeUsage {
    const u = { ...view.nodeUsage(n) };
    if (this.at !== view.now) return u;
    for (const p of this.byHost.get(view.topology.nodeHost[n]) ?? []) {
      if (p.node === n) {
        u.cu += p.d.tc;
        u.ru += p.d.tr;
        u.wu += p.d.tw;
      } else {
        u.ca += p.d.tc;
        u.ra += p.d.tr;
        u.wa += p.d.tw;
      }
    }
    return u;
  }

  /** How many tasks were placed on node `node` of `host` this instant. */
  countOn(view: CoreView, host: number, node: number): number {
    if (this.at !== view.now) return 0;
    return (this.byHost.get(host) ?? []).filter((p) => p.node === node).length;
  }
}
