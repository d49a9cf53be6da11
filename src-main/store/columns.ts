import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * Named numeric columns packed into one compressed blob: a JSON header (names, types, lengths)
 * then the raw little-endian arrays, gzip'd. Time series and per-attempt rows are stored this way,
 * so a run with 100,000 attempts is one row, not 100,000.
 */
export type Column = Float64Array | Int32Array | Uint8Array;
type Kind = 'f64' | 'i32' | 'u8';

const kindOf = (c: Column): Kind => (c instanceof Float64Array ? 'f64' : c instanceof Int32Array ? 'i32' : 'u8');

export function packColumns(columns: Record<string, Column>): Uint8Array {
  const header = Object.entries(columns).map(([name, c]) => ({ name, kind: kindOf(c), length: c.length }));
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const bodyLength = Object.values(columns).reduce((s, c) => s + c.byteLength, 0);
  const out = new Uint8Array(4 + headerBytes.length + bodyLength);
  new DataView(out.buffer).setUint32(0, headerBytes.length, true);
  out.set(headerBytes, 4);
  let offset = 4 + headerBytes.length;
  for (const c of Object.values(columns)) {
    out.set(new Uint8Array(c.buffer, c.byteOffset, c.byteLength), offset);
    offset += c.byteLength;
  }
  return gzipSync(out, { level: 6 });
}

export function unpackColumns(blob: Uint8Array): Record<string, Column> {
  const raw = gunzipSync(blob);
  const headerLength = new DataView(raw.buffer, raw.byteOffset, raw.byteLength).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(raw.subarray(4, 4 + headerLength))) as { name: string; kind: Kind; length: number }[];
  let offset = 4 + headerLength;
  const out: Record<string, Column> = {};
  for (const h of header) {
    const size = h.kind === 'f64' ? 8 : h.kind === 'i32' ? 4 : 1;
    // Copy into a fresh, aligned buffer (Buffer.slice would share the unaligned one).
    const bytes = new Uint8Array(raw.subarray(offset, offset + h.length * size));
    out[h.name] = h.kind === 'f64' ? new Float64Array(bytes.buffer) : h.kind === 'i32' ? new Int32Array(bytes.buffer) : new Uint8Array(bytes.buffer);
    offset += h.length * size;
  }
  return out;
}
