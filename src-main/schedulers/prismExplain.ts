import type { LaunchReason, PhaseCandidate } from '@shared/results/launchReason';
import { PHASE_NAMES, PhaseKind } from '../engine/core/model';
import type { CoreView, PolicyScores } from '../engine/scheduling/schedulerApi';
import { LEVEL_WORDS } from './slotHelpers';
import { BestTwo, type Candidate } from './prismCandidates';

const seen = (view: CoreView, c: Candidate): PhaseCandidate => ({
  leading: c.leading,
  phase: PHASE_NAMES[c.phase],
  job: view.job(c.job).id,
  utility: c.utility,
});

/** Why PRISM started the round's best candidate: its utility's terms (eq. 1) and the runner-up it beat. */
export function utilityReason(view: CoreView, top: BestTwo, alpha: number): LaunchReason {
  const b = top.best;
  return {
    kind: 'utility',
    best: seen(view, b),
    pausedSeconds: b.wait,
    fairness: b.fairnessGain,
    performance: alpha * b.performance,
    ...(top.hasSecond ? { nextBest: seen(view, top.second) } : {}),
    ...(b.leading && b.phase === PhaseKind.Map ? { placement: LEVEL_WORDS[b.level] } : {}),
  };
}

/** The candidates one round weighed, best first, with each term of eq. 1 (the why panel's table). */
export function utilityTable(view: CoreView, weighed: Candidate[], alpha: number, bySubmission: boolean): PolicyScores {
  const ranked = new BestTwo(bySubmission);
  const order = (a: Candidate, b: Candidate) => (ranked.before(a, b) ? -1 : ranked.before(b, a) ? 1 : 0);
  return {
    criteria: ['fairness gain (eq. 2)', 'α · performance (eq. 5, 6)', 'utility U (eq. 1)'],
    rows: weighed.sort(order).map((c) => ({
      candidate: `${c.leading ? 'new' : 'paused'} ${PHASE_NAMES[c.phase]}${c.leading && c.phase === PhaseKind.Map ? ` (${LEVEL_WORDS[c.level]})` : ''}`,
      job: view.job(c.job).id,
      task: c.task,
      values: [c.fairnessGain, alpha * c.performance, c.utility],
    })),
  };
}
