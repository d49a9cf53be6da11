/** What a batch does with a run that failed (RunCallbacks.onError); kept here so this file imports nothing of the pools. */
type OnError = ((index: number, error: Error) => void | Promise<void>) | undefined;

/**
 * Outcomes handed to the batch's callbacks one at a time, in the order they arrive: a slow save
 * never interleaves with the next. A hand-over that fails (its save refused: the data folder taken
 * over, a full disk) fails its run with that reason and the batch goes on; it never becomes a
 * rejected promise nobody awaits, which would end the whole process.
 */
export class HandOver {
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly callbacks: { onError?: OnError }) {}

  /** Queue `fn` for run `index`; resolves once it (or the failure it turned into) is handled. */
  hand(index: number, fn: () => void | Promise<void>): Promise<void> {
    this.chain = this.chain.then(fn).catch((err: unknown) => this.fail(index, err));
    return this.chain;
  }

  /** Every hand-over queued so far has been handled. */
  settled(): Promise<void> {
    return this.chain;
  }

  /** Run `index` fails with the reason its hand-over failed; if saying so fails too, the log keeps it. */
  async fail(index: number, err: unknown): Promise<void> {
    const error = err instanceof Error ? err : new Error(String(err));
    try {
      await this.callbacks.onError?.(index, error);
    } catch (again) {
      console.error(`run ${index + 1}: ${error.message}; recording that failed too: ${again instanceof Error ? again.message : String(again)}`);
    }
  }
}
