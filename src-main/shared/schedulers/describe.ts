import type { z } from 'zod';
import type { Concurrency, NodeShape } from './concurrency';

/**
 * What the studio shows and checks of one scheduler, before any of it runs: its kind, its options
 * (a zod schema with the papers' defaults), the name the designer lists it under, a label for each
 * option, the choices of its enumerated options, and the name a run is reported under. The policy
 * itself lives in src-main/schedulers/<kind>.ts, which the renderer cannot import; this half is
 * what it can (docs/architecture.md "Schedulers").
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
  /** Options that mean nothing with these settings (a parameter of another policy): the card leaves them out. */
  hidden?: (spec: z.output<S>) => readonly string[];
  /** Lines the card shows under its options, reading the settings in the charts' units. */
  notes?: (spec: z.output<S>) => readonly string[];
  /**
   * What its runs are priced as by the run-time estimate (shared/experiment/runEstimate.ts), where a
   * setting changes the cost as much as a kind does (ILA's variant); its kind when absent.
   */
  costKey?: (spec: z.output<S>) => string;
  /** The name a run is reported under when the user gave no label. */
  runLabel(spec: z.output<S>): string;
  /** What it can run at once on these worker nodes with these settings. */
  concurrency(spec: z.output<S>, nodes: readonly NodeShape[]): Concurrency;
}

export function describeScheduler<K extends string, S extends z.ZodType>(d: SchedulerDescription<K, S>): SchedulerDescription<K, S> {
  return d;
}
