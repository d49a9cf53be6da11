import { describe, expect, it } from 'vitest';
import { RECORD_AGAIN, readStoredCheck } from '../../../scripts/reproductions/storedRuns';
import { ilaRedrawn, type IlaRedrawnShape } from '../../scenarios/ilaRedrawn';

/**
 * ILA against IAO on workloads redrawn from Table 4's mix (docs/reproductions.md). The whole check
 * takes about five minutes on two cores, so this test re-runs one replicate of the paper's shape and
 * holds it to the stored runs; `npm run reproductions:record -- ila-iao-redrawn` re-runs all of it.
 */
describe('ILA against IAO on redrawn workloads', () => {
  const stored = readStoredCheck<IlaRedrawnShape[]>('ila-iao-redrawn');

  it('gives the stored runs on a replicate of the paper-shaped case', async () => {
    const [fresh] = await ilaRedrawn({ shapes: ['facebook-25'], seeds: [21] });
    const kept = stored.find((s) => s.shape === 'facebook-25')!.runs.filter((r) => r.seed === 21);
    expect(fresh.runs, RECORD_AGAIN).toEqual(kept);
  }, 600_000);

  it('stores two case shapes of three replicates each, every one with its paired verdict', () => {
    expect(stored.map((s) => s.shape)).toEqual(['facebook-25', 'facebook-50-dense']);
    for (const s of stored) {
      expect(new Set(s.runs.map((r) => r.seed)).size, s.shape).toBeGreaterThanOrEqual(3);
      expect(s.perJob.seeds, s.shape).toBeGreaterThanOrEqual(3);
      expect(s.perJob.verdict?.kind, s.shape).toBeDefined();
      expect(s.throughput.verdict?.kind, s.shape).toBeDefined();
    }
  });
});
