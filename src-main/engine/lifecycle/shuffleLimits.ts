import { W_SIZE as SIZE } from '../state/attempts';
import { PhaseKind } from '../core/model';
import type { RateSolver } from '../resources/rateSolver';
import type { EngineState } from '../state/state';

const W_SIZE = SIZE;

/**
 * How far each running shuffle may fetch (model.md "Phases"): the share of its job's map output
 * that its reduce has heard of. A shuffle reaching that point waits with rate 0 until it hears of
 * more (mapOutputPoll.ts says when); it can never end before the job's last map has.
 */
export class ShuffleLimits {
  constructor(
    private readonly s: EngineState,
    private readonly rates: RateSolver,
  ) {}

  /** Fraction of a shuffle that can have been fetched: the share of the job's maps that are done (as a shuffle asking now learns it). */
  limit(j: number): number {
    const maps = this.s.tasks.jobMapCount[j];
    const done = this.s.jobMapsDone[j];
    if (maps === 0 || done >= maps) return 1;
    // Never 1 while a map is missing: a shuffle cannot end before the last map does.
    return Math.min(done / maps, 1 - 1e-6);
  }

  /** The job's shuffles learn how much map output exists (more after an ask, less after a loss): they may fetch that far. */
  update(j: number): void {
    const s = this.s;
    if (s.tasks.jobReduceCount[j] === 0) return;
    const lim = this.limit(j);
    const at = s.at;
    // Only reduces shuffle: a job with thousands of maps running walks its few reduces, not them
    // (in launch order, as the walk over all attempts did).
    const reduces = s.jobReduceAttempts;
    for (let a = reduces.first(j); a >= 0; a = reduces.after(a)) {
      if (at.phase[a] !== PhaseKind.Shuffle || at.hostSlot[a] < 0) continue;
      if (lim < 1 && at.rate[a] === 0 && at.paused[a] === 0 && this.movesNothing(a)) {
        // A waiting shuffle with nothing to fetch (the job's maps write no output) is, the instant
        // it hears of a map, where that map lets it be: its progress moves there with no re-rating
        // and no event (a quarter of all events on 36 FB-2009 days). The end of the shuffle, when
        // the last map is heard of, still takes the path below.
        at.prog[a] = at.lim[a] = Math.max(at.prog[a], lim);
        continue;
      }
      if (lim >= at.lim[a] && at.rate[a] > 0) {
        // A shuffle still fetching keeps its rate: only the point where it would wait moves on.
        // Its host's pending event may now come early; it then finds nothing done and re-plans.
        at.lim[a] = lim;
        continue;
      }
      this.rates.touchHost(at.host[a]);
      // What was fetched stays fetched, even if the map that made it has to run again.
      at.lim[a] = Math.max(at.prog[a], lim);
    }
  }

  /** Whether the attempt's current phase uses no resource at all (every work field is 0). */
  private movesNothing(a: number): boolean {
    const work = this.s.at.work;
    for (let w = a * W_SIZE, end = w + W_SIZE; w < end; w++) if (work[w] > 0) return false;
    return true;
  }
}
