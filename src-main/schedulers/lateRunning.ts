import type { ViewWith } from '../engine/scheduling/schedulerApi';
import { grown } from '../engine/core/grow';

type View = ViewWith<'attempts'>;

/** Row kinds: a map, a reduce, or a speculative copy (never a candidate, not in a kind's percentile). */
export const ROW_MAP = 0;
export const ROW_REDUCE = 1;
export const ROW_COPY = 2;

/** One snapshot's rows, in typed arrays (a row per live attempt). */
class Rows {
  attempt = new Int32Array(256);
  job = new Int32Array(256);
  task = new Int32Array(256);
  node = new Int32Array(256);
  start = new Float64Array(256);
  kind = new Uint8Array(256);
  /** Not speculative and its task has no twin running: what may be copied. */
  copyable = new Uint8Array(256);

  ensure(size: number): void {
    if (size <= this.attempt.length) return;
    const n = Math.max(size, 2 * this.attempt.length);
    this.attempt = grown(this.attempt, n);
    this.job = grown(this.job, n);
    this.task = grown(this.task, n);
    this.node = grown(this.node, n);
    this.start = grown(this.start, n);
    this.kind = grown(this.kind, n);
    this.copyable = grown(this.copyable, n);
  }
}

/**
 * LATE's view of the running attempts (late.ts): who runs, where, since when, and what may be
 * copied, as of the engine's last state change. Attempts start and end only with a change, so the
 * rows hold until `stateVersion` moves; then only the jobs whose own version moved are read again
 * from the view, and every other job's rows are copied from the previous snapshot. Only jobs with a
 * live attempt are walked, so a long queue costs nothing here. The rows keep the order a full pass
 * gives (jobs in activeJobs' order, each job's attempts in launch order), so sums over them come out
 * bit for bit as they did when every snapshot read every attempt of every active job.
 */
export class RunningAttempts {
  count = 0;
  /** Speculative copies running. */
  speculative = 0;
  /** Of the attempts that could be copied: the oldest one's start and node, and the oldest start on any other node. */
  oldestStart = Infinity;
  oldestNode = -1;
  otherStart = Infinity;
  rows = new Rows();
  private previous = new Rows();
  private version = -1;
  /** Snapshots built so far: a job's block is reusable only if the last one holds it. */
  private built = 0;
  /** Per job: where its rows are, the job's version they show, and the snapshot that holds them. */
  private blockStart = new Int32Array(0);
  private blockLength = new Int32Array(0);
  private blockVersion = new Int32Array(0);
  private blockSnapshot = new Int32Array(0);

  /** The start of the oldest copyable attempt on a node other than n. */
  oldestCopyableAwayFrom(n: number): number {
    return this.oldestNode === n ? this.otherStart : this.oldestStart;
  }

  update(view: View): void {
    if (this.version === view.stateVersion()) return;
    this.version = view.stateVersion();
    if (this.blockVersion.length < view.jobCount) {
      this.blockStart = new Int32Array(view.jobCount);
      this.blockLength = new Int32Array(view.jobCount);
      this.blockVersion = new Int32Array(view.jobCount);
      this.blockSnapshot = new Int32Array(view.jobCount).fill(-1);
    }
    const built = ++this.built;
    // Build into the other buffer: the previous rows are read while the new ones are written.
    const from = this.rows;
    const to = this.previous;
    this.rows = to;
    this.previous = from;
    let count = 0;
    for (const j of view.jobsWithAttempts()) {
      const version = view.jobVersion(j);
      const start = count;
      if (this.blockSnapshot[j] === built - 1 && this.blockVersion[j] === version) {
        const length = this.blockLength[j];
        to.ensure(count + length);
        const s = this.blockStart[j];
        for (let i = 0; i < length; i++) {
          to.attempt[count] = from.attempt[s + i];
          to.job[count] = from.job[s + i];
          to.task[count] = from.task[s + i];
          to.node[count] = from.node[s + i];
          to.start[count] = from.start[s + i];
          to.kind[count] = from.kind[s + i];
          to.copyable[count] = from.copyable[s + i];
          count++;
        }
      } else {
        for (const a of view.jobAttempts(j)) {
          to.ensure(count + 1);
          const task = view.attemptTask(a);
          const isCopy = view.attemptSpeculative(a);
          to.attempt[count] = a;
          to.job[count] = j;
          to.task[count] = task;
          to.node[count] = view.attemptNode(a);
          to.start[count] = view.attemptStart(a);
          to.kind[count] = isCopy ? ROW_COPY : view.attemptIsReduce(a) ? ROW_REDUCE : ROW_MAP;
          to.copyable[count] = !isCopy && view.taskRunningCount(task) === 1 ? 1 : 0;
          count++;
        }
      }
      this.blockStart[j] = start;
      this.blockLength[j] = count - start;
      this.blockVersion[j] = version;
      this.blockSnapshot[j] = built;
    }
    this.count = count;
    this.summarise();
  }

  /** Copies running and the oldest copyable attempts, from the rows. */
  private summarise(): void {
    const r = this.rows;
    let speculative = 0;
    let oldestStart = Infinity;
    let oldestNode = -1;
    let otherStart = Infinity;
    for (let i = 0; i < this.count; i++) {
      if (r.kind[i] === ROW_COPY) speculative++;
      else if (r.copyable[i] === 1) {
        const start = r.start[i];
        const node = r.node[i];
        if (start < oldestStart) {
          if (node !== oldestNode) otherStart = oldestStart;
          oldestStart = start;
          oldestNode = node;
        } else if (node !== oldestNode && start < otherStart) otherStart = start;
      }
    }
    this.speculative = speculative;
    this.oldestStart = oldestStart;
    this.oldestNode = oldestNode;
    this.otherStart = otherStart;
  }
}
