import { z } from 'zod';
import { capacityLine, type Concurrency, type NodeShape } from './concurrency';
import { runNameOf, type SchedulerDescription } from './describe';
import { describeCard, SchedulerKindSchema, type AddedCard, type BuiltInCard } from './addedCard';

export type { PoolConfig, QueueConfig } from './options';
export type { AddedCard, BuiltInCard } from './addedCard';
export { describeScheduler, hiddenOptions, runNameOf, type RunNameRule, type SchedulerDescription, type ShownWhen, type SpecOf } from './describe';
export {
  AddedCardSchema,
  BuiltInCardSchema,
  ChoiceLabelsSchema,
  KIND_PATTERN,
  KIND_RULE,
  NOTE_MAX_CHARS,
  NOTES_MAX,
  RunNamesSchema,
  SchedulerKindSchema,
  ShownWhenSchema,
  TITLE_MAX,
} from './addedCard';
export type { Concurrency, NodeShape };
export { nodeShapes, parityGap, PARITY_FACTOR } from './concurrency';
export { PoolSchema, QueueSchema } from './options';

/** A scheduler's description as the registry holds it, whatever its options. */
export type AnyDescription = SchedulerDescription<string, z.ZodType<Record<string, unknown> & { kind: string }>>;

/**
 * The registry of schedulers the studio offers (docs/architecture.md "Schedulers"), filled at start:
 * in main by src-main/schedulers/registry.ts from each built-in's file (description and policy in
 * one), in the renderer from the cards main sends. Built-ins first, in the designer's menu order.
 */
const builtIn = new Map<string, AnyDescription>();
/** Schedulers added beside the built-ins (those src-main/schedulers/added/index.ts exports, and plug-in files), by kind, in the order they came. */
const added = new Map<string, { card: AddedCard; description: AnyDescription }>();
/** The union of every registered scheduler's options, rebuilt whenever one is registered. */
let current: z.ZodType = noSchedulers();

/** What a spec reads as before any scheduler is registered: a mistake of the entry (it registers them first), said as such. */
function noSchedulers(): z.ZodType {
  return z.custom(() => false, { message: 'no scheduler is registered in this process yet (src-main/schedulers/registry.ts is imported first)' });
}

function rebuildUnion(): void {
  const schemas = [...builtIn.values(), ...[...added.values()].map((a) => a.description)].map((d) => d.schema);
  current = schemas.length === 0 ? noSchedulers() : z.discriminatedUnion('kind', schemas as unknown as [z.ZodObject, ...z.ZodObject[]]);
}

/**
 * Make a built-in scheduler known to specs, designs, the designer and the reports: in main its
 * description (from its file), in the renderer the description its card rebuilds. Registering the
 * same description again changes nothing; another of a registered kind is refused.
 */
export function registerBuiltInScheduler(d: AnyDescription): void {
  const known = builtIn.get(d.kind);
  if (known === d) return;
  if (known || added.has(d.kind)) throw new Error(`a scheduler of kind "${d.kind}" is already in the studio`);
  builtIn.set(d.kind, d);
  rebuildUnion();
}

/** Make a built-in known from the card main sent (the renderer); the same card again changes nothing. */
export function registerBuiltInCard(card: BuiltInCard): void {
  const known = builtIn.get(card.kind);
  if (known && builtInCardText.get(card.kind) === JSON.stringify(card)) return;
  registerBuiltInScheduler(describeCard(card));
  builtInCardText.set(card.kind, JSON.stringify(card));
}
const builtInCardText = new Map<string, string>();

/** Whether `kind` is a built-in scheduler's. */
export const isBuiltInKind = (kind: string): boolean => builtIn.has(kind);

/** The built-in schedulers' descriptions, in the designer's menu order. */
export function builtInDescriptions(): readonly AnyDescription[] {
  return [...builtIn.values()];
}

