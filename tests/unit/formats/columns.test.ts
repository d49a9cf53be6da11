import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { columnLengths, compressPiece, packColumns, packPieces, unpackColumns, type Column } from '../../../src-main/formats/columns';

const sample = (): Record<string, Column> => ({
  'series.t': Float64Array.from({ length: 50 }, (_, i) => i * 1.5),
  'attempt.task': Int32Array.from({ length: 3000 }, (_, i) => i * 7),
  'attempt.end': Float64Array.from({ length: 3000 }, (_, i) => (i % 11 ? i / 3 : NaN)),
  'attempt.outcome': Uint8Array.from({ length: 3000 }, (_, i) => i % 4),
});

/** What every blob was before pieces: one gzip of [header length][header][columns]. */
function packedTheOldWay(columns: Record<string, Column>): Uint8Array {
  const header = new TextEncoder().encode(
    JSON.stringify(
      Object.entries(columns).map(([name, c]) => ({
        name,
        kind: c instanceof Float64Array ? 'f64' : c instanceof Int32Array ? 'i32' : 'u8',
        length: c.length,
      })),
    ),
  );
  const parts = [new Uint8Array(4), header, ...Object.values(columns).map((c) => new Uint8Array(c.buffer, c.byteOffset, c.byteLength))];
  new DataView(parts[0].buffer).setUint32(0, header.length, true);
  return gzipSync(Buffer.concat(parts));
}

const same = (a: Record<string, Column>, b: Record<string, Column>) => {
  expect(Object.keys(a)).toEqual(Object.keys(b));
  for (const k of Object.keys(a)) {
    expect(a[k].constructor).toBe(b[k].constructor);
    expect(Array.from(a[k]), k).toEqual(Array.from(b[k]));
  }
};

describe('stored columns', () => {
  it('round-trip every kind, NaN included', () => same(unpackColumns(packColumns(sample())), sample()));

  it('a blob built from pieces reads like one packed whole', () => {
    const cols = sample();
    const task = cols['attempt.task'] as Int32Array;
    const pieced = packPieces([
      { name: 'series.t', kind: 'f64', length: 50, pieces: [compressPiece(cols['series.t'])] },
      {
        name: 'attempt.task',
        kind: 'i32',
        length: 3000,
        pieces: [compressPiece(task.subarray(0, 1000)), compressPiece(task.subarray(1000, 2999)), compressPiece(task.subarray(2999))],
      },
    ]);
    same(unpackColumns(pieced), { 'series.t': cols['series.t'], 'attempt.task': task });
  });

  it('reads only the columns asked for, without inflating the others', () => {
    const blob = packColumns(sample());
    // Corrupt the last column's compressed bytes: a reader that skips it never notices.
    const broken = Uint8Array.from(blob);
    broken.fill(0, broken.length - 40, broken.length - 8);
    expect(() => unpackColumns(broken)).toThrow();
    const series = unpackColumns(broken, (n) => n.startsWith('series.'));
    same(series, { 'series.t': sample()['series.t'] });
    expect(columnLengths(broken)).toEqual({ 'series.t': 50, 'attempt.task': 3000, 'attempt.end': 3000, 'attempt.outcome': 3000 });
  });

  it('still reads blobs saved before pieces, whole or in part', () => {
    const old = packedTheOldWay(sample());
    same(unpackColumns(old), sample());
    same(
      unpackColumns(old, (n) => n === 'attempt.end'),
      { 'attempt.end': sample()['attempt.end'] },
    );
    expect(columnLengths(old)['attempt.task']).toBe(3000);
  });

  it('new blobs inflate with plain gunzip to the old layout, so older versions of the studio read them', () => {
    const cols = sample();
    // The header grew a field older readers ignore; everything after it is byte for byte the same.
    const raw = gunzipSync(packColumns(cols));
    const oldRaw = gunzipSync(packedTheOldWay(cols));
    const body = (r: Uint8Array) => r.subarray(4 + new DataView(r.buffer, r.byteOffset).getUint32(0, true));
    expect(Buffer.compare(body(raw), body(oldRaw))).toBe(0);
    const header = (r: Uint8Array) =>
      JSON.parse(new TextDecoder().decode(r.subarray(4, body(r).byteOffset - r.byteOffset))) as { name: string; kind: string; length: number }[];
    expect(header(raw).map(({ name, kind, length }) => ({ name, kind, length }))).toEqual(header(oldRaw));
  });
});
