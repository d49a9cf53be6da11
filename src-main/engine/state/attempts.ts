import { grown } from '../core/grow';

/**
 * Running task attempts in typed arrays, recycled through a free list: their number is bounded by
 * the cluster's concurrency, not by the workload's size. Per-phase work is a vector over the
 * resources a phase uses (W_* offsets below), in CPU-seconds at a reference core or MB.
 */
export const W_CPU = 0;
export const W_DISK = 1;
export const W_NET_IN = 2;
export const W_NET_OUT = 3;
export const W_UP_IN = 4;
export const W_UP_OUT = 5;
export const W_SIZE = 6;

export class AttemptStore {
  capacity: number;
  task!: Int32Array;
  node!: Int32Array;
  host!: Int32Array;
  phase!: Uint8Array;
  /** Fraction of the current phase done, and the fraction it may reach now (shuffle waits for maps). */
  prog!: Float64Array;
  lim!: Float64Array;
  /** Fraction of the phase per second, as last rated. */
  rate!: Float64Array;
  work!: Float64Array;
  start!: Float64Array;
  phaseStart!: Float64Array;
  memoryMb!: Float64Array;
  /** CPU the scheduler reserved for it, in cores (1 for a slot or YARN vcore; R/100 for Finer-Grained). */
  vcores!: Float64Array;
  locality!: Uint8Array;
  speculative!: Uint8Array;
  /** Index into the host's attempt list, for O(1) removal. */
  hostSlot!: Int32Array;
  /** Row of this attempt in the metrics' attempt records (-1 when not recorded). */
  record!: Int32Array;
  /** Set when the attempt will fail at its first phase end (memory over-commit, injected failure). */
  doomed!: Uint8Array;
  alive!: Uint8Array;
  /** Waiting for the scheduler's permission to start its current phase (PRISM), and since when. */
  paused!: Uint8Array;
  pausedSince!: Float64Array;
  /** When a reduce attempt's sort phase ended (ARIA's shuffle, sort included, ends here). */
  sortEnd!: Float64Array;
  private free: number[] = [];
  private used = 0;
  liveCount = 0;

  constructor(capacity = 256) {
    this.capacity = capacity;
    this.allocate(capacity);
  }

  private allocate(cap: number): void {
    const fit = <T extends Float64Array | Int32Array | Uint8Array>(old: T | undefined, make: (n: number) => T, width = 1): T =>
      old ? grown(old, cap * width) : make(cap * width);
    this.task = fit(this.task, (n) => new Int32Array(n));
    this.node = fit(this.node, (n) => new Int32Array(n));
    this.host = fit(this.host, (n) => new Int32Array(n));
    this.phase = fit(this.phase, (n) => new Uint8Array(n));
    this.prog = fit(this.prog, (n) => new Float64Array(n));
    this.lim = fit(this.lim, (n) => new Float64Array(n));
    this.rate = fit(this.rate, (n) => new Float64Array(n));
    this.work = fit(this.work, (n) => new Float64Array(n), W_SIZE);
    this.start = fit(this.start, (n) => new Float64Array(n));
    this.phaseStart = fit(this.phaseStart, (n) => new Float64Array(n));
    this.memoryMb = fit(this.memoryMb, (n) => new Float64Array(n));
    this.vcores = fit(this.vcores, (n) => new Float64Array(n));
    this.locality = fit(this.locality, (n) => new Uint8Array(n));
    this.speculative = fit(this.speculative, (n) => new Uint8Array(n));
    this.hostSlot = fit(this.hostSlot, (n) => new Int32Array(n));
    this.record = fit(this.record, (n) => new Int32Array(n));
    this.doomed = fit(this.doomed, (n) => new Uint8Array(n));
    this.alive = fit(this.alive, (n) => new Uint8Array(n));
    this.paused = fit(this.paused, (n) => new Uint8Array(n));
    this.pausedSince = fit(this.pausedSince, (n) => new Float64Array(n));
    this.sortEnd = fit(this.sortEnd, (n) => new Float64Array(n));
    this.capacity = cap;
  }

  create(): number {
    let a: number;
    if (this.free.length) a = this.free.pop()!;
    else {
      if (this.used === this.capacity) this.allocate(this.capacity * 2);
      a = this.used++;
    }
    this.alive[a] = 1;
    this.prog[a] = 0;
    this.lim[a] = 1;
    this.rate[a] = 0;
    this.speculative[a] = 0;
    this.doomed[a] = 0;
    this.record[a] = -1;
    this.hostSlot[a] = -1;
    this.paused[a] = 0;
    const w = a * W_SIZE;
    for (let k = 0; k < W_SIZE; k++) this.work[w + k] = 0;
    this.liveCount++;
    return a;
  }

  release(a: number): void {
    this.alive[a] = 0;
    this.free.push(a);
    this.liveCount--;
  }
}
