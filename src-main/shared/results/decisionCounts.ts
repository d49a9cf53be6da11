import { LAUNCH_REASON_KINDS, LAUNCH_REASON_LABELS, type LaunchReasonKind } from './launchReason';

/** A decision's kind, or `unknown` for words no kind writes (a run saved by a much older studio). */
export type DecisionKind = LaunchReasonKind | 'unknown';

/** How many of a run's (or a job's) decisions were of one kind. */
export interface DecisionCount {
  kind: DecisionKind;
  label: string;
  count: number;
  /** count over all decisions counted, 0..1. */
  share: number;
}

const UNKNOWN_LABEL = 'Not known (saved by an older version)';

/**
 * The kind of a reason from its words, for runs saved before runs kept kinds beside the words.
 * Each kind's words begin in a way only it writes (launchReason.ts `launchReasonText`);
 * tests/unit/shared/decisionCounts.test.ts renders every kind and reads it back.
 */
export function kindFromWords(text: string): DecisionKind {
  if (text === 'profiling') return 'profiling';
  if (text.startsWith('FIFO: ')) return 'submissionOrder';
  if (text.startsWith('Capacity: queue ')) return 'queueCapacity';
  if (text.startsWith('DRF: ')) return 'dominantShare';
  if (text.startsWith('Finer-Grained CPU: ')) return 'cpuPool';
  if (text.startsWith('LATE: ')) return 'speculation';
  if (text.startsWith('PRISM: ')) return 'utility';
  if (text.startsWith('MinEDF: spare slot')) return 'spareSlot';
  if (text.startsWith('MinEDF: job ') && text.includes(' is below its minimum')) return 'belowMinimum';
  if (/^[^:]+ \(added\): job /.test(text)) return 'ownRule';
  if (/^[^:]+: job .+ is furthest below its fair share/.test(text)) return 'fairShare';
  return 'unknown';
}

const KNOWN = new Set<string>(LAUNCH_REASON_KINDS);

/** The kind of each of a run's reasons: as the run stored them, or read from the words for runs saved without them. */
export function reasonKindsOf(reasons: readonly string[], stored?: readonly string[]): DecisionKind[] {
  if (stored?.length === reasons.length) return stored.map((k) => (KNOWN.has(k) ? (k as LaunchReasonKind) : 'unknown'));
  return reasons.map(kindFromWords);
}

export function decisionLabel(kind: DecisionKind): string {
  return kind === 'unknown' ? UNKNOWN_LABEL : LAUNCH_REASON_LABELS[kind];
}

/** Decisions counted by kind, most frequent first (ties in the kinds' own order); kinds never taken are left out. */
export function countDecisions(kinds: Iterable<DecisionKind>): DecisionCount[] {
  const counts = new Map<DecisionKind, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  return rows(counts);
}

/**
 * A run's attempts counted by kind from its reason column (each attempt's index into the run's
 * reasons) and each reason's kind: tallied per reason first, so a run of millions of attempts
 * makes no array of kinds.
 */
export function countAttempts(reasonOfAttempt: ArrayLike<number>, kinds: readonly DecisionKind[]): DecisionCount[] {
  const perReason = new Float64Array(kinds.length);
  let unknown = 0;
  for (let a = 0; a < reasonOfAttempt.length; a++) {
    const r = reasonOfAttempt[a];
    if (r >= 0 && r < kinds.length) perReason[r]++;
    else unknown++;
  }
  const perKind = new Map<DecisionKind, number>();
  for (let r = 0; r < kinds.length; r++) if (perReason[r] > 0) perKind.set(kinds[r], (perKind.get(kinds[r]) ?? 0) + perReason[r]);
  if (unknown > 0) perKind.set('unknown', (perKind.get('unknown') ?? 0) + unknown);
  return rows(perKind);
}

/** Counts by kind as rows: most frequent first, ties in the kinds' own order; shares of their total. */
function rows(perKind: Map<DecisionKind, number>): DecisionCount[] {
  let total = 0;
  for (const n of perKind.values()) total += n;
  const order: DecisionKind[] = [...LAUNCH_REASON_KINDS, 'unknown'];
  return [...perKind.entries()]
    .sort((a, b) => b[1] - a[1] || order.indexOf(a[0]) - order.indexOf(b[0]))
    .map(([kind, count]) => ({ kind, label: decisionLabel(kind), count, share: count / total }));
}
