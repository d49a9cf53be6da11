import type { ResultFile } from '@shared/experiment/experiment';
import { matchName } from '@shared/matchName';
import { pairedSpeedup, pairedSpeedupBySeed, type PairedSpeedup } from '@shared/results/jobSpeedup';
import { pairedTTest } from '@shared/results/stats';
import { ALPHA, pValueText } from '@shared/results/comparison';

/** One scheduler against the scheduler `of` (see SpeedupReport). */
export interface SpeedupRow extends PairedSpeedup {
  scheduler: string;
  /**
   * The same comparison seed by seed. A run is one draw of a chaotic system: on the ILA preset one
   * seed's per-job speedup can be half or twice another's, so the spread says how far one seed goes.
   */
  bySeed: ReturnType<typeof pairedSpeedupBySeed>;
  /**
   * Whether the per-job speedup is told apart from 1×: Student's paired t-test across seeds on each
   * seed's log speedup against 0. Null with one seed: a single draw gives no verdict.
   */
  p: number | null;
}

export interface SpeedupReport {
  of: string;
  seeds: number[];
  rows: SpeedupRow[];
}

/**
 * Compare scheduler `of` with every other scheduler of a result file, job by job: the paired
 * comparison the ILA paper reports as "speeds up individual jobs by 1.5-6.5 times".
 */
export function jobSpeedup(result: ResultFile, asked: string): SpeedupReport {
  const bySchedulerOrder: string[] = [];
  const runs = new Map<string, ResultFile['runs']>();
  for (const run of result.runs) {
    if (!runs.has(run.scheduler)) {
      runs.set(run.scheduler, []);
      bySchedulerOrder.push(run.scheduler);
    }
    runs.get(run.scheduler)!.push(run);
  }
  const of = matchName(bySchedulerOrder, asked) ?? asked;
  const mine = runs.get(of);
  if (!mine) throw new Error(`no runs of scheduler "${of}" in this result (it has ${bySchedulerOrder.map((s) => `"${s}"`).join(', ')})`);
  const rows: SpeedupRow[] = [];
  for (const scheduler of bySchedulerOrder) {
    if (scheduler === of) continue;
    const theirs = runs.get(scheduler)!;
    const paired = pairedSpeedup(mine, theirs);
    if (!paired) continue;
    const bySeed = pairedSpeedupBySeed(mine, theirs);
    const logs = bySeed.map((x) => Math.log(x.perJob));
    rows.push({
      scheduler,
      ...paired,
      bySeed,
      p: pairedTTest(
        logs,
        logs.map(() => 0),
      ).p,
    });
  }
  return { of, seeds: [...new Set(mine.map((r) => r.seed))].sort((a, b) => a - b), rows };
}

/**
 * A speedup's verdict in words, as the CLI's table and the report say it: "faster (p = 0.01)"
 * (with `than`: "faster than the baseline (…)"), "slower (…)" or "not separated (p = 0.40)";
 * undefined with one seed, which gives none.
 */
export function speedupVerdict(perJob: number, p: number | null, than?: string): string | undefined {
  if (p === null) return undefined;
  if (p >= ALPHA) return `not separated (${pValueText(p)})`;
  return `${perJob > 1 ? 'faster' : 'slower'}${than ? ` than ${than}` : ''} (${pValueText(p)})`;
}
