import { describe, expect, it } from 'vitest';
import { CopyCheck, percentileRank, runTime } from '../../../src-main/schedulers/lateCopyCheck';
import { ROW_COPY, ROW_MAP, ROW_REDUCE, Rows } from '../../../src-main/schedulers/lateRunning';

/**
 * LATE's copy check (schedulers/lateCopyCheck.ts) walks as few rows as it can; the rule as the
 * paper writes it (sec. 4) looks at every row: a copy may go when an attempt of the kind that has
 * run long enough, runs once, and runs elsewhere than on the asking node has a progress rate at or
 * below the SlowTaskThreshold percentile of its kind's rates. On thousands of random snapshots the
 * two answer alike, ties and rows out of launch order included.
 */

/** A small seeded generator (mulberry32): the cases are the same on every run. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Snapshot {
  blocks: Rows[];
  rates: number[];
}

/** Random jobs' rows: maps, reduces and copies on five nodes, some twins, starts in launch order or not, rates with ties. */
function snapshot(next: () => number): Snapshot {
  const blocks: Rows[] = [];
  const rates: number[] = [];
  let attempt = 0;
  const jobs = 1 + Math.floor(next() * 8);
  for (let j = 0; j < jobs; j++) {
    const count = Math.floor(next() * 25);
    const inOrder = next() < 0.7;
    const starts = Array.from({ length: count }, () => Math.floor(next() * 100));
    if (inOrder) starts.sort((a, b) => a - b);
    const kinds = starts.map(() => (next() < 0.15 ? ROW_COPY : next() < 0.5 ? ROW_MAP : ROW_REDUCE));
    const twins = starts.map(() => next() < 0.2);
    const nodes = starts.map(() => Math.floor(next() * 5));
    const first = attempt;
    const view = {
      attemptTask: (a: number) => a,
      attemptSpeculative: (a: number) => kinds[a - first] === ROW_COPY,
      attemptIsReduce: (a: number) => kinds[a - first] === ROW_REDUCE,
      attemptNode: (a: number) => nodes[a - first],
      attemptStart: (a: number) => starts[a - first],
      taskRunningCount: (task: number) => (twins[task - first] ? 2 : 1),
    } as unknown as Parameters<Rows['add']>[0];
    const rows = new Rows(j);
    for (let i = 0; i < count; i++) rows.add(view, attempt++);
    // Some rows end, near the front or the back (the block then begins after index 0).
    for (let i = 0; i < count; i++) if (next() < 0.2) rows.remove(first + i);
    rows.offset = rates.length - rows.from;
    // Half the jobs' rates take few distinct values, so that they tie with the slowest candidate and with the percentile.
    const ties = next() < 0.5;
    for (let i = rows.from; i < rows.to; i++) rates.push(ties ? Math.floor(next() * 8) / 4 : next() * 2);
    blocks.push(rows);
  }
  return { blocks, rates };
}

/** The rule over every row. */
function asWritten(s: Snapshot, kind: number, n: number, now: number, minRun: number, p: number): boolean {
  const all = s.blocks.flatMap((b) => Array.from({ length: b.length }, (_, k) => ({ b, i: b.from + k, rate: s.rates[b.offset + b.from + k] })));
  const rows = all.filter(({ b, i }) => b.kind[i] === kind);
  const candidates = rows.filter(({ b, i }) => now - b.start[i] >= minRun && b.copyable[i] === 1 && b.node[i] !== n);
  if (candidates.length === 0) return false;
  const threshold = rows.map((r) => r.rate).sort((a, b) => a - b)[percentileRank(rows.length, p)];
  return candidates.some((c) => c.rate <= threshold);
}

describe("LATE's copy check", () => {
  it('answers as the rule over every row does, reading each row at most once, and not the rows its floors rule out', () => {
    const next = generator(56);
    let yes = 0;
    let no = 0;
    let rowsRead = 0;
    let rowsOld = 0;
    for (let c = 0; c < 4000; c++) {
      const s = snapshot(next);
      const minRun = [0, 20, 50, 101][Math.floor(next() * 4)];
      const p = [0, 10, 25, 50, 90, 100][Math.floor(next() * 6)];
      const check = new CopyCheck(minRun, p);
      for (const kind of [ROW_MAP, ROW_REDUCE]) {
        const n = Math.floor(next() * 5);
        const inKind = s.blocks.reduce((sum, b) => sum + b.ofKind[kind], 0);
        const reads = new Map<number, number>();
        // Each row's progress when last read is at or under its progress now (its rate times its time
        // run): none yet (0), anywhere under it, or all of it (a row read this pass).
        for (const b of s.blocks)
          for (let i = b.from; i < b.to; i++) {
            const u = next();
            const now = s.rates[b.offset + i] * runTime(100, b.start[i]);
            b.lastProgress[i] = u < 0.2 ? 0 : u < 0.5 ? now : now * next();
          }
        const answer = check.mayCopy(s.blocks, inKind, kind, n, 100, (x) => {
          reads.set(x, (reads.get(x) ?? 0) + 1);
          return s.rates[x];
        });
        rowsRead += reads.size;
        for (const b of s.blocks) for (let i = b.from; i < b.to; i++) if (b.kind[i] === kind && 100 - b.start[i] >= minRun) rowsOld++;
        const expected = asWritten(s, kind, n, 100, minRun, p);
        expect(answer, `case ${c}, kind ${kind}, node ${n}, least run ${minRun} s, percentile ${p}`).toBe(expected);
        expect([...reads.values()].every((r) => r === 1)).toBe(true);
        if (expected) yes++;
        else no++;
      }
    }
    // Both answers came up often: neither side of the rule went untested.
    expect(yes).toBeGreaterThan(500);
    expect(no).toBeGreaterThan(500);
    // The floors spared reads: far fewer rows were read than were old enough to judge.
    expect(rowsRead).toBeLessThan(0.7 * rowsOld);
  });
});
