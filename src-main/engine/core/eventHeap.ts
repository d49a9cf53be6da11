import { grown } from './grow';

/**
 * Binary min-heap of events in typed arrays, ordered by (time, priority, insertion sequence):
 * equal-time events always pop in the same order, which keeps runs deterministic. Each event
 * carries a kind, a subject (a host, a node, a job) and the subject's version at push time.
 *
 * An event can be moved (`update`) or taken out (`remove`) through the slot `push` returned,
 * while `holds` says it is still queued: a host re-rated after every change keeps one event, moved
 * each time, instead of leaving a superseded one behind per change (those made half the heap's
 * pops on a busy cluster). A moved event takes a fresh sequence number, as if pushed then, so the
 * order of what pops is what pushing a new event and dropping the old one gave.
 */
export class EventHeap {
  private time: Float64Array;
  private prio: Int32Array;
  private seq: Float64Array;
  private kind: Int32Array;
  private subject: Int32Array;
  private version: Int32Array;
  private heap: Int32Array; // slot indices ordered as a heap
  /** Each slot's index in `heap`, −1 when it holds no queued event. */
  private pos: Int32Array;
  /** Pushes into each slot so far: a slot and its generation name one event. */
  private gen: Int32Array;
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
    this.pos = new Int32Array(capacity).fill(-1);
    this.gen = new Int32Array(capacity);
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

  /** Queues an event; returns its slot (with `generation(slot)`, a handle for update and remove). */
  push(time: number, priority: number, kind: number, subject: number, version: number): number {
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
    this.gen[slot]++;
    this.siftUp(this.n++, slot);
    return slot;
  }

  generation(slot: number): number {
    return this.gen[slot];
  }

  /** Whether the event pushed into `slot` as generation `generation` is still queued. */
  holds(slot: number, generation: number): boolean {
    return slot >= 0 && this.pos[slot] >= 0 && this.gen[slot] === generation;
  }

  /** When the event in `slot` is due (meaningful while `holds` says it is queued). */
  timeOf(slot: number): number {
    return this.time[slot];
  }

  /** Moves a queued event to a new time (a fresh sequence number, as a new push would get). */
  update(slot: number, time: number, priority: number, version: number): void {
    this.time[slot] = time;
    this.prio[slot] = priority;
    this.seq[slot] = this.nextSeq++;
    this.version[slot] = version;
    const i = this.pos[slot];
    // A later sequence number and any new time: it may have to go either way.
    if (i > 0 && this.less(slot, this.heap[(i - 1) >> 1])) this.siftUp(i, slot);
    else this.siftDown(i, slot);
  }

  /** Takes a queued event out. */
  remove(slot: number): void {
    const i = this.pos[slot];
    this.pos[slot] = -1;
    this.freeSlots[this.freeCount++] = slot;
    const last = this.heap[--this.n];
    if (i === this.n) return;
    if (i > 0 && this.less(last, this.heap[(i - 1) >> 1])) this.siftUp(i, last);
    else this.siftDown(i, last);
  }

  private siftUp(i: number, slot: number): void {
    const heap = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(slot, heap[parent])) break;
      heap[i] = heap[parent];
      this.pos[heap[i]] = i;
      i = parent;
    }
    heap[i] = slot;
    this.pos[slot] = i;
  }

  private siftDown(i: number, slot: number): void {
    const heap = this.heap;
    const n = this.n;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const child = r < n && this.less(heap[r], heap[l]) ? r : l;
      if (!this.less(heap[child], slot)) break;
      heap[i] = heap[child];
      this.pos[heap[i]] = i;
      i = child;
    }
    heap[i] = slot;
    this.pos[slot] = i;
  }

  /** Remove the earliest event into the top* fields; false when empty. */
  pop(): boolean {
    if (this.n === 0) return false;
    const top = this.heap[0];
    this.topTime = this.time[top];
    this.topKind = this.kind[top];
    this.topSubject = this.subject[top];
    this.topVersion = this.version[top];
    this.pos[top] = -1;
    this.freeSlots[this.freeCount++] = top;
    const last = this.heap[--this.n];
    if (this.n > 0) this.siftDown(0, last);
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
    const from = this.pos.length;
    this.pos = grown(this.pos, cap);
    this.pos.fill(-1, from);
    this.gen = grown(this.gen, cap);
    this.freeSlots = grown(this.freeSlots, cap);
  }
}
