import type { TaskCounters } from '../engine/measure/profiles';
import { predict, type InterferenceModel } from '../models/interference';

/** A task's demand as ILA's interference module reads it (Bu et al. sec. 4.1): CPU, disk reads and writes per second of undisturbed run. */
export interface Demand {
  tc: number;
  tr: number;
  tw: number;
}

const IDLE = { cu: 0, ca: 0, c0: 0, ru: 0, wu: 0, ra: 0, wa: 0, iou: 0 };

/** A finished task's demand as it would be without interference (its counters over its undisturbed time), and that time. */
export function measuredDemand(c: TaskCounters): { demand: Demand; undisturbed: number } {
  const io = (c.fsReadMb + c.fsWriteMb + c.hdfsReadMb + c.hdfsWriteMb) / c.diskMBps;
  const undisturbed = Math.max(1e-3, c.cpuSeconds, io);
  return {
    demand: { tc: c.cpuSeconds / undisturbed, tr: (c.fsReadMb + c.hdfsReadMb) / undisturbed, tw: (c.fsWriteMb + c.hdfsWriteMb) / undisturbed },
    undisturbed,
  };
}

/** Eq. 7: the first measurement replaces the initial guess; later ones are blended with α. */
export function blendDemand(prior: Demand | undefined, seen: number, d: Demand, alpha: number): Demand {
  if (seen === 0 || !prior) return d;
  return { tc: alpha * d.tc + (1 - alpha) * prior.tc, tr: alpha * d.tr + (1 - alpha) * prior.tr, tw: alpha * d.tw + (1 - alpha) * prior.tw };
}

/**
 * The model's slowdown for a demand on an idle server: a function of the two alone, asked at every
 * check of every job on every node, so kept per demand (demands are replaced, never changed) until
 * the model is re-fitted.
 */
export class AloneSlowdowns {
  private of = new WeakMap<Demand, number>();
  private model: InterferenceModel | undefined;

  get(m: InterferenceModel, d: Demand): number {
    if (this.model !== m) {
      this.model = m;
      this.of = new WeakMap();
    }
    let v = this.of.get(d);
    if (v === undefined) {
      v = predict(m, { ...IDLE, tc: d.tc, tr: d.tr, tw: d.tw });
      this.of.set(d, v);
    }
    return v;
  }
}