/**
 * Every scheduler's options, told apart by `kind`: the built-ins' (registered at start) and any
 * added with addSchedulerCard. The files' JSON Schema knows the built-ins; parsing knows every
 * scheduler registered so far: a spec is checked against the union as it stands at that parse
 * (rebuilt whenever a scheduler is registered), its problems reported as the union's own, at the
 * spec's place in the file.
 * tests/unit/schedulers/addedScheduler.test.ts pins it.
 */
export const SchedulerSpecSchema = z.custom<SchedulerSpecInput>().transform((value, ctx) => specParsedBy(current, value, ctx));

/** A card of a scheduler this studio does not have: its kind, as scheduler files name theirs (runner/pluginFile.ts), and what was recorded with it. */
const UnknownCardSchema = z.looseObject({
  kind: SchedulerKindSchema,
  label: z.string().optional(),
});

/**
 * A card as a result file or a stored batch recorded it: read as its scheduler reads it when the
 * studio has the kind, and kept as recorded when it has not (a scheduler file of the user's that
 * this process has not loaded), so a result of a plug-in's runs opens, reports and compares
 * without the file. Running the card again still needs the file (SchedulerSpecSchema).
 */
export const RecordedSchedulerSpecSchema = z.custom<SchedulerSpecInput>().transform((value, ctx) => {
  const kind = (value as { kind?: unknown } | null | undefined)?.kind;
  return specParsedBy(typeof kind === 'string' && !findDescription(kind) ? UnknownCardSchema : current, value, ctx);
});

/** `value` parsed by `schema`, its problems reported as the spec's own, at the spec's place in the file. */
function specParsedBy(schema: z.ZodType, value: unknown, ctx: z.RefinementCtx): SchedulerSpec {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as SchedulerSpec;
  for (const issue of parsed.error.issues) ctx.issues.push({ ...issue, input: value } as (typeof ctx.issues)[number]);
  return z.NEVER;
}

/** The built-ins' options as JSON Schema, where a file's schema names a scheduler spec (shared/files/jsonSchemas.ts). */
export function schedulerSpecJsonSchema(io: 'input' | 'output'): Record<string, unknown> {
  const union = z.discriminatedUnion('kind', [...builtIn.values()].map((d) => d.schema) as unknown as [z.ZodObject, ...z.ZodObject[]]);
  const { $schema: _, ...schema } = z.toJSONSchema(union, { io, unrepresentable: 'any' });
  return schema;
}

/**
 * A scheduler card as shared code and the renderer hold it: its kind, its label, and options only
 * its scheduler's description reads (describe.ts). Shared code never narrows on a kind; the
 * precise union of the built-ins' cards is main's (src-main/schedulers/builtIns.ts), beside
 * the policies that read them.
 */
export type SchedulerSpec = { kind: string; label?: string; [option: string]: unknown };
/** A card as a file or the designer gives it, before defaults are filled in. */
export type SchedulerSpecInput = SchedulerSpec;

/**
 * Make a scheduler added beside the built-ins known to the designer, the checks and the reports
 * (in main from its registry line, in the renderer from the catalogue main sends). Adding the same
 * card again changes nothing; a kind a built-in has, or another card's, is refused.
 */
export function addSchedulerCard(card: AddedCard): void {
  const known = added.get(card.kind);
  if (known && JSON.stringify(known.card) === JSON.stringify(card)) return;
  const builtInOfKind = builtIn.get(card.kind);
  if (builtInOfKind)
    throw new Error(`a scheduler of kind "${card.kind}" is already in the studio: it is the built-in ${builtInOfKind.title}; give yours another kind`);
  if (known) throw new Error(`a scheduler of kind "${card.kind}" is already in the studio, with another title or options`);
  added.set(card.kind, { card, description: describeCard(card) });
  rebuildUnion();
}

/** The cards of the schedulers added so far (what main sends the renderer). */
export function addedSchedulerCards(): AddedCard[] {
  return [...added.values()].map((a) => a.card);
}

/**
 * Scheduler files' cards as the results and history entries that ran them recorded them (runner/pluginRefs.ts),
 * for the kinds this process has not loaded: they name a result's runs and settings in words. They
 * describe only: no spec of theirs parses as runnable (SchedulerSpecSchema), and a file loaded
 * later takes its kind's place.
 */
