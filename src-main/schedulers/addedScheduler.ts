import { z } from 'zod';
import { AddedCardSchema, type AddedCard } from '@shared/schedulers';
import type { OptionValue } from '@shared/schedulers/describe';
import { labelText } from '@shared/files/controlCharacters';
import { containerAuto, containerLabels, containers, containerSizeLabels, slotAuto, slotLabels, slots } from '@shared/schedulers/options';
import type { Capability, Scheduler, SchedulerTopology, ViewWith } from '../engine/scheduling/schedulerApi';
import type { EngineJob } from '../engine/core/model';
import type { RunContext } from './plugin';

type CapacityShape<T extends AddedCard['capacity']> = T extends 'slots' ? typeof slots : typeof containers;

/** What an added scheduler's policy is given: its options with their defaults, and the slot or container options it runs on. */
export type AddedSpec<O extends z.ZodRawShape, T extends AddedCard['capacity']> = z.output<z.ZodObject<O & CapacityShape<T>>> & {
  kind: string;
  label?: string;
};

/**
 * A scheduler added beside the built-ins in one file: what the designer shows (title, options as
 * zod with their defaults, a label for each), what it runs tasks in, and its policy. Registering it
 * (one export line in added/index.ts) makes it a kind of the designer's menu, of saved designs, of
 * runs and of reports; docs/architecture.md "Adding a scheduler" walks through one.
 */
export interface AddedScheduler<
  O extends z.ZodRawShape = z.ZodRawShape,
  T extends AddedCard['capacity'] = AddedCard['capacity'],
  C extends Capability = Capability,
> {
  kind: string;
  title: string;
  /** Hadoop 1 slots or YARN containers: its options gain the matching sizes (slots per node, or vcores and memory per NodeManager). */
  capacity: T;
  /** Its own options, with the defaults the designer shows. Every one the card shows needs a label. */
  options: O;
  labels: { [K in keyof O]: string };
  auto?: { [K in keyof O]?: string };
  choiceLabels?: { [K in keyof O]?: Record<string, string> };
  /** Lines the card shows under its options: what the policy does, in words. */
  notes?: readonly string[];
  /**
   * Options shown only under some settings: per option, each other option it depends on and the
   * values that show it (`{ window: { policy: ['sliding'] } }`), as PRISM's and FAWKES' cards do.
   */
  shownWhen?: { [K in keyof O]?: Record<string, readonly OptionValue[]> };
  /** Names for its runs under some settings, the first that holds: `[{ when: { order: ['oldest'] }, name: 'Oldest first' }]`. */
  runNames?: readonly { when: { [K in keyof O]?: readonly OptionValue[] }; name: string }[];
  /** Options the run's name shows beside the kind, in order. */
  labelOptions?: readonly (keyof O & string)[];
  /** What the policy uses beyond the core view (engine/scheduling/schedulerApi.ts `Capabilities`). */
  capabilities: readonly C[];
  create(spec: AddedSpec<O, T>, context: RunContext): Scheduler<ViewWith<C>>;
  /**
   * What a run of this card on this cluster and these jobs would fail on, in words, before it runs
   * (the designer shows them beside the card; the CLI's run refuses with them). At most `limit`.
   */
  checkDesign?(spec: AddedSpec<O, T>, topology: SchedulerTopology, jobs: readonly EngineJob[], limit: number): string[];
}

export function defineAddedScheduler<O extends z.ZodRawShape, T extends AddedCard['capacity'], C extends Capability = never>(
  s: AddedScheduler<O, T, C>,
): AddedScheduler<O, T, C> {
  return s;
}

/** The card the renderer gets: the options as JSON Schema (with the capacity options and `kind`/`label`), every label, checked. */
export function cardOf(s: AddedScheduler): AddedCard {
  const capacityShape = s.capacity === 'slots' ? slots : containers;
  const schema = z.strictObject({ kind: z.literal(s.kind), label: labelText().optional(), ...capacityShape, ...s.options });
  const capacityLabels: Record<string, string> = s.capacity === 'slots' ? slotLabels : { ...containerSizeLabels, ...containerLabels };
  const card = {
    kind: s.kind,
    title: s.title,
    options: z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>,
    labels: { ...capacityLabels, ...(s.labels as Record<string, string>) },
    auto: { ...(s.capacity === 'slots' ? slotAuto : containerAuto), ...(s.auto as Record<string, string> | undefined) },
    choiceLabels: s.choiceLabels as AddedCard['choiceLabels'],
    capacity: s.capacity,
    labelOptions: s.labelOptions ? [...s.labelOptions] : undefined,
    notes: s.notes?.length ? [...s.notes] : undefined,
    shownWhen: s.shownWhen as AddedCard['shownWhen'],
    runNames: s.runNames as AddedCard['runNames'],
  };
  const checked = AddedCardSchema.safeParse(card);
  if (!checked.success)
    throw new Error(
      `the added scheduler "${s.kind}" is not well described: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return checked.data;
}
