/**
 * The jobs that have a pending reduce allowed to start (slow-start met), in the order they became
 * active (ClusterView.reduceReadyJobs). A scheduler with a free reduce slot walks these instead of
 * every queued job: in a queue of thousands, most jobs are still waiting for their maps, and asking
 * each of them on every heartbeat made a heartbeat's work grow with the queue.
 *
 * The engine calls `refresh(j)` wherever a fact the rule reads changes (a job starts or ends, a
 * reduce launches or is re-queued, a map ends or its output is lost); the rule is evaluated there,
 * so the list can never disagree with it.
 */
export class ReduceReadyJobs {
  /** Ready jobs, ascending by `seq`. */
  readonly list: number[] = [];
  private readonly member: Uint8Array;

  constructor(
    jobCount: number,
    /** Each job's place in the order jobs became active. */
    private readonly seq: Float64Array,
    private readonly ready: (j: number) => boolean,
  ) {
    this.member = new Uint8Array(jobCount);
  }

  refresh(j: number): void {
    const should = this.ready(j) ? 1 : 0;
    if (should === this.member[j]) return;
    this.member[j] = should;
    const at = this.indexFor(j);
    if (should) this.list.splice(at, 0, j);
    else this.list.splice(at, 1);
  }

  /** Where j is, or would go, in the list (binary search on the activation order). */
  private indexFor(j: number): number {
    const list = this.list;
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
