import type { z } from 'zod';
import { addedSchedulerCards, optionLabel, schedulerLabel, type SchedulerSpec } from '../schedulers';
import { formerAddedRunLabel } from '../schedulers/addedCard';
import { simulationLabel } from './simulationLabels';
import type { SweepSchema } from './sweep';

type Sweep = z.output<typeof SweepSchema>;

/** A swept value as a run's name shows it: six significant digits, no trailing zeros. */
const valueText = (v: number) => String(Number(v.toPrecision(6)));

/** The swept parameter in the words its card shows it ("Node-locality wait s", "Heartbeat s"), never its key. */
export function sweptParameterWords(sweep: Exclude<Sweep, { target: 'servers' }>, kind: string): string {
  return sweep.target === 'scheduler' ? optionLabel(kind, sweep.parameter) : simulationLabel(sweep.parameter).replace(/ \(optional\)$/, '');
}

/**
 * The name a run of `spec` is reported under (RunPlan.label): its scheduler's label, with the swept
 * value when there is one ("fair (delay) · Node-locality wait s = 5", "fifo · 40 servers").
 * Comparisons, reports and result files tell configurations apart by it. A swept setting is read
 * with its value applied: a Fair card with no waits swept to a node wait of 5 s runs delay
 * scheduling, and is named so, not "fair (greedy locality)".
 */
export function runName(spec: SchedulerSpec, sweep: Sweep | undefined, value: number | undefined, labelOf = schedulerLabel): string {
  if (value === undefined || !sweep) return labelOf(spec);
  if (sweep.target === 'servers') return `${labelOf(spec)} · ${valueText(value)} ${value === 1 ? 'server' : 'servers'}`;
  const base = labelOf(sweep.target === 'scheduler' ? ({ ...spec, [sweep.parameter]: value } as SchedulerSpec) : spec);
  return `${base} · ${sweptParameterWords(sweep, spec.kind)} = ${valueText(value)}`;
}

/**
 * The part of a swept run's name after its scheduler, as a chart legend or a column header has room
 * for: the value with the unit the setting's words end in ("5 s" for "Node-locality wait s = 5"),
 * short words kept ("α = 0.5" for "α (eq. 1) = 0.5"), else the value alone. The full name stays
 * in the summary table, a header's hover and exports; groups.ts keeps it whole where two would read alike.
 */
export function compactSweptValue(words: string, value: number): string {
  const unit = / (s|MB|GB)$/.exec(words)?.[1];
  if (unit) return `${valueText(value)} ${unit}`;
  const bare = words.replace(/\s*\(.*\)$/, '');
  return bare.length <= SHORT_WORDS ? `${bare} = ${valueText(value)}` : valueText(value);
}
/** The most characters of a setting's words a compact name keeps ("JT/TT a", "Heartbeat"). */
const SHORT_WORDS = 12;

/** `label` with its sweep's " · words = value" put compactly (compactSweptValue); as it is when it has none. */
export function compactSweptName(label: string, sweep: Sweep | undefined, kind: string, value: number | undefined): string {
  if (!sweep || sweep.target === 'servers' || value === undefined) return label;
  const words = sweptParameterWords(sweep, kind);
  return label.replace(` · ${words} = ${valueText(value)}`, ` · ${compactSweptValue(words, value)}`);
}

/**
 * The names earlier builds gave the same run, where they differ from runName's: result files
 * written then still name their runs so, and reading one back (services/resultFiles.ts) finds each
 * run's place by any of them.
 * - Before 2026-11-30 10:57: the parameter's key ("fair (delay) nodeLocalityWaitS=5").
 * - From then until store version 7 (the same day): the card's label without the swept value applied ("fair (greedy
 *   locality) · Node-locality wait s = 5" for a card with no waits swept to 5 s).
 * - Before store version 8 (2026-12-01): a sweep's one server counted as "1 servers".
 * - Before store version 9 (2026-12-01): a card without a label named by its kind in lower case
 *   ("fifo", "fair (delay)"; formerDefaultLabel), in each of the forms above.
 * - Before 2026-12-02: a card of an added scheduler (a plug-in file) named by its kind, not its title.
 */
export function formerRunNames(spec: SchedulerSpec, sweep: Sweep | undefined, value: number | undefined): string[] {
  const current = runName(spec, sweep, value);
  const names = [runName(spec, sweep, value, formerLabel), ...formerSweptNames(spec, sweep, value)];
  return [...new Set(names)].filter((name) => name !== current);
}

