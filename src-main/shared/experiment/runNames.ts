import type { z } from 'zod';
import { schedulerLabel, type SchedulerSpec } from '../schedulers';
import type { SweepSchema } from './sweep';

type Sweep = z.output<typeof SweepSchema>;

/** A swept value as a run's name shows it: six significant digits, no trailing zeros. */
const valueText = (v: number) => String(Number(v.toPrecision(6)));

/**
 * The name a run is reported under (RunPlan.label): its scheduler's label, with the swept value
 * when there is one. Comparisons, reports and result files tell configurations apart by it.
 */
export function runName(base: string, sweep: Sweep | undefined, value: number | undefined): string {
  if (value === undefined || !sweep) return base;
  if (sweep.target === 'scheduler') return `${base} ${sweep.parameter}=${valueText(value)}`;
  if (sweep.target === 'servers') return `${base} · ${valueText(value)} servers`;
  return `${base} · ${sweep.parameter}=${valueText(value)}`;
}

export interface NameClash {
  path: (string | number)[];
  message: string;
}

/**
 * Where two configurations of one design would be reported under one name, which comparisons
 * would then take for one configuration (their runs mixed, a seed counted twice): two schedulers
 * with the same label (two Fair cards that differ only in their waits are both "fair (delay)"), or
 * two swept values that read the same. Each is named at the later one, with what to do.
 */
export function runNameClashes(schedulers: readonly SchedulerSpec[], sweep: Sweep | undefined): NameClash[] {
  const clashes: NameClash[] = [];
  const swept = sweep?.target === 'scheduler' ? sweep.scheduler : undefined;
  if (sweep) {
    const seen = new Map<string, number>();
    sweep.values.forEach((v, k) => {
      const text = valueText(v);
      const first = seen.get(text);
      if (first === undefined) seen.set(text, k);
      else
        clashes.push({
          path: ['sweep', 'values', k],
          message: sweep.values[first] === v ? `${text} is listed twice` : `reads as ${text}, as value ${first + 1} does: its runs would share that one's name`,
        });
    });
  }
  const owner = new Map<string, number>();
  schedulers.forEach((spec, s) => {
    const base = schedulerLabel(spec);
    const names = s === swept && sweep ? sweep.values.map((v) => runName(base, sweep, v)) : [base];
    const other = names.map((n) => owner.get(n)).find((o) => o !== undefined);
    if (other !== undefined) {
      const name = names.find((n) => owner.get(n) === other)!;
      clashes.push({
        path: ['schedulers', s, 'label'],
        message: `its runs and scheduler ${other + 1}'s would both be reported as "${name}", so a comparison would mix them: give one of the two a label`,
      });
      return;
    }
    for (const n of names) owner.set(n, s);
  });
  return clashes;
}
