import { Random } from './random';

/**
 * The regular heartbeats: in every round of length H each node beats once, the beats evenly
 * staggered (beat b of the run falls at floor(b/N)·H + (b mod N)·H/N).
 *
 * Which node takes which turn is drawn afresh each round (`shuffled`, the default), from the seed
 * and the round's number alone: rounds skipped while nothing could be placed (kernel.ts) leave
 * every other round's order as it would have been. Real
 * NodeManagers' heartbeats drift against each other (RPC latency, processing time, GC pauses), so
 * no node is always first to report. A fixed order is an artefact, not a model: a scheduler that
 * places one container per heartbeat and alternates between two jobs would put each job on every
 * other node for the whole run. `fixed` keeps node order 0, 1, …, N−1 in every round.
 */
export class HeartbeatRounds {
  /** The next beat is turn `pos` of round `round` (beat number round·N + pos). */
  private round = 0;
  private pos = 0;
  /** The round whose node order `order` holds. */
  private shuffledRound = -1;
  private readonly order: Int32Array;
  private readonly shuffled: boolean;
  /** Time of the next regular beat. */
  nextTime = 0;

  constructor(
    private readonly nodes: number,
    private readonly interval: number,
    order: 'shuffled' | 'fixed',
    private readonly seed: number,
  ) {
    this.order = Int32Array.from({ length: nodes }, (_, i) => i);
    this.shuffled = order === 'shuffled';
  }

  /** The node whose beat is due at `nextTime`; moves the cursor to the following beat. */
  take(): number {
    const node = this.peek();
    this.pass();
    return node;
  }

  /** Moves the cursor past the beat due at `nextTime` without asking whose it is (a skipped beat). */
  pass(): void {
    if (++this.pos === this.nodes) {
      this.pos = 0;
      this.round++;
    }
    this.nextTime = this.timeOf();
  }

  /** The node whose beat is due at `nextTime`, without moving the cursor. */
  peek(): number {
    if (this.round !== this.shuffledRound) {
      this.shuffledRound = this.round;
      if (this.shuffled) {
        for (let i = 0; i < this.order.length; i++) this.order[i] = i;
        shuffle(this.order, new Random(this.seed, 'heartbeats', this.round + 1));
      }
    }
    return this.order[this.pos];
  }

  /** Skips the beats before `t` (nothing to place while the cluster idles). */
  skipTo(t: number): void {
    const N = this.nodes;
    const H = this.interval;
    const round = Math.floor(t / H);
    const b = round * N + Math.ceil(((t - round * H) * N) / H);
    if (b > this.round * N + this.pos) {
      this.round = Math.floor(b / N);
      this.pos = b % N;
    }
    this.nextTime = this.timeOf();
  }

  /** Beat b falls at floor(b/N)·H + (b mod N)·H/N: the same sums as ever, so the same times. */
  private timeOf(): number {
    return this.round * this.interval + (this.pos * this.interval) / this.nodes;
  }
}

/** Fisher–Yates, in place. */
function shuffle(a: Int32Array, random: Random): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
