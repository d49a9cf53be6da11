import { describe, expect, it } from 'vitest';
import { amount } from '../../../src-renderer/src/utils/format';

describe('amount', () => {
  it('shows a quantity as typed, and a small one with its digits rather than as 0', () => {
    expect([80, 1536, 1.5, 0].map(amount)).toEqual([(80).toLocaleString(), (1536).toLocaleString(), (1.5).toLocaleString(), '0']);
    expect(amount(0.0001)).toBe((0.0001).toLocaleString(undefined, { maximumSignificantDigits: 3 }));
    expect(amount(0.0001)).not.toBe('0');
    expect(amount(0.123456)).toBe((0.123).toLocaleString());
  });
});
