import { grown } from '../core/grow';

/**
 * Each job's live attempts in launch order, as lists threaded through the attempt ids (an attempt
 * is in one job's list at a time). Adding and removing cost two array writes, with no hashing and
 * no object per job: a launch and an attempt's end each do both, millions of times in a run.
 * Iteration is in launch order, as a Set's is in insertion order; remove nothing from a list while
 * walking it (take `toArray` first).
 */
export class JobAttemptLists {
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  private readonly count: Int32Array;
  private next = new Int32Array(256);
  private prev = new Int32Array(256);

  constructor(jobs: number) {
    this.head = new Int32Array(jobs).fill(-1);
    this.tail = new Int32Array(jobs).fill(-1);
    this.count = new Int32Array(jobs);
  }

  /** Append attempt a to job j's list. */
  add(j: number, a: number): void {
    if (a >= this.next.length) {
      const size = Math.max(a + 1, 2 * this.next.length);
      this.next = grown(this.next, size);
      this.prev = grown(this.prev, size);
    }
    const last = this.tail[j];
    this.prev[a] = last;
    this.next[a] = -1;
    if (last >= 0) this.next[last] = a;
    else this.head[j] = a;
    this.tail[j] = a;
    this.count[j]++;
  }

  /** Take attempt a out of job j's list (it must be in it). */
  delete(j: number, a: number): void {
    const before = this.prev[a];
    const after = this.next[a];
    if (before >= 0) this.next[before] = after;
    else this.head[j] = after;
    if (after >= 0) this.prev[after] = before;
    else this.tail[j] = before;
    this.count[j]--;
  }

  size(j: number): number {
    return this.count[j];
  }

  /** The first attempt of job j's list, −1 when empty; walk on with `after`. */
  first(j: number): number {
    return this.head[j];
  }

  /** The attempt after a in its job's list, −1 at the end. */
  after(a: number): number {
    return this.next[a];
  }

  /** Job j's attempts, in launch order. */
  *of(j: number): IterableIterator<number> {
    for (let a = this.head[j]; a >= 0; a = this.next[a]) yield a;
  }

  toArray(j: number): number[] {
    const out: number[] = [];
    for (let a = this.head[j]; a >= 0; a = this.next[a]) out.push(a);
    return out;
  }
}
