import { grown } from './grow';

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
    this.task = grown(this.task, n);
    this.node = grown(this.node, n);
    this.start = grown(this.start, n);
    this.end = grown(this.end, n);
    this.phaseEnd = grown(this.phaseEnd, n * 5);
    this.locality = grown(this.locality, n);
    this.outcome = grown(this.outcome, n);
    this.speculative = grown(this.speculative, n);
    this.reason = grown(this.reason, n);
  }
}

export const OUTCOME_NAMES = ['succeeded', 'failed', 'killed', 'running'] as const;
