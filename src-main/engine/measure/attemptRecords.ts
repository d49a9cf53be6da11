import { grown } from '../core/grow';

/** The rows of attempt records handed to a sink in one piece: the columns of AttemptRecords, cut to `rows`. */
export interface AttemptChunk {
  /** Run-wide index of the chunk's first row. */
  first: number;
  rows: number;
  task: Int32Array;
  node: Int32Array;
  start: Float64Array;
  end: Float64Array;
  phaseEnd: Float64Array;
  locality: Uint8Array;
  outcome: Uint8Array;
  speculative: Uint8Array;
  reason: Int32Array;
}

/**
 * Later values of rows that were still open (running) when their chunk was sealed: their end,
 * outcome and phase ends, which the sink writes over what it was handed.
 */
export interface AttemptPatches {
  rows: Int32Array;
  end: Float64Array;
  outcome: Uint8Array;
  phaseEnd: Float64Array;
}

/**
 * Where a streamed run's records go (runner/attemptSpill.ts compresses them as they come). The
 * chunk's arrays are only valid during the call: a sink copies what it keeps.
 */
export interface AttemptSink {
  /** Rows per sealed chunk. */
  readonly chunkRows: number;
  seal(chunk: AttemptChunk): void;
  /** The run ended: the rows never sealed, and the patches for rows sealed while open. */
  finish(tail: AttemptChunk, patches: AttemptPatches): void;
}

const OPEN = 3;

/**
 * Growable columns for per-attempt records: one row per attempt, no object per attempt.
 *
 * Without a sink every row stays in these arrays (tests and in-process callers read them). With a
 * sink the arrays are a window over the newest rows: once it holds two chunks, the older chunk is
 * handed to the sink and dropped, so a run's memory does not grow with the attempts it records.
 * Sealing lags a chunk behind the newest row so most of a sealed chunk's attempts have ended; the
 * few still running are patched (a map bounded by the attempts running at once).
 */
export class AttemptRecords {
  /** Rows recorded in the whole run. */
  length = 0;
  /** Run-wide index of the window's first row (0 without a sink). */
  base = 0;
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
  /** Patch slot of each sealed row that was open when sealed. */
  private readonly patchOf = new Map<number, number>();
  private patchRows = new Int32Array(0);
  private patchEnd = new Float64Array(0);
  private patchOutcome = new Uint8Array(0);
  private patchPhaseEnd = new Float64Array(0);
  private patchCount = 0;

  private readonly chunkRows: number;

  constructor(private readonly sink?: AttemptSink) {
    this.chunkRows = sink?.chunkRows ?? 0;
  }

  add(task: number, node: number, start: number, locality: number, speculative: boolean, reason: number): number {
    if (this.sink && this.length - this.base === 2 * this.chunkRows) this.sealOldest();
    if (this.length - this.base === this.task.length) this.grow();
    const r = this.length++;
    const i = r - this.base;
    this.task[i] = task;
    this.node[i] = node;
    this.start[i] = start;
    this.end[i] = NaN;
    this.phaseEnd.fill(NaN, i * 5, i * 5 + 5);
    this.locality[i] = locality;
    this.outcome[i] = OPEN;
    this.speculative[i] = speculative ? 1 : 0;
    this.reason[i] = reason;
    return r;
  }

  /** Row r's attempt ended at `time` with `outcome`. */
  close(r: number, time: number, outcome: number): void {
    const i = r - this.base;
    if (i >= 0) {
      this.end[i] = time;
      this.outcome[i] = outcome;
      return;
    }
    // An ended attempt changes no more: its patch needs no lookup from now on.
    const p = this.patchOf.get(r)!;
    this.patchOf.delete(r);
    this.patchEnd[p] = time;
    this.patchOutcome[p] = outcome;
  }

  /** Row r's attempt ended its phase `phase` at `time`. */
  phaseEnded(r: number, phase: number, time: number): void {
    const i = r - this.base;
    if (i >= 0) this.phaseEnd[i * 5 + phase] = time;
    else this.patchPhaseEnd[this.patchOf.get(r)! * 5 + phase] = time;
  }

  /** The run ended: rows still open keep no end, and a sink gets the rest. */
  finish(): void {
    const n = this.length - this.base;
    for (let i = 0; i < n; i++) if (this.outcome[i] === OPEN) this.end[i] = NaN;
    for (let p = 0; p < this.patchCount; p++) if (this.patchOutcome[p] === OPEN) this.patchEnd[p] = NaN;
    if (!this.sink) return;
    const k = this.patchCount;
    this.sink.finish(this.chunk(0, n), {
      rows: this.patchRows.subarray(0, k),
      end: this.patchEnd.subarray(0, k),
      outcome: this.patchOutcome.subarray(0, k),
      phaseEnd: this.patchPhaseEnd.subarray(0, k * 5),
    });
  }

  private chunk(from: number, rows: number): AttemptChunk {
    const to = from + rows;
    return {
      first: this.base + from,
      rows,
      task: this.task.subarray(from, to),
      node: this.node.subarray(from, to),
      start: this.start.subarray(from, to),
      end: this.end.subarray(from, to),
      phaseEnd: this.phaseEnd.subarray(from * 5, to * 5),
      locality: this.locality.subarray(from, to),
      outcome: this.outcome.subarray(from, to),
      speculative: this.speculative.subarray(from, to),
      reason: this.reason.subarray(from, to),
    };
  }

  /** Hand the window's older chunk to the sink, keep patches for its open rows, slide the window. */
  private sealOldest(): void {
    const c = this.chunkRows;
    for (let i = 0; i < c; i++) if (this.outcome[i] === OPEN) this.addPatch(this.base + i, i);
    this.sink!.seal(this.chunk(0, c));
    const kept = this.length - this.base - c;
    for (const col of [this.task, this.node, this.start, this.end, this.locality, this.outcome, this.speculative, this.reason]) col.copyWithin(0, c, c + kept);
    this.phaseEnd.copyWithin(0, c * 5, (c + kept) * 5);
    this.base += c;
  }

  private addPatch(r: number, i: number): void {
    if (this.patchCount === this.patchRows.length) {
      const n = Math.max(1024, this.patchCount * 2);
      this.patchRows = grown(this.patchRows, n);
      this.patchEnd = grown(this.patchEnd, n);
      this.patchOutcome = grown(this.patchOutcome, n);
      this.patchPhaseEnd = grown(this.patchPhaseEnd, n * 5);
    }
    const p = this.patchCount++;
    this.patchOf.set(r, p);
    this.patchRows[p] = r;
    this.patchEnd[p] = this.end[i];
    this.patchOutcome[p] = this.outcome[i];
    this.patchPhaseEnd.set(this.phaseEnd.subarray(i * 5, i * 5 + 5), p * 5);
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
