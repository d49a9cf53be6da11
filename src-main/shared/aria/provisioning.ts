import { BOUND_KINDS, completionBounds, type BoundKind } from './bounds';
import type { AriaProfile } from './profile';

export interface SlotPair {
  mapSlots: number;
  reduceSlots: number;
}

export interface ProvisioningInput {
  maps: number;
  reduces: number;
  /** The cluster's map and reduce slots (S_M, S_R in Algorithm 1): allocations never exceed them. */
  clusterMapSlots: number;
  clusterReduceSlots: number;
  deadlineS: number;
}

export interface Provisioning {
  /** For each way of targeting the deadline (sec. 4.5), the minimal (S_M^J, S_R^J) pairs, map slots descending. */
  allocations: Record<BoundKind, SlotPair[]>;
  /** The pair with the fewest slots in total on each curve (null when the curve is empty). */
  minimalBy: Record<BoundKind, SlotPair | null>;
  /** The recommendation: the average-bound curve's pair with the fewest slots (sec. 5.4 finds that bound closest). */
  minimal: SlotPair | null;
}

/**
 * Algorithm 1 (sec. 4.5): for S_M^J from min(N_M, S_M) down to 1, the fewest reduce slots S_R^J
 * with which the chosen bound still meets the deadline; the sweep stops at the first S_M^J for
 * which no S_R^J ≤ S_R does. The paper solves A/S_M + B/S_R = T − C for S_R in closed form; here
 * the same bound function (bounds.ts, with its single-wave reading) is inverted by search, so a
 * curve point always satisfies the bound it is drawn for. The bound never rises as either kind of
 * slot is added (sums and quotients of the profile's times, exactly so in floating point too), so
 * one map slot fewer never needs fewer reduce slots: each point's search starts at the last one's
 * answer, and the whole sweep reads the bound O(S_M + S_R) times, not O(S_M · log S_R) (a
 * million slots of each kind: two million reads, where bisection made sixty million).
 */
export function provision(p: AriaProfile, input: ProvisioningInput, kind: BoundKind): SlotPair[] {
  const { maps, reduces, deadlineS } = input;
  if (!(deadlineS > 0)) throw new RangeError(`deadline must be greater than 0 (got ${deadlineS})`);
  const maxMap = Math.min(Math.max(1, maps), input.clusterMapSlots);
  const maxReduce = Math.min(reduces, input.clusterReduceSlots);
  const out: SlotPair[] = [];
  const time = (sm: number, sr: number) => completionBounds(p, { maps, reduces, mapSlots: sm, reduceSlots: sr })[kind];
  let least = 1;
  for (let sm = maxMap; sm >= 1; sm--) {
    if (reduces === 0) {
      if (time(sm, 0) > deadlineS) break;
      out.push({ mapSlots: sm, reduceSlots: 0 });
      continue;
    }
    if (maxReduce < 1 || time(sm, maxReduce) > deadlineS) break;
    // No fewer than the last point needed; time(sm, maxReduce) meets the deadline, so this ends there at the latest.
    while (time(sm, least) > deadlineS) least++;
    out.push({ mapSlots: sm, reduceSlots: least });
  }
  return out;
}

export function provisionAll(p: AriaProfile, input: ProvisioningInput): Provisioning {
  const allocations = Object.fromEntries(BOUND_KINDS.map((k) => [k, provision(p, input, k)])) as Record<BoundKind, SlotPair[]>;
  const minimalBy = Object.fromEntries(BOUND_KINDS.map((k) => [k, fewestSlots(allocations[k])])) as Record<BoundKind, SlotPair | null>;
  return { allocations, minimalBy, minimal: minimalBy.avg };
}

/** The pair with the fewest slots in total; of equal totals, the first in sweep order (more map slots). */
export function fewestSlots(pairs: readonly SlotPair[]): SlotPair | null {
  let best: SlotPair | null = null;
  for (const q of pairs) {
    const total = q.mapSlots + q.reduceSlots;
    const bestTotal = best ? best.mapSlots + best.reduceSlots : Infinity;
    if (total < bestTotal) best = q;
  }
  return best;
}
