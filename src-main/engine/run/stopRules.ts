import type { StopReason } from '@shared/results/stopReasons';
import type { EngineState } from '../state/state';

/** Which source the next event comes from: the heap, an arrival, a regular beat, an out-of-band beat. */
export type NextSource = 0 | 1 | 2 | 3;

/**
 * The longest one phase may take while nothing else progresses. A phase of days is real work (one
 * reduce of terabytes, a map priced at a day of CPU on a slower core); one due in months or years
 * is a mistake in the design (a core a billion times slower than the reference) whose beats would
 * be simulated for nothing.
 */
export const LONGEST_PHASE_S = 30 * 86_400;

/**
 * The last moment a run may go without progress (a phase ending, an attempt launched) before the
 * day-long stop rules end it: a day, or a thousand heartbeats where beats are slower than 86 s;
 * later when a phase is due to end within LONGEST_PHASE_S of the last progress (`phaseEnd`, the
 * next one due at the rates of now, is asked only past the day).
 */
export function noProgressDeadline(s: EngineState, H: number, phaseEnd: () => number): number {
  const day = dayWithoutProgress(s, H);
  if (s.at.liveCount === 0) return day;
  const end = phaseEnd();
  return end > day && end <= s.lastProgress + LONGEST_PHASE_S ? end : day;
}

/** The day-long rule's own deadline, before any phase due later extends it. */
export function dayWithoutProgress(s: EngineState, H: number): number {
  return s.lastProgress + Math.max(86_400, 1000 * H);
}

/**
 * The stop rules for a run that can no longer progress, checked before the event at `t` (`H`: the
 * heartbeat interval; `arrivalsLeft`: jobs still to be submitted): the rule that stops it, if any.
 */
export function wedged(s: EngineState, t: number, H: number, which: NextSource, arrivalsLeft: boolean, phaseEnd: () => number): StopReason | undefined {
  // A day of simulated time with running attempts but no phase ending, nothing launched, no phase
  // allowed to start and none due within LONGEST_PHASE_S: the scheduler has wedged itself (e.g.
  // paused phases that never fit), or its tasks would run for months.
  if (t > dayWithoutProgress(s, H) && s.at.liveCount > 0 && t > noProgressDeadline(s, H, phaseEnd)) return 'noPhaseEnds';
  // The same day with work pending and nothing running while only the scheduler's own wake-ups
  // keep the heap busy (a cluster-level policy that can no longer place anything).
  if (
    t > dayWithoutProgress(s, H) &&
    s.wakeups > 0 &&
    s.wakeups === s.heap.size + s.outOfBand.size &&
    s.pendingTotal > 0 &&
    s.at.liveCount === 0 &&
    !arrivalsLeft
  )
    return 'onlyWakeUps';
  // Nothing running, nothing queued, no job to come, and nothing placed for ten minutes of
  // simulated time (longer than any locality wait): the scheduler cannot place the remaining
  // work (e.g. a container larger than any node).
  if (which === 2 && s.at.liveCount === 0 && s.heap.size + s.outOfBand.size === 0 && !arrivalsLeft && t - s.lastProgress > Math.max(600, 20 * H))
    return 'unplaceable';
  return undefined;
}
