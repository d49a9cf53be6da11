import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHistory } from '../../../src-renderer/src/composables/useHistory';

afterEach(() => vi.useRealTimers());

describe('editor undo / redo', () => {
  it('undoes and redoes whole steps, and a new edit drops the redo branch', () => {
    const h = useHistory({ n: 0 });
    h.update('one', (d) => (d.n = 1));
    h.update('two', (d) => (d.n = 2));
    expect(h.undoLabel.value).toBe('two');
    h.undo();
    expect(h.present.value.n).toBe(1);
    h.redo();
    expect(h.present.value.n).toBe(2);
    h.undo();
    h.update('three', (d) => (d.n = 3));
    expect(h.canRedo.value).toBe(false);
    h.undo();
    h.undo();
    expect(h.present.value.n).toBe(0);
    expect(h.canUndo.value).toBe(false);
  });

  it('typing in one field within a second is one step; after a pause it is another', () => {
    vi.useFakeTimers();
    const h = useHistory({ s: '' });
    for (const s of ['a', 'ab', 'abc']) h.update('type', (d) => (d.s = s), 'field');
    vi.advanceTimersByTime(1500);
    h.update('type', (d) => (d.s = 'abcd'), 'field');
    h.undo();
    expect(h.present.value.s).toBe('abc');
    h.undo();
    expect(h.present.value.s).toBe('');
  });

  it('is dirty until saved, and clean again when undone back to the saved state', () => {
    const h = useHistory({ n: 0 });
    expect(h.dirty.value).toBe(false);
    h.update('x', (d) => (d.n = 1));
    expect(h.dirty.value).toBe(true);
    h.markSaved();
    expect(h.dirty.value).toBe(false);
    h.update('y', (d) => (d.n = 2));
    h.undo();
    expect(h.dirty.value).toBe(false);
  });

  it('edits copies: a snapshot in the history never changes afterwards', () => {
    const start = { list: [1] };
    const h = useHistory(start);
    h.update('push', (d) => d.list.push(2));
    expect(start.list).toEqual([1]);
    h.undo();
    expect(h.present.value).toBe(start);
  });
});