/** The names builds before store version 8 gave a swept run (its card named as then, formerLabel). */
function formerSweptNames(spec: SchedulerSpec, sweep: Sweep | undefined, value: number | undefined): string[] {
  if (value === undefined || !sweep) return [];
  const base = formerLabel(spec);
  if (sweep.target === 'servers') return value === 1 ? [`${base} · 1 servers`] : [];
  const byKey = sweep.target === 'scheduler' ? `${base} ${sweep.parameter}=${valueText(value)}` : `${base} · ${sweep.parameter}=${valueText(value)}`;
  return [byKey, unsweptBaseName(spec, sweep, value, formerLabel)];
}

/**
 * The name builds before store version 9 gave a built-in card without a label: its kind in lower
 * case with its distinguishing settings ("fifo", "fair (delay)", "minedf (low bound), lending",
 * "fawkes DU"), kept as those builds wrote it so the runs they named are found (result files) and
 * renamed (the store's migration). An added scheduler's card (a plug-in file) was named by its kind
 * until 2026-12-02, where its title is now ("shortest-job-first", now "Shortest job first"); that
 * rename is found in result files only, as the store may open before the plug-in is loaded.
 * Undefined for a card with a label, or a kind that was never named otherwise.
 */
export function formerDefaultLabel(spec: SchedulerSpec): string | undefined {
  if (spec.label) return undefined;
  const s = spec as SchedulerSpec & Record<string, unknown>;
  switch (s.kind) {
    case 'fifo':
    case 'drf':
    case 'late':
      return s.kind;
    case 'finegrained':
      return 'finer-grained cpu';
    case 'fair':
      return s.nodeLocalityWaitS === 0 && s.rackLocalityWaitS === 0 ? 'fair (greedy locality)' : 'fair (delay)';
    case 'capacity':
      return s.orderingPolicy === 'fair' ? 'capacity (fair order)' : 'capacity';
    case 'prism':
      return s.jobOrder === 'submission' ? 'prism (submission order)' : 'prism';
    case 'ila':
      return String(s.variant);
    case 'minedf':
      return [s.bound === 'avg' ? 'minedf' : `minedf (${String(s.bound)} bound)`, s.spare === 'none' ? '' : s.spare === 'lend' ? 'lending' : 'lending, killing']
        .filter(Boolean)
        .join(', ');
    case 'fawkes':
      return `fawkes ${String(s.policy).toUpperCase()}`;
    default: {
      // An added scheduler (a plug-in file) was named by its kind, where its title is now.
      const kind = (spec as { kind: string }).kind;
      const card = addedSchedulerCards().find((c) => c.kind === kind);
      return card ? formerAddedRunLabel(card, spec as unknown as Record<string, unknown> & { kind: string }) : undefined;
    }
  }
}

/** A swept run's name with its card's label as the card reads before the value is applied (builds before store version 7). */
export function unsweptBaseName(spec: SchedulerSpec, sweep: Exclude<Sweep, { target: 'servers' }>, value: number, labelOf = schedulerLabel): string {
  return `${labelOf(spec)} · ${sweptParameterWords(sweep, spec.kind)} = ${valueText(value)}`;
}

/** A card's name as builds before store version 9 gave it: its label, or the former default (formerDefaultLabel). */
export const formerLabel = (spec: SchedulerSpec): string => formerDefaultLabel(spec) ?? schedulerLabel(spec);

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

/**
 * Reads a run's name as a result file or a user gives it and returns the name the plan gives that
 * run: its own name, or one an earlier build gave it (formerRunNames: "fifo" for "FIFO").
 * Returns undefined for a name of no run in the plan.
 */
export function planNameOf(
  inputs: { schedulers: readonly SchedulerSpec[]; sweep?: Sweep },
  plan: readonly { scheduler: number; label: string; sweepValue?: number }[],
): (name: string) => string | undefined {
  const names = new Map<string, string>();
  for (const p of plan) for (const former of formerRunNames(inputs.schedulers[p.scheduler], inputs.sweep, p.sweepValue)) names.set(former, p.label);
  // A name of today wins over a former one that happens to read the same.
  for (const p of plan) names.set(p.label, p.label);
  return (name) => names.get(name);
}
