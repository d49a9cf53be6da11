import type { EventBus } from './eventBus';

/**
 * Steps of a long export or open told to the windows ('files:progress'), each followed by a turn
 * of the event loop: the step is sent before the work it names holds the thread, and other calls
 * are answered between steps.
 */
export type FileProgress = ReturnType<typeof fileProgress>;

export function fileProgress(events: EventBus, about: string, total: number) {
  let done = 0;
  return {
    /** Say what comes next (counted as one step done once it is said), and let the loop turn. */
    async step(step: string): Promise<void> {
      events.emit('files:progress', { about, step, done, total });
      done = Math.min(total, done + 1);
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
    /** The number of steps, once it is known (a file's runs, after it is read). */
    setTotal(steps: number): void {
      total = steps;
    },
    /** The work is done: windows take the progress away. */
    end(): void {
      events.emit('files:progress', { about, step: 'done', done: total, total });
    },
  };
}
