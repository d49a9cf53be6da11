import { describe, expect, it } from 'vitest';
import { plural } from '@shared/plural';
import { whyNotWords } from '@shared/results/whyNot';

describe('counts in words', () => {
  it('makes the noun plural unless the count is one, with thousands separators', () => {
    expect(plural(1, 'rack')).toBe('1 rack');
    expect(plural(0, 'rack')).toBe('0 racks');
    expect(plural(1024, 'host')).toBe('1,024 hosts');
    expect(plural(2, 'child', 'children')).toBe('2 children');
  });

  it('says what a job with nothing to place has running, one task as one', () => {
    const words = whyNotWords({ kind: 'nothingPending', runningMaps: 1, runningReduces: 0, pendingReduces: 0, reducesMayStart: true });
    expect(words).toBe('nothing to place: every task runs or is done (1 map, 0 reduces running)');
  });
});
