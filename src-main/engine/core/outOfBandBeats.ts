import { grown } from './grow';

/**
 * The out-of-band heartbeats due at the current instant, in the order their tasks ended (Hadoop's
 * heartbeat right after a task ends on a node). They were heap events at the time of pushing; every
 * one is due "now", so the heap's log-depth push and pop bought nothing but the order, which a
 * queue keeps: the kernel takes them after the heap's events of this instant that come first
 * (completions, faults, releases) and before the regular beat due at it, as the heap did.
 */
export class OutOfBandBeats {
  private nodes = new Int32Array(256);
  private head = 0;
  private tail = 0;

  get size(): number {
    return this.tail - this.head;
  }

  push(node: number): void {
    if (this.tail === this.nodes.length) {
      // Move what is left to the front before growing: the queue empties at every instant.
      if (this.head > 0) {
        this.nodes.copyWithin(0, this.head, this.tail);
        this.tail -= this.head;
        this.head = 0;
      }
      if (this.tail === this.nodes.length) this.nodes = grown(this.nodes, this.nodes.length * 2);
    }
    this.nodes[this.tail++] = node;
  }

  /** The node of the earliest beat queued (the queue must not be empty). */
  shift(): number {
    const node = this.nodes[this.head++];
    if (this.head === this.tail) this.head = this.tail = 0;
    return node;
  }
}
