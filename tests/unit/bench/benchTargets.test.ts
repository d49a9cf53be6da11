import { describe, expect, it } from 'vitest';
import { TARGETS, targetLines, targetRows } from '../../../scripts/benchTargets';

const DAYS = ['hours reordered', 'twice the load', 'larger jobs', 'small jobs'];

/** A report as bench.ts writes it after every case ran, with each figure at its target. */
function reportAtTargets() {
  return {
    a: { wallSeconds: TARGETS.a.wallSeconds, peakRssMb: 146 },
    b: { wallSeconds: TARGETS.b.wallSeconds },
    e: { sumSeconds: TARGETS.eSum.seconds },
    k: { days: DAYS, worstToFifo: { fair: { ratio: 1.07, day: 'larger jobs' }, late: { ratio: TARGETS.kToFifo, day: 'twice the load' } } },
    'l-fifo': { wallSeconds: TARGETS.l.wallSeconds, peakRssMb: TARGETS.l.peakRssMb },
    serve: { worstMs: TARGETS.serveWorstMs },
  } as { a: Figures; b: Figures; e: { sumSeconds: number }; k: unknown; 'l-fifo': Figures; serve: { worstMs: number } };
}
type Figures = { wallSeconds: number; peakRssMb?: number };
type Report = ReturnType<typeof reportAtTargets>;
type Worst = { worstToFifo: { late: { ratio: number } } };

const verdicts = (report: Report) => targetRows(report, DAYS).map((r) => r.met);

describe("the bench's verdict on issue 56's targets", () => {
  it('holds every target a figure reaches exactly, and names the highest ratio of (k)', () => {
    const rows = targetRows(reportAtTargets(), DAYS);
    expect(rows.map((r) => r.met)).toEqual([true, true, true, true, true, true]);
    expect(rows[3].measured).toBe('highest late 1.3x (twice the load)');
    expect(rows[4].measured).toBe('30.00 s, 2048 MB');
  });

  it('fails each target a figure passes, alone', () => {
    const over: [string, (r: Report) => void][] = [
      ['a', (r) => (r.a.wallSeconds = 1.51)],
      ['b', (r) => (r.b.wallSeconds = 2.6)],
      ['e', (r) => (r.e.sumSeconds = 12.01)],
      ['k', (r) => ((r.k as Worst).worstToFifo.late.ratio = 1.31)],
      ['l time', (r) => (r['l-fifo'].wallSeconds = 30.5)],
      ['l memory', (r) => (r['l-fifo'].peakRssMb = 2049)],
      ['serve', (r) => (r.serve.worstMs = 201)],
    ];
    const rowOf: Record<string, number> = { a: 0, b: 1, e: 2, k: 3, 'l time': 4, 'l memory': 4, serve: 5 };
    for (const [name, change] of over) {
      const report = reportAtTargets();
      change(report);
      const met = verdicts(report);
      expect(
        met.filter((m) => m === false),
        name,
      ).toHaveLength(1);
      expect(met[rowOf[name]], name).toBe(false);
    }
  });

  it('lists every scheduler over the (k) ratio with its day', () => {
    const report = reportAtTargets();
    report.k = {
      days: DAYS,
      worstToFifo: { prism: { ratio: 1.42, day: 'small jobs' }, late: { ratio: 1.55, day: 'larger jobs' }, drf: { ratio: 0.6, day: 'small jobs' } },
    };
    const k = targetRows(report, DAYS)[3];
    expect(k.met).toBe(false);
    expect(k.measured).toBe('over: prism 1.42x (small jobs), late 1.55x (larger jobs)');
  });

  it('says "not run" for a target whose cases did not run, never that it is met, and names a crashed case', () => {
    const rows = targetRows({ a: { wallSeconds: 1.2 }, 'l-fifo': { failed: 'JavaScript heap out of memory' }, serve: { failed: 'crashed' } }, DAYS);
    expect(rows.map((r) => [r.met, r.measured])).toEqual([
      [true, '1.20 s'],
      [undefined, 'not run'],
      [undefined, 'not run'],
      [undefined, 'not run'],
      [false, 'failed: JavaScript heap out of memory'],
      [false, 'failed: crashed'],
    ]);
    const lines = targetLines(rows);
    expect(lines[1]).toMatch(/not run {2}→ not measured$/);
    expect(lines[4]).toMatch(/→ NOT met$/);
    expect(lines[0]).toMatch(/→ met$/);
  });

  it('does not call (k) met from some of its days, yet fails it on any day over the ratio', () => {
    const partial = (late: number) => ({ k: { days: ['small jobs'], worstToFifo: { late: { ratio: late, day: 'small jobs' } } } });
    const under = targetRows(partial(1.1), DAYS)[3];
    expect([under.met, under.measured]).toEqual([undefined, 'highest late 1.1x (small jobs) (on 1 of 4 days)']);
    const over = targetRows(partial(1.5), DAYS)[3];
    expect([over.met, over.measured]).toEqual([false, 'over: late 1.5x (small jobs) (on 1 of 4 days)']);
  });
});
