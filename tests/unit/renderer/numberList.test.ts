import { describe, expect, it } from 'vitest';
import { numberListProblem, parseNumbers } from '../../../src-renderer/src/utils/numberList';

/** The seed and sweep lists as typed: read into numbers, and what is wrong said in words (issue 55 item 4). */
describe('number lists as typed', () => {
  it('reads numbers and ranges, and keeps what it cannot read as text for validation to name', () => {
    expect(parseNumbers('1, 2;3  4')).toEqual([1, 2, 3, 4]);
    expect(parseNumbers('1-5')).toEqual([1, 2, 3, 4, 5]);
    expect(parseNumbers('5-1, one')).toEqual(['5-1', 'one']);
    expect(parseNumbers('1-100000')).toEqual(['1-100000']);
    expect(parseNumbers('0x10, 2')).toEqual(['0x10', 2]);
  });

  it('says what is wrong in words: a word, a range backwards or too long, a negative seed', () => {
    expect(numberListProblem('1, 2, 1-5')).toBeUndefined();
    expect(numberListProblem('1, one')).toBe('"one" is not a number: give numbers like 1, 2, 3 or a range like 1-5');
    expect(numberListProblem('0x10')).toBe('"0x10" is not a number: give numbers like 1, 2, 3 or a range like 1-5');
    expect(numberListProblem('5-1')).toBe('"5-1" runs backwards: write 1-5');
    expect(numberListProblem('1-100000')).toBe('"1-100000" is 100,000 numbers; a range gives at most 200');
    expect(numberListProblem('-5')).toBe('"-5" is negative: seeds are whole numbers from 0');
  });
});
