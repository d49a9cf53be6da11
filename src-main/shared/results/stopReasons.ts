/**
 * Why a run stopped before its jobs finished: the engine's stop rules for a run that can no longer
 * progress (engine/run/stopRules.ts; docs/model.md "When a run stops early"). Its jobs still
 * running or waiting are reported unfinished; the summary names the rule, so that a user reads
 * why, not only how many.
 */
export const STOP_REASONS = ['noPhaseEnds', 'onlyWakeUps', 'unplaceable'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/** The rule in words, as the comparison view, the CLI and the reports say it. */
export function stopWords(reason: StopReason): string {
  switch (reason) {
    case 'noPhaseEnds':
      return 'for a day of simulated time (and at least 1,000 heartbeats) tasks ran, but none ended a phase, nothing new started and no phase was due to end within 30 days';
    case 'onlyWakeUps':
      return 'for a day of simulated time (and at least 1,000 heartbeats) work waited and nothing ran, while the scheduler only woke itself';
    case 'unplaceable':
      return 'nothing ran, nothing was to come, and for ten minutes of simulated time (and at least 20 heartbeats) the scheduler placed none of the waiting work on any node';
  }
}

/** One stopped run in a sentence: which, from when it made no progress, what it left, and the rule. */
export function stoppedRunWords(run: string, seed: number, summary: { stopped?: StopReason; simulatedSeconds: number; unfinished: number }): string {
  const left = `${summary.unfinished.toLocaleString('en-US')} job${summary.unfinished === 1 ? '' : 's'} unfinished`;
  return `${run}, seed ${seed}, made no progress after ${Math.round(summary.simulatedSeconds).toLocaleString('en-US')} s and was stopped with ${left}: ${summary.stopped ? stopWords(summary.stopped) : 'it could no longer progress'}`;
}
