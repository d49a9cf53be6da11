import { describe, expect, it } from 'vitest';
import { RECORD_AGAIN, readStoredCheck } from '../../../scripts/reproductions/storedRuns';
import { prismBatchSizes, type BatchSizeRow } from '../../scenarios/prismBatchSizes';

const FAIR = 'Hadoop Fair Scheduler 0.20.2 (8/6 slots)';
const YARN = 'YARN Capacity (128 vcores)';

/**
 * PRISM sec. 6.3, Fig. 15 as a curve on the calibrated testbed: batches of 50-200 PUMA and 25-100
 * Gridmix 2 jobs, each seed drawing its batch afresh, three seeds each (docs/reproductions.md).
 */
describe("PRISM's batches at every size the paper ran", () => {
  it('give the stored curve: PRISM ahead of Fair and YARN on the large batches, by more as the batch grows', async () => {
    const rows = await prismBatchSizes();
    expect(rows, RECORD_AGAIN).toEqual(readStoredCheck<BatchSizeRow[]>('prism-batch-sizes'));
    for (const preset of ['prism-puma', 'prism-gridmix'] as const) {
      const sizes = rows.filter((r) => r.preset === preset);
      const overFair = sizes.map((r) => r.againstPrism[FAIR].ratio);
      // Fair ÷ PRISM grows with the batch, and on the largest batch both are behind PRISM, separated.
      expect(
        overFair.every((x, i) => i === 0 || x > overFair[i - 1]),
        preset,
      ).toBe(true);
      const largest = sizes[sizes.length - 1];
      for (const other of [FAIR, YARN]) {
        expect(largest.againstPrism[other].ratio, `${preset} ${other}`).toBeGreaterThan(1);
        expect(largest.againstPrism[other].p!, `${preset} ${other}`).toBeLessThan(0.05);
      }
      // The paper: YARN ahead of Fair on the large batches.
      expect(largest.meanJct[YARN], preset).toBeLessThan(largest.meanJct[FAIR]);
    }
  }, 600_000);
});
