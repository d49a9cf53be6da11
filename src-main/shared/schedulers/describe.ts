import type { z } from 'zod';
import type { CapacityKind } from './concurrency';
import type { RunRuleName } from './queueRules';

/**
 * What the studio shows and checks of one scheduler, before any of it runs: its kind, its options
 * (a zod schema with the papers' defaults), the name the designer lists it under, a label for each
 * option, the choices of its enumerated options, and the name a run is reported under. A built-in's
 * is written beside its policy in src-main/schedulers/<kind>.ts, which the renderer cannot import:
 * the renderer rebuilds it from the card main sends (addedCard.ts `BuiltInCard`; docs/architecture.md "Schedulers").
 */
export interface SchedulerDescription<K extends string, S extends z.ZodType> {
  kind: K;
  schema: S;
  /** How the designer's kind menu names it. */
  title: string;
  /** Label of each option the designer's card shows, in the card's order. */
  labels: Record<string, string>;
  /** Numeric options that may be left unset, with what unset means (the card's placeholder). */
  auto?: Record<string, string>;
  /** What it takes from the profile store, when it takes anything: a design using it pins them (shared/experiment/pinnedProfiles.ts). */
  usesProfiles?: string;
  /** Allowed values of enumerated options, in menu order. */
  choices?: Record<string, readonly string[]>;
  /** Words for those values, where the value alone would speak code (the menu shows the words). */
  choiceLabels?: Record<string, Record<string, string>>;
  /**
   * Options that mean something only with some settings (a parameter of one policy of several): the
   * card shows each only while every option it names holds one of the values listed
   * (`{ psi: { policy: ['ru'] } }`). Data, so an added scheduler's card says it as a built-in does.
   */
  shownWhen?: ShownWhen;
  /**
   * What its card may not hold beyond each option's own limits, as YARN refuses it when the
   * ResourceManager starts (Capacity's queue tree, Fair's pools; queueRules.ts `RUN_RULES`): checked
   * where a design is to run, not where a result records what ran (shared/experiment/designRules.ts).
   */
  runRules?: readonly RunRuleName[];
  /** Lines the card shows under its options, reading the settings in the charts' units. */
  notes?: (spec: z.output<S>) => readonly string[];
  /**
   * The option whose value its runs are priced as by the run-time estimate
   * (shared/experiment/runEstimate.ts), where a setting changes the cost as much as a kind does
   * (ILA's variant); its kind when absent.
   */
  costOption?: string;
  /** The name a run is reported under when the user gave no label, with none of `runNames` holding. */
  runName: string;
  /**
   * Names for runs under some settings, as data: the first whose conditions all hold names the run
   * (`{ when: { jobOrder: ['submission'] }, name: 'PRISM (submission order)' }`).
   */
  runNames?: readonly RunNameRule[];
  /** Options a run's name shows beside `runName` when no rule names it ("Toy (which job first: the oldest)"), in order. */
  labelOptions?: readonly string[];
  /** What it runs tasks in, which decides what it can run at once with its settings (concurrency.ts `capacityLine`). */
  capacity: CapacityKind;
}

export function describeScheduler<K extends string, S extends z.ZodType>(d: SchedulerDescription<K, S>): SchedulerDescription<K, S> {
  return d;
}

/** Settings, as data: each named option holds one of the values listed. */
export type Conditions = Readonly<Record<string, readonly OptionValue[]>>;
export type OptionValue = string | number | boolean;
/** A run's name under some settings (describe.ts `runNames`). */
export interface RunNameRule {
  when: Conditions;
  name: string;
}

/** Whether every option `when` names holds one of its listed values in `spec`. */
export const holds = (when: Conditions, spec: Readonly<Record<string, unknown>>): boolean =>
  Object.entries(when).every(([option, values]) => values.includes(spec[option] as OptionValue));

/** The name of the first of `rules` that holds for `spec`, if any does. */
export const ruleName = (rules: readonly RunNameRule[] | undefined, spec: Readonly<Record<string, unknown>>): string | undefined =>
  rules?.find((r) => holds(r.when, spec))?.name;

type Naming = Pick<SchedulerDescription<string, z.ZodType>, 'runName' | 'runNames' | 'labelOptions' | 'labels' | 'choiceLabels'>;

/** The name a run of `spec` is reported under when the user gave it no label. */
export function runNameOf(d: Naming, spec: Readonly<Record<string, unknown>>): string {
  return ruleName(d.runNames, spec) ?? nameWithOptions(d, d.runName, spec);
}

/** `name`, with the options `labelOptions` lists and their settings in words ("Toy (which job first: the oldest)"). */
export function nameWithOptions(d: Omit<Naming, 'runName' | 'runNames'>, name: string, spec: Readonly<Record<string, unknown>>): string {
  const shown = (d.labelOptions ?? []).map(
    (k) => `${(d.labels[k] ?? k).toLowerCase()}: ${d.choiceLabels?.[k]?.[String(spec[k])]?.toLowerCase() ?? String(spec[k])}`,
  );
  return shown.length ? `${name} (${shown.join(', ')})` : name;
}

/** Per option, the settings it means something under. */
export type ShownWhen = Readonly<Record<string, Conditions>>;

/** The options a card leaves out with these settings, because what `shownWhen` asks of them does not hold. */
export function hiddenOptions(shownWhen: ShownWhen | undefined, spec: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(shownWhen ?? {})
    .filter(([, when]) => !holds(when, spec))
    .map(([key]) => key);
}

/** A scheduler's card as its policy reads it: its description's options, defaults filled in. */
export type SpecOf<D extends { schema: z.ZodType }> = z.output<D['schema']>;
