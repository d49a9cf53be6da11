import type { AttemptChunk, AttemptPatches, AttemptSink } from '../engine/measure/attemptRecords';
import { compressPiece, expandPiece, kindOf, type Column, type PiecedColumn } from '../formats/columns';

/** The stored names of a run's attempt columns (the readers find them through runColumns.ts). Stored names never change. */
export const ATTEMPT = {
  task: 'attempt.task',
  node: 'attempt.node',
  start: 'attempt.start',
  end: 'attempt.end',
  /** Five per attempt: the end of each phase (NaN where it never ended). */
  phaseEnd: 'attempt.phaseEnd',
  locality: 'attempt.locality',
  outcome: 'attempt.outcome',
  speculative: 'attempt.speculative',
  reason: 'attempt.reason',
} as const;

type Field = keyof typeof ATTEMPT;
const FIELDS = Object.keys(ATTEMPT) as Field[];
/** The fields a patch rewrites: the rest of a row is fixed once the attempt launches. */
const PATCHED: Field[] = ['end', 'outcome', 'phaseEnd'];
const WIDTH: Partial<Record<Field, number>> = { phaseEnd: 5 };

/**
 * The attempt records of a saved run, compressed a chunk at a time while the run goes (the engine
 * hands over a chunk once it is a chunk behind the newest row): the run holds its attempts as
 * gzip pieces, never as one growing raw table, and the pieces are the stored blob's members as
 * they are (formats/columns.ts packPieces).
 */
export class AttemptSpill implements AttemptSink {
  private readonly pieces = new Map<Field, Uint8Array[]>(FIELDS.map((f) => [f, []]));
  private readonly kinds = new Map<Field, PiecedColumn['kind']>();
  /** First row and row count of each piece. */
  private readonly firsts: number[] = [];
  private readonly counts: number[] = [];
  private rows = 0;
  private finished = false;

  /** 65,536 rows a chunk: about 4.6 MB raw, so a chunk's gzip works on a worthwhile piece. */
  constructor(readonly chunkRows = 1 << 16) {
    if (!Number.isInteger(chunkRows) || chunkRows < 1) throw new RangeError(`chunkRows must be a positive integer, got ${chunkRows}`);
  }

  seal(chunk: AttemptChunk): void {
    for (const f of FIELDS) {
      const column: Column = chunk[f];
      this.kinds.set(f, kindOf(column));
      this.pieces.get(f)!.push(compressPiece(column));
    }
    this.firsts.push(chunk.first);
    this.counts.push(chunk.rows);
    this.rows += chunk.rows;
  }

  finish(tail: AttemptChunk, patches: AttemptPatches): void {
    if (tail.rows > 0 || this.firsts.length === 0) this.seal(tail);
    this.applyPatches(patches);
    this.finished = true;
  }

  /** The attempt columns for the blob, in the order runColumns names them. */
  columns(): PiecedColumn[] {
    if (!this.finished) throw new Error('the run has not finished: its attempt records are incomplete');
    return FIELDS.map((f) => ({ name: ATTEMPT[f], kind: this.kinds.get(f)!, length: this.rows * (WIDTH[f] ?? 1), pieces: this.pieces.get(f)! }));
  }

  /** Write the patched rows' final values into their pieces: only pieces that have such a row are rebuilt. */
  private applyPatches(patches: AttemptPatches): void {
    const byPiece = new Map<number, number[]>();
    for (let p = 0; p < patches.rows.length; p++) {
      const piece = this.pieceOf(patches.rows[p]);
      const list = byPiece.get(piece);
      if (list) list.push(p);
      else byPiece.set(piece, [p]);
    }
    for (const [piece, list] of byPiece) {
      const first = this.firsts[piece];
      for (const f of PATCHED) {
        const stored = this.pieces.get(f)!;
        const column = expandPiece(stored[piece], this.kinds.get(f)!);
        for (const p of list) {
          const i = patches.rows[p] - first;
          if (f === 'end') column[i] = patches.end[p];
          else if (f === 'outcome') column[i] = patches.outcome[p];
          else column.set(patches.phaseEnd.subarray(p * 5, p * 5 + 5), i * 5);
        }
        stored[piece] = compressPiece(column);
      }
    }
  }

  private pieceOf(row: number): number {
    let lo = 0;
    let hi = this.firsts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.firsts[mid] <= row) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
