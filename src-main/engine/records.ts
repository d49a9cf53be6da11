/** Growable columns for per-attempt records: one row per attempt, no object per attempt. */
export class AttemptRecords {
  length = 0;
  task = new Int32Array(1024);
  node = new Int32Array(1024);
  start = new Float64Array(1024);
  end = new Float64Array(1024);
  /** End time of each of the five phases (NaN where the attempt never finished it). */
  phaseEnd = new Float64Array(1024 * 5);
  locality = new Uint8Array(1024);
  /** 0 succeeded, 1 failed, 2 killed (lost node, speculation loser, job failed), 3 running at the end. */
  outcome = new Uint8Array(1024);
  speculative = new Uint8Array(1024);
  reason = new Int32Array(1024);

  add(task: number, node: number, start: number, locality: number, speculative: boolean, reason: number): number {
    if (this.length === this.task.length) this.grow();
    const i = this.length++;
    this.task[i] = task;
    this.node[i] = node;
    this.start[i] = start;
    this.end[i] = NaN;
    this.phaseEnd.fill(NaN, i * 5, i * 5 + 5);
    this.locality[i] = locality;
    this.outcome[i] = 3;
    this.speculative[i] = speculative ? 1 : 0;
    this.reason[i] = reason;
    return i;
  }

  private grow(): void {
    const n = this.task.length * 2;
    const g32 = (a: Int32Array, w = 1) => {
      const b = new Int32Array(n * w);
      b.set(a);
      return b;
    };
    const g64 = (a: Float64Array, w = 1) => {
      const b = new Float64Array(n * w);
      b.set(a);
      return b;
    };
    const g8 = (a: Uint8Array) => {
      const b = new Uint8Array(n);
      b.set(a);
      return b;
    };
    this.task = g32(this.task);
    this.node = g32(this.node);
    this.start = g64(this.start);
    this.end = g64(this.end);
    this.phaseEnd = g64(this.phaseEnd, 5);
    this.locality = g8(this.locality);
    this.outcome = g8(this.outcome);
    this.speculative = g8(this.speculative);
    this.reason = g32(this.reason);
  }
}

export const OUTCOME_NAMES = ['succeeded', 'failed', 'killed', 'running'] as const;
