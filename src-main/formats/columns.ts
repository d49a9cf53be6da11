import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * Named numeric columns packed into one compressed blob: a JSON header (names, types, lengths)
 * then the raw little-endian arrays, gzip'd. Time series and per-attempt rows are stored this way,
 * so a run with 100,000 attempts is one row, not 100,000.
 *
 * A gzip stream may be several gzip members one after another, read back as one: so a blob can
 * also be built from pieces compressed as a run goes (packPieces), and both read the same way.
 */
export type Column = Float64Array | Int32Array | Uint8Array;
export type ColumnKind = 'f64' | 'i32' | 'u8';
type Kind = ColumnKind;

export const kindOf = (c: Column): Kind => (c instanceof Float64Array ? 'f64' : c instanceof Int32Array ? 'i32' : 'u8');
const bytesOf = (c: Column) => new Uint8Array(c.buffer, c.byteOffset, c.byteLength);

/** One piece of a column, compressed on its own (a gzip member of the blob packPieces builds). */
export const compressPiece = (c: Column): Uint8Array => gzipSync(bytesOf(c), { level: 6 });

/** A compressed piece back as a fresh array of its kind. */
export function expandPiece(piece: Uint8Array, kind: Kind): Column {
  const bytes = new Uint8Array(gunzipSync(piece));
  return kind === 'f64' ? new Float64Array(bytes.buffer) : kind === 'i32' ? new Int32Array(bytes.buffer) : new Uint8Array(bytes.buffer);
}

/** A column as compressed pieces, in row order. */
export interface PiecedColumn {
  name: string;
  kind: Kind;
  length: number;
  pieces: Uint8Array[];
}

interface HeaderEntry {
  name: string;
  kind: Kind;
  length: number;
  /** Compressed bytes of each of the column's pieces (blobs packed before pieces existed lack it). */
  pieces?: number[];
}

/**
 * The first member's gzip header carries an extra field (RFC 1952 FEXTRA, id "WS") holding that
 * member's own length, and the header inside it each piece's compressed length: a reader can then
 * inflate the columns it wants and skip the rest. Plain gunzip ignores the field.
 */
const EXTRA_ID = [0x57, 0x53];
const FEXTRA = 0x04;

function withLengthField(member: Uint8Array): Uint8Array {
  const out = new Uint8Array(member.length + 10);
  out.set(member.subarray(0, 10));
  out[3] |= FEXTRA;
  const view = new DataView(out.buffer);
  view.setUint16(10, 8, true);
  out[12] = EXTRA_ID[0];
  out[13] = EXTRA_ID[1];
  view.setUint16(14, 4, true);
  view.setUint32(16, out.length, true);
  out.set(member.subarray(10), 20);
  return out;
}

/** The first member's length from its extra field, or undefined (a blob packed in one piece). */
function headerMemberLength(blob: Uint8Array): number | undefined {
  if (blob.length < 20 || blob[0] !== 0x1f || blob[1] !== 0x8b || !(blob[3] & FEXTRA)) return undefined;
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const end = 12 + view.getUint16(10, true);
  for (let at = 12; at + 4 <= end; at += 4 + view.getUint16(at + 2, true)) {
    if (blob[at] === EXTRA_ID[0] && blob[at + 1] === EXTRA_ID[1] && view.getUint16(at + 2, true) === 4) return view.getUint32(at + 4, true);
  }
  return undefined;
}

/** The blob of packColumns from columns already compressed in pieces: no column is ever whole and raw. */
export function packPieces(columns: PiecedColumn[]): Uint8Array {
  const header: HeaderEntry[] = columns.map(({ name, kind, length, pieces }) => ({ name, kind, length, pieces: pieces.map((p) => p.length) }));
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const head = new Uint8Array(4 + headerBytes.length);
  new DataView(head.buffer).setUint32(0, headerBytes.length, true);
  head.set(headerBytes, 4);
  const members = [withLengthField(gzipSync(head, { level: 6 })), ...columns.flatMap((c) => c.pieces)];
  const out = new Uint8Array(members.reduce((s, m) => s + m.length, 0));
  let offset = 0;
  for (const m of members) {
    out.set(m, offset);
    offset += m.length;
  }
  return out;
}

export function packColumns(columns: Record<string, Column>): Uint8Array {
  return packPieces(Object.entries(columns).map(([name, c]) => ({ name, kind: kindOf(c), length: c.length, pieces: [compressPiece(c)] })));
}

const SIZE: Record<Kind, number> = { f64: 8, i32: 4, u8: 1 };

/** A fresh, aligned array of `kind` over a copy of these bytes (a Buffer's slice may be unaligned). */
function columnOf(bytes: Uint8Array, kind: Kind): Column {
  const copy = new Uint8Array(bytes);
  return kind === 'f64' ? new Float64Array(copy.buffer) : kind === 'i32' ? new Int32Array(copy.buffer) : new Uint8Array(copy.buffer);
}

function parseHeader(raw: Uint8Array): { header: HeaderEntry[]; bodyAt: number } {
  const headerLength = new DataView(raw.buffer, raw.byteOffset, raw.byteLength).getUint32(0, true);
  return { header: JSON.parse(new TextDecoder().decode(raw.subarray(4, 4 + headerLength))) as HeaderEntry[], bodyAt: 4 + headerLength };
}

/** The names and lengths of a blob's columns; inflates only the header when the blob has its index. */
export function columnLengths(blob: Uint8Array): Record<string, number> {
  const first = headerMemberLength(blob);
  const { header } = parseHeader(gunzipSync(first === undefined ? blob : blob.subarray(0, first)));
  return Object.fromEntries(header.map((h) => [h.name, h.length]));
}

/** A blob's columns, or only those `wanted` says (see readColumns). */
export function unpackColumns(blob: Uint8Array, wanted: (name: string) => boolean = () => true): Record<string, Column> {
  return readColumns(blob, wanted).columns;
}

/**
 * The columns `wanted` says, and the length of every column: a blob with an index inflates just
 * those (the time series of a run with a million attempts reads in microseconds), an older one
 * inflates whole.
 */
export function readColumns(
  blob: Uint8Array,
  wanted: (name: string) => boolean = () => true,
): { columns: Record<string, Column>; lengths: Record<string, number> } {
  const columns: Record<string, Column> = {};
  const first = headerMemberLength(blob);
  if (first !== undefined) {
    const { header } = parseHeader(gunzipSync(blob.subarray(0, first)));
    if (header.every((h) => h.pieces)) {
      let offset = first;
      for (const h of header) {
        const bytes = h.pieces!.reduce((s, n) => s + n, 0);
        if (wanted(h.name)) columns[h.name] = bytes ? columnOf(gunzipSync(blob.subarray(offset, offset + bytes)), h.kind) : columnOf(new Uint8Array(0), h.kind);
        offset += bytes;
      }
      return { columns, lengths: Object.fromEntries(header.map((h) => [h.name, h.length])) };
    }
  }
  const raw = gunzipSync(blob);
  const { header, bodyAt } = parseHeader(raw);
  let offset = bodyAt;
  for (const h of header) {
    const size = h.length * SIZE[h.kind];
    if (wanted(h.name)) columns[h.name] = columnOf(raw.subarray(offset, offset + size), h.kind);
    offset += size;
  }
  return { columns, lengths: Object.fromEntries(header.map((h) => [h.name, h.length])) };
}
