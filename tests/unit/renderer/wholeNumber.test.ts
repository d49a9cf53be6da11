import { describe, expect, it } from 'vitest';
import { isWholeIn, mustBeWhole, wholeNumberProblem } from '../../../src-renderer/src/utils/wholeNumber';

describe('a count typed in a number box', () => {
  it("names what is not a whole number in range: an emptied box (''), unread text, a negative or a fraction", () => {
    for (const bad of ['', 'abc', -1, 1.5, 257, Number.NaN, undefined]) expect(wholeNumberProblem(bad, 0, 256)).toBe('must be a whole number from 0 to 256');
    expect(wholeNumberProblem(0, 0, 256)).toBeUndefined();
    expect(wholeNumberProblem(256, 0, 256)).toBeUndefined();
    expect(isWholeIn(3, 1, 8)).toBe(true);
    expect(isWholeIn('3', 1, 8)).toBe(false);
  });

  it('writes large bounds with their thousands grouped', () => {
    expect(mustBeWhole(0, 2 ** 31 - 1)).toBe('must be a whole number from 0 to 2,147,483,647');
    expect(mustBeWhole(1, 10_000)).toBe('must be a whole number from 1 to 10,000');
  });
});
