import { describe, expect, it } from 'vitest';
import { HandOver } from '../../../src-main/runner/handOver';

describe('HandOver: outcomes handed to the batch one at a time', () => {
  it('keeps the order they arrived in, even when an earlier one is slow', async () => {
    const seen: number[] = [];
    const handOver = new HandOver({});
    void handOver.hand(0, () => new Promise<void>((r) => setTimeout(() => (seen.push(0), r()), 30)));
    void handOver.hand(1, () => void seen.push(1));
    await handOver.settled();
    expect(seen).toEqual([0, 1]);
  });

  it('a hand-over that fails (its save refused) fails its run with the reason and the next goes on', async () => {
    const failed: [number, string][] = [];
    const done: number[] = [];
    const handOver = new HandOver({ onError: (i, err) => void failed.push([i, err.message]) });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      void handOver.hand(0, () => Promise.reject(new Error('nothing was saved: the data folder was taken over')));
      void handOver.hand(1, () => void done.push(1));
      await handOver.settled();
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(failed).toEqual([[0, 'nothing was saved: the data folder was taken over']]);
    expect(done).toEqual([1]);
    expect(unhandled).toEqual([]);
  });

  it('if recording the failure fails too, the log keeps both reasons and nothing is thrown', async () => {
    const logged: string[] = [];
    const original = console.error;
    console.error = (text: string) => void logged.push(text);
    try {
      const handOver = new HandOver({ onError: () => Promise.reject(new Error('store closed')) });
      await handOver.hand(2, () => Promise.reject(new Error('disk full')));
    } finally {
      console.error = original;
    }
    expect(logged).toEqual(['run 3: disk full; recording that failed too: store closed']);
  });
});
