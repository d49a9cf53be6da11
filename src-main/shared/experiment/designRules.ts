import type { z } from 'zod';
import { findDescription, type SchedulerSpec } from '../schedulers';
import { RUN_RULES } from '../schedulers/queueRules';
import { runNameClashes, type NameClash } from './runNames';
import type { SweepSchema } from './sweep';

type Sweep = z.output<typeof SweepSchema>;

/**
 * What a design or experiment file may not hold, beyond each field's own limits, checked where it
 * is to run (a result file records what ran and is read as it is): runs sharing a name, and what
 * each scheduler's own rules refuse (its description's `runRules`: the queue trees and pools YARN
 * and Hadoop refuse, shared/schedulers/queueRules.ts `RUN_RULES`).
 */
export function designRuleProblems(schedulers: readonly SchedulerSpec[], sweep: Sweep | undefined): NameClash[] {
  const own = schedulers.flatMap((spec, s) => {
    const found = (findDescription(spec.kind)?.runRules ?? []).flatMap((rule) => RUN_RULES[rule](spec));
    return found.map((p) => ({ path: ['schedulers', s, ...p.path], message: p.message }));
  });
  return [...own, ...runNameClashes(schedulers, sweep)];
}