const recorded = new Map<string, AnyDescription>();
/** Each recorded kind's card as text: the history list reads the same card for every entry that ran it, and makes its description once. */
const recordedText = new Map<string, string>();

/** Know the cards a result or history entry recorded of its scheduler files (the latest reading of a kind wins). */
export function knowRecordedCards(refs: readonly { card?: AddedCard }[] | undefined): void {
  for (const { card } of refs ?? []) {
    if (!card || builtIn.has(card.kind)) continue;
    const text = JSON.stringify(card);
    if (recordedText.get(card.kind) === text) continue;
    recordedText.set(card.kind, text);
    try {
      recorded.set(card.kind, describeCard(card));
    } catch {
      // A card whose options cannot be read names nothing: its runs go by their kind, as without it.
      recorded.delete(card.kind);
    }
  }
}

/** What names a kind's runs and options: the scheduler's own description, else the card a result recorded of it. */
const namingOf = (kind: string): AnyDescription | undefined => findDescription(kind) ?? recorded.get(kind);

/** Whether a card of a kind this process has not loaded reads as the card a result recorded of its scheduler says it should. */
export function readsAsRecorded(spec: { kind: string }): boolean {
  return !findDescription(spec.kind) && recorded.get(spec.kind)?.schema.safeParse(spec).success === true;
}

/** A scheduler's title, as its description or a recorded card gives it; its kind when neither does. */
export const schedulerTitle = (kind: string): string => namingOf(kind)?.title ?? kind;

/** Every scheduler's description, built-ins first in the designer's menu order, then those added. */
export function schedulerDescriptions(): readonly AnyDescription[] {
  return [...builtIn.values(), ...[...added.values()].map((a) => a.description)];
}

/** The description of a kind, if this studio has it (a design saved by a build with another added scheduler names one it has not). */
export function findDescription(kind: string): AnyDescription | undefined {
  // Own keys only: a kind read from a file may be any word, `constructor` included.
  return builtIn.get(kind) ?? added.get(kind)?.description;
}

/** The description of a kind; a kind neither built in nor added is a mistake in the caller (specs are parsed first). */
export function descriptionOf(kind: string): AnyDescription {
  const d = findDescription(kind);
  if (!d) throw new Error(`no scheduler of kind "${kind}" in this studio`);
  return d;
}

/**
 * The name a run is reported under: the label if given, else the scheduler's own (its run name
 * under its settings, describe.ts `runNameOf`). A kind this studio has not (a design or history
 * entry saved by a build with another added scheduler) is named by its kind; a card saved without
 * the settings its names read goes by the scheduler's name alone. Names are data, so naming never
 * fails: one card must not keep a list of saved work (experiments, run history, an import's
 * preview, presets) from opening.
 */
export function schedulerLabel(spec: SchedulerSpec): string {
  if (spec.label) return spec.label;
  const d = namingOf(spec.kind);
  return d ? runNameOf(d, spec) : spec.kind;
}

/** The designer's label of one option of a scheduler (its key when the scheduler gives none). */
export function optionLabel(kind: string, key: string): string {
  if (key === 'kind') return 'Kind';
  if (key === 'label') return 'Label';
  const labels: Partial<Record<string, string>> = namingOf(kind)?.labels ?? {};
  return labels[key] ?? key;
}

/** The designer's words for a chosen value of an option ("First come, first served (YARN default)" for `fifo`), if it has any. */
export function choiceLabel(kind: string, key: string, value: unknown): string | undefined {
  const labels = namingOf(kind)?.choiceLabels?.[key];
  return labels && typeof value === 'string' && Object.hasOwn(labels, value) ? labels[value] : undefined;
}

/** What a scheduler can run at once on these nodes with its settings (the designer's capacity line). */
export function schedulerConcurrency(spec: SchedulerSpec, nodes: readonly NodeShape[]): Concurrency {
  const d = namingOf(spec.kind);
  if (!d) throw new Error(`no scheduler of kind "${spec.kind}" in this studio`);
  return capacityLine(d.capacity, spec, nodes);
}
