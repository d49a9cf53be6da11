import { describe, expect, it } from 'vitest';
import { OutOfBandBeats } from '../../../src-main/engine/core/outOfBandBeats';

describe('out-of-band beats queue', () => {
  it('gives nodes back in the order they were queued, across compaction and growth', () => {
    const q = new OutOfBandBeats();
    const expected: number[] = [];
    const got: number[] = [];
    let next = 0;
    // Uneven bursts: the queue is partly drained when it fills (compaction) and overfills (growth).
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 37 * (round % 5) + 3; i++) {
        q.push(next);
        expected.push(next++);
      }
      for (let i = 0; i < 29 * (round % 3) + 1 && q.size > 0; i++) got.push(q.shift());
    }
    while (q.size > 0) got.push(q.shift());
    expect(got).toEqual(expected);
    expect(next).toBeGreaterThan(1000);
  });
});
