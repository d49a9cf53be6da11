import { describe, expect, it } from 'vitest';
import { memoryShareMb, runRefusal } from '../../../src-main/runner/remote/runLimits';

const roomy = { memoryShareMb: 64 * 1024, concurrency: 1 };

describe('what a queue worker refuses to run', () => {
  it('a run of more than 5 million tasks from a batch not allowed to be large, naming the bound', () => {
    expect(runRefusal({ tasks: 10_000_000, scheduler: 'fifo', allowLarge: false }, roomy)).toBe(
      'refused: a run of 10,000,000 tasks, more than the 5,000,000 the studio runs without asking, and its batch was not allowed to be large (run it with --allow-large, or tick "Run it anyway")',
    );
    expect(runRefusal({ tasks: 5_000_000, scheduler: 'fifo', allowLarge: false }, roomy)).toBeUndefined();
  });

  it('the same run when the batch was allowed, as long as it fits the worker', () => {
    expect(runRefusal({ tasks: 10_000_000, scheduler: 'fifo', allowLarge: true }, roomy)).toBeUndefined();
  });

  it("a run past the worker's share of memory, allowed or not: the share is three quarters of the machine over the runs at once", () => {
    const small = { memoryShareMb: memoryShareMb(8 * 2 ** 30, 4), concurrency: 4 };
    expect(small.memoryShareMb).toBe(1536);
    // 8 M tasks: about 1.8 GB by the estimate (150 MB + 216 bytes a task).
    expect(runRefusal({ tasks: 8_000_000, scheduler: 'fifo', allowLarge: true }, small)).toBe(
      'refused: a run of 8,000,000 tasks needs about 1.8 GB, more than the 1.5 GB this worker has for each of its 4 runs at once',
    );
    expect(runRefusal({ tasks: 4_000_000, scheduler: 'fifo', allowLarge: false }, small)).toBeUndefined();
    expect(runRefusal({ tasks: 8_000_000, scheduler: 'fifo', allowLarge: true }, { memoryShareMb: 1536, concurrency: 1 })).toMatch(
      /this worker has for a run$/,
    );
  });
});
