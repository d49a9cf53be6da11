import type { z } from 'zod';
import { optionLabel, schedulerLabel, type SchedulerSpec } from '../schedulers';
import { simulationLabel } from './simulationLabels';
import type { SweepSchema } from './sweep';

type Sweep = z.output<typeof SweepSchema>;

/** A swept value as a run's name shows it: six significant digits, no trailing zeros. */
const valueText = (v: number) => String(Number(v.toPrecision(6)));

/** The swept parameter in the words its card shows it ("Node-locality wait s", "Heartbeat s"), never its key. */
function parameterWords(sweep: Exclude<Sweep, { target: 'servers' }>, kind: string): string {
  return sweep.target === 'scheduler' ? optionLabel(kind, sweep.parameter) : simulationLabel(sweep.parameter).replace(/ \(optional\)$/, '');
}

/**
 * The name a run of `spec` is reported under (RunPlan.label): its scheduler's label, with the swept
 * value when there is one ("fair (delay) · Node-locality wait s = 5", "fifo · 40 servers").
 * Comparisons, reports and result files tell configurations apart by it. A swept setting is read
 * with its value applied: a Fair card with no waits swept to a node wait of 5 s runs delay
 * scheduling, and is named so, not "fair (greedy locality)".
 */
export function runName(spec: SchedulerSpec, sweep: Sweep | undefined, value: number | undefined): string {
  if (value === undefined || !sweep) return schedulerLabel(spec);
  if (sweep.target === 'servers') return `${schedulerLabel(spec)} · ${valueText(value)} ${value === 1 ? 'server' : 'servers'}`;
  const base = schedulerLabel(sweep.target === 'scheduler' ? ({ ...spec, [sweep.parameter]: value } as SchedulerSpec) : spec);
  return `${base} · ${parameterWords(sweep, spec.kind)} = ${valueText(value)}`;
}

/**
 * The names earlier builds gave the same run, where they differ from runName's: result files
 * written then still name their runs so, and reading one back (services/resultFiles.ts) finds each
 * run's place by any of them.
 * - Before 2026-11-30 10:57: the parameter's key ("fair (delay) nodeLocalityWaitS=5").
 * - From then until store version 7 (the same day): the card's label without the swept value applied ("fair (greedy
 *   locality) · Node-locality wait s = 5" for a card with no waits swept to 5 s).
 * - Before store version 8 (2026-12-01): a sweep's one server counted as "1 servers".
 */
export function formerRunNames(spec: SchedulerSpec, sweep: Sweep | undefined, value: number | undefined): string[] {
  if (value === undefined || !sweep) return [];
  if (sweep.target === 'servers') return value === 1 ? [oneServerFormerName(spec)] : [];
  const base = schedulerLabel(spec);
  const byKey = sweep.target === 'scheduler' ? `${base} ${sweep.parameter}=${valueText(value)}` : `${base} · ${sweep.parameter}=${valueText(value)}`;
  const current = runName(spec, sweep, value);
  return [byKey, unsweptBaseName(spec, sweep, value)].filter((name) => name !== current);
}

/** A run swept to one server as builds before store version 8 named it ("fifo · 1 servers"). */
export const oneServerFormerName = (spec: SchedulerSpec): string => `${schedulerLabel(spec)} · 1 servers`;

/** A swept run's name with its card's label as the card reads before the value is applied (builds before store version 7). */
export function unsweptBaseName(spec: SchedulerSpec, sweep: Exclude<Sweep, { target: 'servers' }>, value: number): string {
  return `${schedulerLabel(spec)} · ${parameterWords(sweep, spec.kind)} = ${valueText(value)}`;
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
    const names = s === swept && sweep ? sweep.values.map((v) => runName(spec, sweep, v)) : [schedulerLabel(spec)];
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
