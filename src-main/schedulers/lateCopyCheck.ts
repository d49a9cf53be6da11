import { grown } from '../engine/core/grow';
import type { Rows } from './lateRunning';

/** The rank (0-based, in ascending order) of the p-th percentile among `n` values. */
export function percentileRank(n: number, p: number): number {
  return Math.min(n - 1, Math.max(0, Math.floor((p / 100) * n)));
}

/** Row i of block b's progress rate now; x is the row's place among the snapshot's rows. */
export type RateAt = (x: number, b: Rows, i: number) => number;

/**
 * LATE's test of whether a copy may go at all (Zaharia et al., OSDI'08, sec. 4), made at every beat
 * with a free slot (late.ts): is any attempt of `kind` old enough, copyable and elsewhere than on
 * node n, with a progress rate at or below the SlowTaskThreshold percentile of its kind's rates?
 * The slowest such candidate is at or below that percentile's value exactly when at most k rates
 * of the kind are lower (k the percentile's rank), so the percentile itself is never selected here.
 *
 * A candidate's rate is never below the slowest candidate's, so only the kind's other rows (too
 * young, already copied, or on node n) are counted, and the candidates are walked once. The first
 * walk stops at the first row too young in a block whose starts never decrease, and sets aside the
 * old rows that are not candidates: on the bench's made days most rows below the slowest candidate
 * are attempts already copied (README, "(k)"), so the young rows are read only when those are not
 * enough. tests/unit/schedulers/lateCopyCheck.test.ts holds it to the rule as written.
 */
export class CopyCheck {
  /** Per block, in one check: where its rows too young to judge begin (its first row when its starts may decrease). */
  private youngFrom = new Int32Array(64);
  /** The rates of the old rows of the kind that are not candidates. */
  private others = new Float64Array(256);

  constructor(
    private readonly minRunSeconds: number,
    private readonly slowTaskPercentile: number,
  ) {}

  /** `inKind`: how many rows of the kind the blocks hold; each rate is read through `rateAt` (at most once per row). */
  mayCopy(blocks: readonly Rows[], inKind: number, kind: number, n: number, now: number, rateAt: RateAt): boolean {
    if (inKind === 0) return false;
    if (this.youngFrom.length < blocks.length) this.youngFrom = grown(this.youngFrom, 2 * blocks.length);
    if (this.others.length < inKind) this.others = grown(this.others, 2 * inKind);
    const youngFrom = this.youngFrom;
    const others = this.others;
    const minRun = this.minRunSeconds;
    let slowest = Infinity;
    let set = 0;
    for (let bi = 0; bi < blocks.length; bi++) {
      const b = blocks[bi];
      youngFrom[bi] = b.from;
      if (b.ofKind[kind] === 0) continue;
      let i = b.from;
      for (; i < b.to; i++) {
        if (!(now - b.start[i] >= minRun)) {
          if (b.ordered) break;
          continue;
        }
        if (b.kind[i] !== kind) continue;
        const r = rateAt(b.offset + i, b, i);
        if (b.copyable[i] === 1 && b.node[i] !== n) slowest = Math.min(slowest, r);
        else others[set++] = r;
      }
      youngFrom[bi] = b.ordered ? i : b.from;
    }
    if (slowest === Infinity) return false;
    const k = percentileRank(inKind, this.slowTaskPercentile);
    let below = 0;
    for (let x = 0; x < set; x++) if (others[x] < slowest && ++below > k) return false;
    for (let bi = 0; bi < blocks.length; bi++) {
      const b = blocks[bi];
      if (b.ofKind[kind] === 0) continue;
      for (let i = youngFrom[bi]; i < b.to; i++)
        if (b.kind[i] === kind && !(now - b.start[i] >= minRun) && rateAt(b.offset + i, b, i) < slowest && ++below > k) return false;
    }
    return true;
  }
}
