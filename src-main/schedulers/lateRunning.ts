import type { ViewWith } from '../engine/scheduling/schedulerApi';
import { grown } from '../engine/core/grow';

type View = ViewWith<'attempts'>;

/** Row kinds: a map, a reduce, or a speculative copy (never a candidate, not in a kind's percentile). */
export const ROW_MAP = 0;
export const ROW_REDUCE = 1;
export const ROW_COPY = 2;

/**
 * One job's rows in typed arrays, one per live attempt, in launch order: the rows are at indices
 * [from, to) of the arrays. An ended row is taken out by moving the shorter side of the block over
 * it (the rows before it one place on, or those after it one place back), so the order stays and a
 * job of thousands of running attempts, whose first-launched end first, moves a few rows per end.
 */
export class Rows {
  /** How many rows (to − from). */
  length = 0;
  from = 0;
  to = 0;
  attempt = new Int32Array(8);
  task = new Int32Array(8);
  node = new Int32Array(8);
  start = new Float64Array(8);
  kind = new Uint8Array(8);
  /** Not speculative and its task has no twin running: what may be copied. */
  copyable = new Uint8Array(8);
  /**
   * The attempt's progress score when LATE last read it (0 before): a running attempt's progress
   * never falls, so over the time it has run now it is a floor under its rate (lateCopyCheck.ts).
   */
  lastProgress = new Float64Array(8);
  /**
   * Of a block's rows: the copies, and of the copyable ones the oldest start, the node of the first
   * row with it, and the oldest start on any other node (valid unless `stale`). The walk that
   * finds them row by row (`step`) gives the same for rows appended one at a time.
   */
  copies = 0;
  /** Rows that are not copies, by kind (ROW_MAP, ROW_REDUCE): a kind's walk passes over a block without any. */
  readonly ofKind = [0, 0];
  /**
   * Whether the rows' starts never decrease (rows join in launch order, so they do unless a read
   * of every attempt gave them otherwise): then the rows old enough to be judged are a prefix.
   */
  ordered = true;
  /** Row i's place among the snapshot's rows is offset + i (set by RunningAttempts.summarise). */
  offset = 0;
  oldestStart = Infinity;
  oldestNode = -1;
  otherStart = Infinity;
  stale = false;

  /**
   * Room for one row more at `to`: the rows moved to the front when at least half as many places
   * are free there as rows are kept (so each move is paid for by as many appends), else the arrays grown.
   */
  private ensureOneMore(): void {
    if (this.to < this.attempt.length) return;
    if (this.from > 0 && 2 * this.from >= this.length) {
      this.moveRows(0, this.from, this.to);
      this.to = this.length;
      this.from = 0;
      return;
    }
    const n = 2 * this.attempt.length;
    this.attempt = grown(this.attempt, n);
    this.task = grown(this.task, n);
    this.node = grown(this.node, n);
    this.start = grown(this.start, n);
    this.kind = grown(this.kind, n);
    this.copyable = grown(this.copyable, n);
    this.lastProgress = grown(this.lastProgress, n);
  }

  /** copyWithin on every row array: rows [start, end) moved to begin at `target`. */
  private moveRows(target: number, start: number, end: number): void {
    this.attempt.copyWithin(target, start, end);
    this.task.copyWithin(target, start, end);
    this.node.copyWithin(target, start, end);
    this.start.copyWithin(target, start, end);
    this.kind.copyWithin(target, start, end);
    this.copyable.copyWithin(target, start, end);
    this.lastProgress.copyWithin(target, start, end);
  }

  constructor(readonly job: number) {}

  /** Append attempt a as the view shows it now. */
  add(view: View, a: number): void {
    this.ensureOneMore();
    const i = this.to++;
    this.length++;
    const task = view.attemptTask(a);
    const isCopy = view.attemptSpeculative(a);
    this.attempt[i] = a;
    this.task[i] = task;
    this.node[i] = view.attemptNode(a);
    this.start[i] = view.attemptStart(a);
    this.kind[i] = isCopy ? ROW_COPY : view.attemptIsReduce(a) ? ROW_REDUCE : ROW_MAP;
    this.copyable[i] = !isCopy && view.taskRunningCount(task) === 1 ? 1 : 0;
    this.lastProgress[i] = 0;
    if (i > this.from && this.start[i] < this.start[i - 1]) this.ordered = false;
    if (!isCopy) this.ofKind[this.kind[i]]++;
    if (isCopy) this.copies++;
    else if (this.copyable[i] === 1 && !this.stale) this.step(this.start[i], this.node[i]);
  }

  /** One copyable row more, after the others: the summary as the row-by-row walk updates it. */
  private step(start: number, node: number): void {
    if (start < this.oldestStart) {
      if (node !== this.oldestNode) this.otherStart = this.oldestStart;
      this.oldestStart = start;
      this.oldestNode = node;
    } else if (node !== this.oldestNode && start < this.otherStart) this.otherStart = start;
  }

