import { describe, expect, it } from 'vitest';
import { matchName } from '@shared/matchName';

describe('a name typed in other capitals', () => {
  it('stands for the one name it reads as, and for none when two read so', () => {
    expect(matchName(['fifo', 'fair (delay)'], 'fair (delay)')).toBe('fair (delay)');
    expect(matchName(['fifo', 'fair (delay)'], 'FIFO')).toBe('fifo');
    expect(matchName(['Sort', 'Grep'], 'sort')).toBe('Sort');
    expect(matchName(['fifo', 'FIFO'], 'FIFO')).toBe('FIFO');
    expect(matchName(['fifo', 'FIFO'], 'Fifo')).toBeUndefined();
    expect(matchName(['fifo'], 'drf')).toBeUndefined();
  });
});
