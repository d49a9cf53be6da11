/**
 * The active jobs a rule picks, in the order they became active: the jobs with a pending map
 * (ClusterView.mapPendingJobs) and those with a pending reduce allowed to start
 * (ClusterView.reduceReadyJobs). A scheduler with a free slot walks these instead of every queued
 * job: in a queue of thousands, most jobs have all their maps placed or are still waiting for
 * them, and asking each of them on every heartbeat made a heartbeat's work grow with the queue.
 *
 * The engine calls `refresh(j)` wherever a fact the rule reads changes (a job starts or ends, a
 * task launches or is re-queued, a map ends or its output is lost); the rule is evaluated there,
 * so the list can never disagree with it (engine/resources/invariants.ts checks it against the rule).
 */
export class OrderedJobSubset {
  /** The jobs the rule picks, ascending by `seq`. */
  readonly list: number[] = [];
  /** The same, per partition (a job's MR-cluster), for the jobs that have one. */
  readonly byPartition: number[][];
  private readonly member: Uint8Array;

  constructor(
    jobCount: number,
    /** Each job's place in the order jobs became active. */
    private readonly seq: Float64Array,
    private readonly rule: (j: number) => boolean,
    /** Each job's partition, or −1 for none. */
    private readonly partitionOf?: Int32Array,
    partitions = 0,
  ) {
    this.member = new Uint8Array(jobCount);
    this.byPartition = Array.from({ length: partitions }, () => []);
  }

  refresh(j: number): void {
    const should = this.rule(j) ? 1 : 0;
    if (should === this.member[j]) return;
    this.member[j] = should;
    this.place(this.list, j, should);
    const p = this.partitionOf ? this.partitionOf[j] : -1;
    if (p >= 0) this.place(this.byPartition[p], j, should);
  }

  private place(list: number[], j: number, add: number): void {
    const at = this.indexFor(list, j);
    if (add) list.splice(at, 0, j);
    else list.splice(at, 1);
  }

  /** Where j is, or would go, in a list (binary search on the activation order). */
  private indexFor(list: number[], j: number): number {
    const key = this.seq[j];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.seq[list[mid]] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
