import { grown } from './grow';

/**
 * Binary min-heap of events in typed arrays, ordered by (time, priority, insertion sequence):
 * equal-time events always pop in the same order, which keeps runs deterministic. Each event
 * carries a kind, a subject (a host, a node, a job) and the subject's version at push time, so a
 * superseded event (the host was re-rated since) is recognised and dropped when popped.
 */
export class EventHeap {
  private time: Float64Array;
  private prio: Int32Array;
  private seq: Float64Array;
  private kind: Int32Array;
  private subject: Int32Array;
  private version: Int32Array;
  private heap: Int32Array; // slot indices ordered as a heap
  private freeSlots: Int32Array;
  private freeCount = 0;
  private used = 0;
  private n = 0;
  private nextSeq = 0;

  // The most recently popped event, read through these fields (no allocation per pop).
  topTime = 0;
  topKind = 0;
  topSubject = 0;
  topVersion = 0;

  constructor(capacity = 1024) {
    this.time = new Float64Array(capacity);
    this.prio = new Int32Array(capacity);
    this.seq = new Float64Array(capacity);
    this.kind = new Int32Array(capacity);
    this.subject = new Int32Array(capacity);
    this.version = new Int32Array(capacity);
    this.heap = new Int32Array(capacity);
    this.freeSlots = new Int32Array(capacity);
  }

  get size(): number {
    return this.n;
  }

  peekTime(): number {
    return this.n === 0 ? Infinity : this.time[this.heap[0]];
  }

  peekPriority(): number {
    return this.n === 0 ? Infinity : this.prio[this.heap[0]];
  }

  push(time: number, priority: number, kind: number, subject: number, version: number): void {
    let slot: number;
    if (this.freeCount > 0) slot = this.freeSlots[--this.freeCount];
    else {
      if (this.used === this.time.length) this.grow();
      slot = this.used++;
    }
    this.time[slot] = time;
    this.prio[slot] = priority;
    this.seq[slot] = this.nextSeq++;
    this.kind[slot] = kind;
    this.subject[slot] = subject;
    this.version[slot] = version;
    let i = this.n++;
    const heap = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(slot, heap[parent])) break;
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = slot;
  }

  /** Remove the earliest event into the top* fields; false when empty. */
  pop(): boolean {
    if (this.n === 0) return false;
    const heap = this.heap;
    const top = heap[0];
    this.topTime = this.time[top];
    this.topKind = this.kind[top];
    this.topSubject = this.subject[top];
    this.topVersion = this.version[top];
    this.freeSlots[this.freeCount++] = top;
    const last = heap[--this.n];
    let i = 0;
    const n = this.n;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const child = r < n && this.less(heap[r], heap[l]) ? r : l;
      if (!this.less(heap[child], last)) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = last;
    return true;
  }

  private less(a: number, b: number): boolean {
    const ta = this.time[a];
    const tb = this.time[b];
    if (ta !== tb) return ta < tb;
    const pa = this.prio[a];
    const pb = this.prio[b];
    if (pa !== pb) return pa < pb;
    return this.seq[a] < this.seq[b];
  }

  private grow(): void {
    const cap = this.time.length * 2;
    this.time = grown(this.time, cap);
    this.seq = grown(this.seq, cap);
    this.prio = grown(this.prio, cap);
    this.kind = grown(this.kind, cap);
    this.subject = grown(this.subject, cap);
    this.version = grown(this.version, cap);
    this.heap = grown(this.heap, cap);
    this.freeSlots = grown(this.freeSlots, cap);
  }
}
