import type { ExperimentDesignInput } from './design';

/**
 * Takes card `i` out of a design and keeps the sweep on the card it varies: a sweep of a later card
 * moves down one place with it, and a sweep of card `i` goes with the card (nothing is left for it
 * to vary). Left as it was, the sweep's index would name the next card: another scheduler swept
 * with no word said, or a parameter it does not have. Returns whether the sweep went too.
 */
export function removeScheduler(design: ExperimentDesignInput, i: number): boolean {
  design.schedulers.splice(i, 1);
  const sweep = design.sweep;
  if (sweep?.target !== 'scheduler') return false;
  if (sweep.scheduler === i) {
    delete design.sweep;
    return true;
  }
  if (sweep.scheduler > i) sweep.scheduler--;
  return false;
}

/** What removing card `i` does, in the words of the step Undo names. */
export function removeSchedulerLabel(design: Pick<ExperimentDesignInput, 'sweep'>, i: number): string {
  const sweep = design.sweep;
  return sweep?.target === 'scheduler' && sweep.scheduler === i ? `Remove scheduler ${i + 1} and its sweep` : `Remove scheduler ${i + 1}`;
}
