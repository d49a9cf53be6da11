import { descriptionOf, findDescription, optionLabel, SchedulerSpecSchema, type SchedulerSpec } from '../schedulers';
import { SimulationOptionsSchema, type SimulationOptionsInput } from './simulation';
import { simulationLabel } from './simulationLabels';
import type { z } from 'zod';
import type { SweepSchema } from './sweep';
import { humanMessage } from '../api/validation';

type Sweep = z.output<typeof SweepSchema>;

export interface SweepProblem {
  /** Where in the design: ['sweep', 'values', k]. */
  path: (string | number)[];
  message: string;
}

/** A scheduler's numeric parameters a sweep may vary: those with a number, and those sized automatically when unset. */
export function sweepableParameters(spec: SchedulerSpec): string[] {
  const numbers = Object.entries(spec)
    .filter(([, v]) => typeof v === 'number')
    .map(([k]) => k);
  const auto = Object.keys(descriptionOf(spec.kind).auto ?? {});
  return [...numbers, ...auto.filter((k) => !numbers.includes(k))];
}

/**
 * What a scheduler sweep names that is not there: a scheduler past the end of the list, or an
 * option of it that is not a number it can be swept over. A design and an experiment file are
 * held to the same (a file's sweep of scheduler 6 of 2 would otherwise run unswept, unsaid).
 */
function sweptSchedulerProblem(schedulers: readonly SchedulerSpec[], sweep: Extract<Sweep, { target: 'scheduler' }>): SweepProblem | undefined {
  const target = schedulers[sweep.scheduler] as SchedulerSpec | undefined;
  if (!target) return { path: ['sweep', 'scheduler'], message: `there is no scheduler ${sweep.scheduler + 1}` };
  if (!sweepableParameters(target).includes(sweep.parameter))
    return {
      path: ['sweep', 'parameter'],
      message: `${optionLabel(target.kind, sweep.parameter)} is not a number ${findDescription(target.kind)?.title ?? 'this scheduler'} can be swept over`,
    };
  return undefined;
}

/**
 * Every sweep value checked, before anything runs, as the run it makes would be: the scheduler
 * with the value set, or the simulation options with it. A value the scheduler or the options
 * refuse (a negative wait, a heartbeat of 0) is named with the option's label, the scheduler and
 * the reason, at its place in the list of values. A sweep of a scheduler or option that is not
 * there is named once, at the sweep's scheduler or parameter.
 */
export function sweepProblems(schedulers: readonly SchedulerSpec[], simulation: SimulationOptionsInput | undefined, sweep: Sweep | undefined): SweepProblem[] {
  if (!sweep || sweep.target === 'servers') return [];
  if (sweep.target === 'scheduler') {
    // A recorded card of a scheduler file not loaded here cannot be checked: a run of it loads the file first.
    const swept = schedulers[sweep.scheduler] as SchedulerSpec | undefined;
    if (swept && !findDescription(swept.kind)) return [];
    const missing = sweptSchedulerProblem(schedulers, sweep);
    if (missing) return [missing];
  }
  const problems: SweepProblem[] = [];
  sweep.values.forEach((value, k) => {
    if (sweep.target === 'scheduler') {
      const spec = schedulers[sweep.scheduler];
      const r = SchedulerSpecSchema.safeParse({ ...spec, [sweep.parameter]: value });
      if (!r.success) {
        const why = humanMessage(r.error.issues.find((i) => i.path[0] === sweep.parameter) ?? r.error.issues[0]);
        problems.push({
          path: ['sweep', 'values', k],
          message: `${optionLabel(spec.kind, sweep.parameter)} = ${value} for scheduler ${sweep.scheduler + 1} (${descriptionOf(spec.kind).title}): ${why}`,
        });
      }
    } else {
      const r = SimulationOptionsSchema.safeParse({ ...(simulation ?? {}), [sweep.parameter]: value });
      if (!r.success) {
        const why = humanMessage(r.error.issues.find((i) => i.path[0] === sweep.parameter) ?? r.error.issues[0]);
        problems.push({ path: ['sweep', 'values', k], message: `${simulationLabel(sweep.parameter)} = ${value}: ${why}` });
      }
    }
  });
  return problems;
}
