import { describe, expect, it } from 'vitest';
import { scoreText } from '../../../src-renderer/src/utils/format';

describe("the why panel's scores", () => {
  it('read as numbers, and a value that is none (a limit not set, null over JSON) as a dash', () => {
    expect(scoreText(123392)).toBe('123,392');
    expect(scoreText(0.2561)).toBe('0.256');
    expect(scoreText(2345.678)).toBe('2345.7');
    expect(scoreText(null)).toBe('—');
    expect(scoreText(Number.NaN)).toBe('—');
    expect(scoreText(JSON.parse(JSON.stringify([Number.POSITIVE_INFINITY]))[0] as null)).toBe('—');
  });
});
