import { describe, expect, it } from 'vitest';
import { numberOrText, readDecimal } from '@shared/decimal';

/** Typed numbers are read as people write them, not as JavaScript's Number() reads any text. */
describe('numbers as typed', () => {
  it('reads signed decimals, points and exponents', () => {
    expect(['12', ' -0.5 ', '.5', '+3', '1.', '2e6', '1.5E-3'].map(readDecimal)).toEqual([12, -0.5, 0.5, 3, 1, 2e6, 0.0015]);
  });

  it('reads no number from a hex, binary or octal literal, Infinity, a blank, or a thousands separator', () => {
    for (const t of ['0x10', '0b11', '0o7', 'Infinity', '-Infinity', '', '   ', '1,000', '1_000', '1e', '.', '--1']) expect(readDecimal(t), t).toBeNaN();
  });

  it('keeps text that is not a number as text, so the field check can name it', () => {
    expect(numberOrText('0x10')).toBe('0x10');
    expect(numberOrText('40')).toBe(40);
  });
});
