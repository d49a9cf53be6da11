import { describe, expect, it } from 'vitest';
import { RECORD_AGAIN, readStoredCheck } from '../../../scripts/reproductions/storedRuns';
import { liuNodeRange, type LiuRangeRow } from '../../scenarios/liuNodeRange';

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Liu sec. 4.4 over 6-12 datanodes on redrawn job sizes (docs/reproductions.md "Over cluster sizes"). */
describe('Finer-Grained CPU over cluster sizes, on redrawn workloads', () => {
  it('gives the stored range: Pi faster on average at every size, separated at every size in the I/O-heavy pattern', async () => {
    const rows = await liuNodeRange();
    expect(rows, RECORD_AGAIN).toEqual(readStoredCheck<LiuRangeRow[]>('liu-node-range'));
    for (const r of rows) expect(mean(r.piChangePct), `${r.pattern} on ${r.nodes}`).toBeLessThan(0);
    for (const r of rows.filter((x) => x.pattern === 'liu-io-heavy')) expect(r.p!, `I/O-heavy on ${r.nodes}`).toBeLessThan(0.05);
  }, 600_000);
});
