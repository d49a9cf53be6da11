import type { PolicyScores, ViewWith } from '../engine/scheduling/schedulerApi';
import { ROW_MAP, ROW_REDUCE, type RunningAttempts } from './lateRunning';
import { percentileRank, runTime } from './lateCopyCheck';

type View = ViewWith<'attempts' | 'timers'>;

/**
 * What LATE weighs for a copy on node n (Zaharia et al., OSDI'08, sec. 4), as the why panel's
 * table: each kind's candidates - running, not yet copied, elsewhere than n, run at least
 * minRunSeconds, and with a progress rate at or below the SlowTaskThreshold percentile of their
 * kind - with the longest estimated time left (1 − progress) / rate first, as the copy goes to it
 * (ties: the lower task id). Maps first, as the policy asks for a map copy first. It reads the
 * view afresh and keeps nothing, so asking changes no decision.
 */
export function lateScores(spec: { slowTaskPercentile: number; minRunSeconds: number }, running: RunningAttempts, n: number, view: View): PolicyScores {
  running.update(view);
  const now = view.now;
  const rows: PolicyScores['rows'] = [];
  for (const kind of [ROW_MAP, ROW_REDUCE]) {
    const ofKind: { job: number; task: number; progress: number; rate: number; eligible: boolean }[] = [];
    for (const b of running.blocks()) {
      for (let i = b.from; i < b.to; i++) {
        if (b.kind[i] !== kind) continue;
        const progress = view.attemptProgress(b.attempt[i]);
        const rate = progress / runTime(now, b.start[i]);
        ofKind.push({
          job: b.job,
          task: b.task[i],
          progress,
          rate,
          eligible: now - b.start[i] >= spec.minRunSeconds && b.copyable[i] === 1 && b.node[i] !== n,
        });
      }
    }
    if (ofKind.length === 0) continue;
    const threshold = ofKind.map((r) => r.rate).sort((x, y) => x - y)[percentileRank(ofKind.length, spec.slowTaskPercentile)];
    const left = (r: (typeof ofKind)[number]) => (1 - r.progress) / Math.max(1e-9, r.rate);
    const candidates = ofKind.filter((r) => r.eligible && r.rate <= threshold).sort((a, b) => left(b) - left(a) || a.task - b.task);
    for (const r of candidates.slice(0, 15))
      rows.push({
        candidate: `a copy of its ${kind === ROW_REDUCE ? 'reduce' : 'map'}`,
        job: view.job(r.job).id,
        task: r.task,
        values: [r.progress, r.rate, threshold, left(r)],
      });
  }
  return {
    criteria: [
      'progress score (0-1)',
      'progress rate (per s)',
      `slow-task threshold (${spec.slowTaskPercentile}th percentile rate)`,
      'estimated time left (s)',
    ],
    rows,
  };
}
