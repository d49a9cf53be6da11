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
  private beat = 0;
  private round = -1;
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
    const node = this.nodeOf(this.beat);
    this.beat++;
    this.nextTime = this.timeOf(this.beat);
    return node;
  }

  /** The node whose beat is due at `nextTime`, without moving the cursor. */
  peek(): number {
    return this.nodeOf(this.beat);
  }

  /** Skips the beats before `t` (nothing to place while the cluster idles). */
  skipTo(t: number): void {
    const N = this.nodes;
    const H = this.interval;
    const round = Math.floor(t / H);
    const b = round * N + Math.ceil(((t - round * H) * N) / H);
    if (b > this.beat) this.beat = b;
    this.nextTime = this.timeOf(this.beat);
  }

  private timeOf(b: number): number {
    return Math.floor(b / this.nodes) * this.interval + ((b % this.nodes) * this.interval) / this.nodes;
  }

  private nodeOf(b: number): number {
    const round = Math.floor(b / this.nodes);
    if (round !== this.round) {
      this.round = round;
      if (this.shuffled) {
        for (let i = 0; i < this.order.length; i++) this.order[i] = i;
        shuffle(this.order, new Random(this.seed, 'heartbeats', round + 1));
      }
    }
    return this.order[b % this.nodes];
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
