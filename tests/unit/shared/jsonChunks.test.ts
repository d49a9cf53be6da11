import { describe, expect, it } from 'vitest';
import { prettyJsonChunks } from '@shared/files/jsonChunks';

const joined = (v: unknown, chunk?: number) => [...prettyJsonChunks(v, chunk)].join('');

describe('pretty JSON in chunks', () => {
  it('is byte for byte JSON.stringify(value, null, 2) on every shape a result file has', () => {
    const cases: unknown[] = [
      null,
      3.5,
      'a "quoted" text\nwith a line',
      [],
      {},
      [1, 'two', null, true, [], {}, [[]], { a: [] }],
      { a: 1, b: undefined, c: [undefined, () => 1, NaN, Infinity, -0], d: { e: { f: [1, { g: 'h' }] } }, '': 'empty key', 'k"ey': 1 },
      {
        runs: Array.from({ length: 50 }, (_, i) => ({ seed: i, jobs: Array.from({ length: 20 }, (_, k) => ({ id: `j${k}`, start: k * 1.5, finish: null })) })),
      },
      { date: new Date(0), nested: [{ when: new Date(1000) }] },
    ];
    for (const c of cases) expect(joined(c, 7)).toBe(JSON.stringify(c, null, 2));
  });

  it('yields chunks near the size asked for, never the whole document at once', () => {
    const big = { jobs: Array.from({ length: 10_000 }, (_, i) => ({ id: `job-${i}`, template: 'Sort', submit: i, finish: i * 2 })) };
    const chunks = [...prettyJsonChunks(big, 4096)];
    expect(chunks.length).toBeGreaterThan(100);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(4096 + 200);
    expect(chunks.join('')).toBe(JSON.stringify(big, null, 2));
  });
});
