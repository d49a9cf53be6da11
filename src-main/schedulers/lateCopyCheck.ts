import { grown } from '../engine/core/grow';
import type { Rows } from './lateRunning';

/** The rank (0-based, in ascending order) of the p-th percentile among `n` values. */
export function percentileRank(n: number, p: number): number {
  return Math.min(n - 1, Math.max(0, Math.floor((p / 100) * n)));
}

/** Row i of block b's progress rate now (its progress over the time it has run); x is the row's place among the snapshot's rows. */
export type RateAt = (x: number, b: Rows, i: number) => number;

/**
 * How far above a rate a row's floor must come before it is taken to be at or above it: the floor
 * is worked out by one multiplication instead of the rate's division, and this margin, far above
 * the rounding of either, keeps the comparison on the safe side.
 */
const MARGIN = 1 + 1e-12;

/**
 * LATE's test of whether a copy may go at all (Zaharia et al., OSDI'08, sec. 4), made at every beat
 * with a free slot (late.ts): is any attempt of `kind` old enough, copyable and elsewhere than on
 * node n, with a progress rate at or below the SlowTaskThreshold percentile of its kind's rates?
 * The slowest such candidate is at or below that percentile's value exactly when at most k rates
 * of the kind are lower (k the percentile's rank), so the percentile itself is never selected here.
 *
 * A running attempt's progress never falls, so its progress when LATE last read it
 * (`Rows.lastProgress`) over the time it has run now is a floor under its rate, known without
 * asking the engine. The slowest candidate is found in one walk that reads the first candidate and
 * then only those whose floor is below the slowest rate read so far; a row counted against it is
 * read only when its floor is below it. Most candidates run well above the slowest,
 * so most are never read: the answer is the rule's, row for row
 * (tests/unit/schedulers/lateCopyCheck.test.ts holds it to the rule as written). The walk stops at
 * the first row too young to judge in a block whose starts never decrease.
 */
export class CopyCheck {
  /** Per block, in one check: where its rows too young to judge begin (its first row when its starts may decrease). */
  private youngFrom = new Int32Array(64);
  /** The old rows of the kind in one check that are not candidates: block, row, last progress read, time run. */
  private otherBlock = new Int32Array(256);
  private otherRow = new Int32Array(256);
  private otherProgress = new Float64Array(256);
  private otherRun = new Float64Array(256);

  constructor(
    private readonly minRunSeconds: number,
    private readonly slowTaskPercentile: number,
  ) {}

  /** `inKind`: how many rows of the kind the blocks hold; each rate is read through `rateAt` (at most once per row). */
  mayCopy(blocks: readonly Rows[], inKind: number, kind: number, n: number, now: number, rateAt: RateAt): boolean {
    if (inKind === 0) return false;
    this.make(blocks.length, inKind);
    const { youngFrom, otherBlock, otherRow, otherProgress, otherRun } = this;
    const minRun = this.minRunSeconds;
    let others = 0;
    // The slowest candidate, read as the walk goes: one whose floor is at or above the slowest read so far is not slower.
    let slowest = Infinity;
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
        const progress = b.lastProgress[i];
        const run = runTime(now, b.start[i]);
        if (b.copyable[i] === 1 && b.node[i] !== n) {
          if (slowest === Infinity || mayBeBelow(progress, run, slowest)) slowest = Math.min(slowest, rateAt(b.offset + i, b, i));
        } else {
          otherBlock[others] = bi;
          otherRow[others] = i;
          otherProgress[others] = progress;
          otherRun[others++] = run;
        }
      }
      youngFrom[bi] = b.ordered ? i : b.from;
    }
    if (slowest === Infinity) return false;
    // More than k rows of the kind slower than it: no copy. A row whose floor is at or above it is not slower.
    const k = percentileRank(inKind, this.slowTaskPercentile);
    let below = 0;
    for (let o = 0; o < others; o++)
      if (mayBeBelow(otherProgress[o], otherRun[o], slowest) && this.read(blocks, otherBlock[o], otherRow[o], rateAt) < slowest && ++below > k) return false;
    for (let bi = 0; bi < blocks.length; bi++) {
      const b = blocks[bi];
      if (b.ofKind[kind] === 0) continue;
      for (let i = youngFrom[bi]; i < b.to; i++)
        if (
          b.kind[i] === kind &&
          !(now - b.start[i] >= minRun) &&
          mayBeBelow(b.lastProgress[i], runTime(now, b.start[i]), slowest) &&
          rateAt(b.offset + i, b, i) < slowest &&
          ++below > k
        )
          return false;
    }
    return true;
  }

  private read(blocks: readonly Rows[], bi: number, i: number, rateAt: RateAt): number {
    const b = blocks[bi];
    return rateAt(b.offset + i, b, i);
  }

  /** Room for `blocks` blocks and `rows` rows. */
  private make(blocks: number, rows: number): void {
    if (this.youngFrom.length < blocks) this.youngFrom = grown(this.youngFrom, 2 * blocks);
    if (this.otherRow.length < rows) {
      const size = 2 * rows;
      this.otherBlock = grown(this.otherBlock, size);
      this.otherRow = grown(this.otherRow, size);
      this.otherProgress = grown(this.otherProgress, size);
      this.otherRun = grown(this.otherRun, size);
    }
  }
}

/** The time a row started at `start` has run at `now`, as its rate divides by it (late.ts). */
export function runTime(now: number, start: number): number {
  return Math.max(1e-9, now - start);
}

/**
 * Whether a row with this progress when last read and this time run could have a rate now below
 * `rate`; false only when its floor is at or above `rate` with MARGIN to spare.
 */
function mayBeBelow(lastProgress: number, run: number, rate: number): boolean {
  return lastProgress < rate * run * MARGIN;
}
