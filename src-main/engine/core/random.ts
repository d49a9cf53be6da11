import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/**
 * Independent seeded streams, one per purpose, so that changing how one part of the model draws
 * (say, task variation) never shifts another (say, arrivals) — and so every scheduler compared on a
 * seed sees the same arrivals, sizes, placements and failures.
 */
export type StreamName = 'arrivals' | 'sizes' | 'variation' | 'skew' | 'placement' | 'failures' | 'attempts' | 'scheduler' | 'heartbeats' | 'deadlines';

const STREAM_SALT: Record<StreamName, number> = {
  arrivals: 0x1a2b3c,
  sizes: 0x2b3c4d,
  variation: 0x3c4d5e,
  skew: 0x4d5e6f,
  placement: 0x5e6f70,
  failures: 0x6f7081,
  attempts: 0x708192,
  scheduler: 0x8192a3,
  heartbeats: 0x92a3b4,
  deadlines: 0xa3b4c5,
};

export class Random {
  private readonly rng: RandomGenerator;
  /**
   * `substream` numbers independent streams of one purpose (the heartbeat order draws one per
   * round, so a round's order never depends on which rounds before it were simulated); 0 is the
   * purpose's own stream.
   */
  constructor(seed: number, stream: StreamName, substream = 0) {
    // Mix the seed and the stream salt so nearby seeds give unrelated streams.
    const base = Math.imul(seed ^ STREAM_SALT[stream], 0x9e3779b1) ^ (seed >>> 16);
    if (substream === 0) {
      this.rng = xoroshiro128plus(base);
      return;
    }
    // Substreams 1, 2, 3, … are consecutive numbers: hashed, and the generator's first outputs
    // (which follow its seed closely) dropped, or neighbouring substreams' first draws correlate
    // (a round's last heartbeat never fell to the node last in the round before).
    this.rng = xoroshiro128plus(fmix32(base ^ fmix32(substream)));
    for (let i = 0; i < 4; i++) this.rng.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    return uniformFloat64(this.rng);
  }

  /** Uniform integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** Standard normal by Box–Muller (one value per call; simplicity over speed). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with mean 1 and the given coefficient of variation: per-task variation factors. */
  unitLogNormal(cv: number): number {
    if (cv <= 0) return 1;
    const sigma2 = Math.log(1 + cv * cv);
    return Math.exp(Math.sqrt(sigma2) * this.normal() - sigma2 / 2);
  }
}

/** MurmurHash3's 32-bit finaliser: every input bit moves every output bit. */
function fmix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
