import { describe, expect, it } from 'vitest';
import { failureOutlook, failureSummary } from '@shared/experiment/failureOutlook';

describe('what random node failures will cost, said before the run', () => {
  it('gives the share of node time lost when lost nodes are replaced', () => {
    // Up 900 s on average, then down 600 + 120 s: 720 / 1,620 = 44 %.
    expect(failureOutlook({ mtbfS: 900, nodeTimeoutS: 600, replenishAfterS: 120 })).toBe(
      'Each node runs about 15 min between random failures on average, then is down for 12 min (10 min until the master notices, 2 min until its replacement joins): about 44 % of node time is lost.',
    );
  });

  it('says how fast the cluster shrinks when nothing replaces a lost node', () => {
    // Half gone after 3,600 · ln 2 = 2,495 s (42 min), nine in ten after 3,600 · ln 10 = 8,289 s (2.3 h).
    expect(failureOutlook({ mtbfS: 3600, nodeTimeoutS: 600 })).toBe(
      'Each node runs about 60 min between random failures on average, and a lost node is not replaced: half the nodes are gone after about 42 min, nine in ten after 2.3 h.',
    );
    expect(failureOutlook({ mtbfS: 30 * 86_400, nodeTimeoutS: 600 })).toContain('about 30 days');
  });

  it('says nothing without random failures', () => {
    expect(failureOutlook({ nodeTimeoutS: 600 })).toBeNull();
    expect(failureOutlook({ mtbfS: Number.NaN, nodeTimeoutS: 600 })).toBeNull();
  });

  it("says a batch's failures in a few words for its history line", () => {
    expect(failureSummary({ failures: [{ node: 'r1-h2', atS: 20 }] })).toBe('node failures: r1-h2 at 20 s');
    expect(
      failureSummary({
        failures: [
          { node: 'a', atS: 20 },
          { node: 'b', atS: 30 },
        ],
        mtbfS: 900,
      }),
    ).toBe('node failures: 2 at set times; random, MTBF 15 min');
    expect(failureSummary({ failures: [] })).toBeNull();
    expect(failureSummary(null)).toBeNull();
  });
});
