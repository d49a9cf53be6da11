import { descriptionOf, optionLabel, SchedulerSpecSchema, type SchedulerSpec } from '../schedulers';
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

/**
 * Every sweep value checked, before anything runs, as the run it makes would be: the scheduler
 * with the value set, or the simulation options with it. A value the scheduler or the options
 * refuse (a negative wait, a heartbeat of 0) is named with the option's label, the scheduler and
 * the reason, at its place in the list of values.
 */
export function sweepProblems(schedulers: readonly SchedulerSpec[], simulation: SimulationOptionsInput | undefined, sweep: Sweep | undefined): SweepProblem[] {
  if (!sweep || sweep.target === 'servers') return [];
  const problems: SweepProblem[] = [];
  sweep.values.forEach((value, k) => {
    if (sweep.target === 'scheduler') {
      const spec = schedulers[sweep.scheduler] as SchedulerSpec | undefined;
      if (!spec) return;
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
