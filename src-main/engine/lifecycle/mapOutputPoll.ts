import { K_POLL, PRIORITY } from '../core/events';
import type { EngineState } from '../state/state';

/**
 * How a job's running reduces learn that more of its map output exists (model.md "Phases"). A
 * reduce asks for newly finished maps every `mapOutputPollS` seconds (Hadoop's reduce-side event
 * fetcher sleeps 1,000 ms between asks), so a map's end reaches the shuffles at the next ask, not
 * the instant it happens. All jobs ask on one grid of instants: one event per ask carries every job
 * with news, and each reduce catches up with the output at most once per ask instead of once per
 * map (a job of m maps and r reduces made about m · r such events when every map end was news at
 * once). The default is 1 s; with `mapOutputPollS` 0 (the default until 2026-12-06, which what was
 * recorded before keeps: FORMER_DEFAULTS) every map end is news at once.
 */
export class MapOutputPoll {
  /** Jobs with map output their reduces have not yet been told of, in the order their first such map ended. */
  private waiting: number[] = [];
  private readonly isWaiting: Uint8Array;
  private askScheduled = false;

  constructor(
    private readonly s: EngineState,
    private readonly tell: (job: number) => void,
  ) {
    this.isWaiting = new Uint8Array(s.jobs.length);
  }

  /** A map of job j ended: its reduces hear of it at once (no poll, or none running) or at the next ask. */
  mapEnded(j: number): void {
    const s = this.s;
    const every = s.options.mapOutputPollS;
    // A reduce that starts later asks at once and sees everything finished by then (startPhase).
    if (every === 0 || s.jobRunReduces[j] === 0) {
      this.tell(j);
      return;
    }
    if (this.isWaiting[j]) return;
    this.isWaiting[j] = 1;
    this.waiting.push(j);
    if (!this.askScheduled) {
      this.askScheduled = true;
      s.heap.push((Math.floor(s.now / every) + 1) * every, PRIORITY[K_POLL], K_POLL, 0, 0);
    }
  }

  /** The reduces ask: every waiting job's shuffles learn of all the map output that exists now. */
  ask(): void {
    const jobs = this.waiting;
    this.waiting = [];
    this.askScheduled = false;
    for (const j of jobs) {
      this.isWaiting[j] = 0;
      this.tell(j);
    }
  }
}