  /** The summary walked afresh over the rows, when a change could have moved it otherwise. */
  summary(): this {
    if (!this.stale) return this;
    this.oldestStart = Infinity;
    this.oldestNode = -1;
    this.otherStart = Infinity;
    for (let i = this.from; i < this.to; i++) if (this.copyable[i] === 1) this.step(this.start[i], this.node[i]);
    this.stale = false;
    return this;
  }

  /**
   * Where attempt a's row is (−1: none). Given the start it was added with, rows whose starts never
   * decrease are searched by halves for the first with that start, and walked from there: a job of
   * thousands of rows reads a dozen, not the hundreds before it.
   */
  private rowOf(a: number, start: number): number {
    let lo = this.from;
    if (this.ordered && !Number.isNaN(start)) {
      let hi = this.to;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.start[mid] < start) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < this.to && this.start[i] === start; i++) if (this.attempt[i] === a) return i;
      lo = this.from;
    }
    for (let i = lo; i < this.to; i++) if (this.attempt[i] === a) return i;
    return -1;
  }

  /** Take out attempt a's row (`start`: the start it was added with, if known), keeping the others in order; its task, or −1 if it had no row. */
  remove(a: number, start = NaN): number {
    const i = this.rowOf(a, start);
    if (i < 0) return -1;
    const task = this.task[i];
    if (this.kind[i] !== ROW_COPY) this.ofKind[this.kind[i]]--;
    if (this.kind[i] === ROW_COPY) this.copies--;
    // The summary holds unless this row was the oldest or, off the oldest's node, could be the
    // oldest elsewhere (the minima are then walked again).
    else if (this.copyable[i] === 1 && (this.start[i] === this.oldestStart || (this.node[i] !== this.oldestNode && this.start[i] <= this.otherStart)))
      this.stale = true;
    this.length--;
    if (i - this.from < this.to - 1 - i) {
      this.moveRows(this.from + 1, this.from, i);
      this.from++;
    } else {
      this.moveRows(i, i + 1, this.to);
      this.to--;
    }
    return task;
  }

  /** Whether each row of `task` may be copied, from how many attempts the task runs now. */
  recheck(view: View, task: number): void {
    const running = view.taskRunningCount(task);
    for (let i = this.from; i < this.to; i++) if (this.task[i] === task) this.copyable[i] = this.kind[i] !== ROW_COPY && running === 1 ? 1 : 0;
    this.stale = true;
  }
}

/**
 * LATE's view of the running attempts (late.ts): who runs, where, since when, and what may be
 * copied, as of the engine's last state change. Each job's rows are kept in launch order and
 * changed only by what the engine's log says started or ended since the last snapshot
 * (`attemptsChangedSince`), so a snapshot reads the view only for attempts that are new. The
 * snapshot is the jobs' rows walked in activeJobs' order (`blocks`), the order a full read gives,
 * so sums over them come out bit for bit as they did when every snapshot read every attempt.
 */
export class RunningAttempts {
  /** Speculative copies running. */
  speculative = 0;
  /** Of the attempts that could be copied: the oldest one's start and node, and the oldest start on any other node. */
  oldestStart = Infinity;
  oldestNode = -1;
  otherStart = Infinity;
  /** How many attempts run (the snapshot's rows), and of them the maps and reduces that are not copies. */
  count = 0;
  readonly ofKind = [0, 0];
  private version = -1;
  /** Each job's rows (undefined: none), and the job each attempt id's row is in (as of the snapshot). */
  private byJob: (Rows | undefined)[] = [];
  private jobOfAttempt = new Int32Array(256);
  /** Each attempt id's start as its row holds it (as of the snapshot): where its row is found when it ends. */
  private startOfAttempt = new Float64Array(256);
  /** Scratch of one update: attempts whose start is still to be read, and (job, task, ended) to re-check. */
  private startPending = new Uint8Array(256);
  private readonly started: number[] = [];
  private readonly touched: number[] = [];

  /** The snapshot: each job's rows, jobs in activeJobs' order. */
  blocks(): readonly Rows[] {
    return this.order;
  }
  /** Each job's rows in the snapshot's order, as of the last update (summarise lists them). */
  private readonly order: Rows[] = [];

  /** The start of the oldest copyable attempt on a node other than n. */
  oldestCopyableAwayFrom(n: number): number {
    return this.oldestNode === n ? this.otherStart : this.oldestStart;
  }

  update(view: View): void {
    const version = view.stateVersion();
    if (this.version === version) return;
    const log = this.version >= 0 ? view.attemptsChangedSince(this.version) : undefined;
    if (log) this.apply(view, log);
    else this.readAll(view);
    this.version = version;
    this.summarise(view);
  }

  /** Every job's rows read afresh from the view (the first snapshot, or the log no longer reaches back). */
  private readAll(view: View): void {
    this.byJob = [];
    for (const j of view.jobsWithAttempts()) {
      const block = new Rows(j);
      for (const a of view.jobAttempts(j)) {
        block.add(view, a);
        this.noteJob(a, j, block);
      }
      this.byJob[j] = block;
    }
  }

  /**
   * Apply the log: an attempt that ended leaves its job's rows; one that started joins them, read
   * from the view after the whole log (an id that started and ended within it is skipped, and an id
   * given to a later attempt is read as that one). The tasks of both have their copies re-checked.
   */
  private apply(view: View, log: ArrayLike<number>): void {
    const started = this.started;
    const touched = this.touched;
    started.length = 0;
    touched.length = 0;
    for (let i = 0; i < log.length; i++) {
      const code = log[i];
      if (code >= 0) {
        if (code >= this.startPending.length) this.startPending = grown(this.startPending, Math.max(code + 1, 2 * this.startPending.length));
        if (!this.startPending[code]) started.push(code);
        this.startPending[code] = 1;
        continue;
      }
      const a = -code - 1;
      if (a < this.startPending.length && this.startPending[a]) {
        // Started and ended since the last snapshot: it never had a row.
        this.startPending[a] = 0;
        continue;
      }
      const j = a < this.jobOfAttempt.length ? this.jobOfAttempt[a] : -1;
      const block = j >= 0 ? this.byJob[j] : undefined;
      const task = block ? block.remove(a, this.startOfAttempt[a]) : -1;
      if (task < 0) continue;
      if (block!.length === 0) this.byJob[j] = undefined;
      else touched.push(j, task, 1);
    }
    for (const a of started) {
      if (!this.startPending[a]) continue;
      this.startPending[a] = 0;
      const task = view.attemptTask(a);
      const j = view.jobOfTask(task);
      const block = (this.byJob[j] ??= new Rows(j));
      block.add(view, a);
      this.noteJob(a, j, block);
      touched.push(j, task, 0);
    }
    // A twin that started or ended changes whether its task's other attempt may be copied: a task
    // running twice now, or once after one of its attempts ended. (A start that runs its task once
    // is its task's only row, and was read as it is now.)
    for (let i = 0; i < touched.length; i += 3) {
      const block = this.byJob[touched[i]];
      const running = view.taskRunningCount(touched[i + 1]);
      if (block && (running >= 2 || (running === 1 && touched[i + 2] === 1))) block.recheck(view, touched[i + 1]);
    }
  }

  /** Attempt a's row was just added to job j's block. */
  private noteJob(a: number, j: number, block: Rows): void {
    if (a >= this.jobOfAttempt.length) {
      const size = Math.max(a + 1, 2 * this.jobOfAttempt.length);
      this.jobOfAttempt = grown(this.jobOfAttempt, size);
      this.startOfAttempt = grown(this.startOfAttempt, size);
    }
    this.jobOfAttempt[a] = j;
    this.startOfAttempt[a] = block.start[block.to - 1];
  }

  /**
   * How many attempts run, how many are copies, and the oldest copyable ones, from each job's
   * summary in the snapshot's order. A walk over the snapshot's rows keeps the oldest start, the
   * node of its first row, and the oldest start on every other node; the jobs' summaries combine to
   * exactly that (a job's rows after the rest: the oldest moves to it only on a strictly older
   * start, and "elsewhere" is then the old oldest unless that was on the same node).
   */
  private summarise(view: View): void {
    let count = 0;
    let maps = 0;
    let reduces = 0;
    let speculative = 0;
    let oldestStart = Infinity;
    let oldestNode = -1;
    let otherStart = Infinity;
    const order = this.order;
    order.length = 0;
    for (const j of view.jobsWithAttempts()) {
      const block = this.byJob[j];
      if (!block) continue;
      order.push(block);
      const b = block.summary();
      b.offset = count - b.from;
      count += b.length;
      maps += b.ofKind[ROW_MAP];
      reduces += b.ofKind[ROW_REDUCE];
      speculative += b.copies;
      if (b.oldestStart < oldestStart) {
        otherStart = Math.min(oldestNode !== b.oldestNode ? oldestStart : otherStart, b.otherStart);
        oldestStart = b.oldestStart;
        oldestNode = b.oldestNode;
      } else otherStart = Math.min(otherStart, b.oldestNode !== oldestNode ? b.oldestStart : b.otherStart);
    }
    this.count = count;
    this.ofKind[ROW_MAP] = maps;
    this.ofKind[ROW_REDUCE] = reduces;
    this.speculative = speculative;
    this.oldestStart = oldestStart;
    this.oldestNode = oldestNode;
    this.otherStart = otherStart;
  }
}
