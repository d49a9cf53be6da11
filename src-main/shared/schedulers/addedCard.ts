import { z } from 'zod';
import { nameWithOptions, type Conditions, type OptionValue, type SchedulerDescription, type ShownWhen } from './describe';
import { labelText, nameText } from '../files/controlCharacters';
import { RUN_RULE_NAMES, type RunRuleName } from './queueRules';

/** A scheduler's kind, as an added scheduler, a scheduler file and an experiment name it: one rule wherever a kind is read. */
export const KIND_PATTERN = /^[a-z][a-z0-9-]{1,39}$/;
export const KIND_RULE = '2-40 lower-case letters, digits or dashes, starting with a letter';
export const SchedulerKindSchema = z.string().regex(KIND_PATTERN, `must be ${KIND_RULE}`);
/** The most characters a scheduler's title may have (the designer's menu, a run's name). */
export const TITLE_MAX = 80;
/** The most lines an added scheduler's card may show under its options, and the most characters of each. */
export const NOTES_MAX = 8;
export const NOTE_MAX_CHARS = 300;

/** Settings as data (describe.ts `Conditions`): each option named, the values it may hold. */
const ConditionsSchema = z.record(
  z.string(),
  z.array(z.union([z.string(), z.number(), z.boolean()])).min(1, 'must list at least one value the option may hold'),
);
/** Words for enumerated options' values, per option. */
export const ChoiceLabelsSchema = z.record(z.string(), z.record(z.string(), z.string()));
/** Per option, the settings it is shown under (describe.ts `ShownWhen`). */
export const ShownWhenSchema = z.record(z.string(), ConditionsSchema);
/** Names for runs under some settings (describe.ts `runNames`): the first that holds names a run. */
export const RunNamesSchema = z
  .array(z.strictObject({ when: ConditionsSchema, name: nameText(TITLE_MAX).pipe(z.string().min(1, 'must not be empty')) }))
  .max(64, 'must be at most 64 names');

/** What every scheduler's card holds, built in or added: see AddedCardSchema and BuiltInCardSchema. */
const cardShape = {
  kind: SchedulerKindSchema,
  title: z.string().min(1, 'must not be empty').max(TITLE_MAX, `must be at most ${TITLE_MAX} characters`),
  /** JSON Schema of the whole spec (kind, label and its options), with the options' defaults. */
  options: z.record(z.string(), z.unknown()),
  /** Label of each option the card shows, in the card's order. */
  labels: z.record(z.string(), z.string()),
  /** Numeric options that may be left unset, with what unset means. */
  auto: z.record(z.string(), z.string()).optional(),
  /** Words for enumerated options' values. */
  choiceLabels: ChoiceLabelsSchema.optional(),
  /** What it runs tasks in: Hadoop 1 slots or YARN containers (decides the capacity line). */
  capacity: z.enum(['slots', 'containers']),
  /** Options a run's name shows beside the title ("Toy (every 2nd job)"), in order. */
  labelOptions: z.array(z.string()).optional(),
  /** Lines the card shows under its options: what the policy does, in its author's words. */
  notes: z.array(nameText(NOTE_MAX_CHARS)).max(NOTES_MAX, `must be at most ${NOTES_MAX} lines`).optional(),
  /** Options shown only under some settings (describe.ts `shownWhen`), as a built-in's are. */
  shownWhen: ShownWhenSchema.optional(),
  /** Names for its runs under some settings (describe.ts `runNames`), as a built-in's are. */
  runNames: RunNamesSchema.optional(),
};

/** What is wrong with a card's words against its own options (shared by added and built-in cards). */
function cardProblems(
  card: Pick<AddedCard, 'options' | 'shownWhen' | 'runNames' | 'labelOptions' | 'choiceLabels'> & { costOption?: string },
  ctx: z.RefinementCtx,
): void {
  for (const p of shownWhenProblems(card.shownWhen, card.options)) ctx.addIssue({ code: 'custom', path: ['shownWhen', ...p.path], message: p.message });
  (card.runNames ?? []).forEach((rule, i) => {
    for (const p of conditionProblems(rule.when, card.options)) ctx.addIssue({ code: 'custom', path: ['runNames', i, 'when', ...p.path], message: p.message });
  });
  (card.labelOptions ?? []).forEach((option, i) => {
    if (!isOptionOf(card.options, option))
      ctx.addIssue({ code: 'custom', path: ['labelOptions', i], message: `"${option}" names no option of this scheduler` });
  });
  for (const [option, words] of Object.entries(card.choiceLabels ?? {})) {
    const choices = isOptionOf(card.options, option) ? propsOf(card.options)[option].enum : undefined;
    if (!Array.isArray(choices)) ctx.addIssue({ code: 'custom', path: ['choiceLabels', option], message: 'names no option of this scheduler with choices' });
    else
      for (const value of Object.keys(words))
        if (!choices.includes(value)) ctx.addIssue({ code: 'custom', path: ['choiceLabels', option, value], message: 'is not one of its choices' });
  }
  if (card.costOption !== undefined && !Array.isArray(isOptionOf(card.options, card.costOption) ? propsOf(card.options)[card.costOption].enum : undefined))
    ctx.addIssue({ code: 'custom', path: ['costOption'], message: 'names no option of this scheduler with choices' });
}

/**
 * What the studio shows and checks of a scheduler added beside the built-ins
 * (a file of src-main/schedulers/added/, or a plug-in file), as data only, so it reaches the renderer over IPC: the renderer
 * cannot import a policy's file. Its options travel as JSON Schema (made from the scheduler's zod
 * options in main) and are checked from that same JSON Schema on both sides, so the designer and a
 * save agree on every problem. docs/architecture.md "Adding a scheduler".
 */
export const AddedCardSchema = z.strictObject(cardShape).superRefine(cardProblems);

/**
 * A built-in scheduler's card: its description (describe.ts) as data, which main makes from the
 * description and sends the renderer as it sends added schedulers' cards (src-main/schedulers/builtInCard.ts).
 * It carries what only built-ins have: a run name apart from the title, a CPU pool, the profiles it
 * takes, the option its run time is priced by, and the YARN rules its card must keep. Its notes,
 * which may read the settings, are asked of main (channel `schedulers:notes`).
 */
export const BuiltInCardSchema = z
  .strictObject({
    ...cardShape,
    capacity: z.enum(['slots', 'containers', 'cpuPool']),
    runName: nameText(TITLE_MAX).pipe(z.string().min(1, 'must not be empty')),
    costOption: z.string().optional(),
    usesProfiles: nameText(NOTE_MAX_CHARS).optional(),
    runRules: z.array(z.enum(RUN_RULE_NAMES as [RunRuleName, ...RunRuleName[]])).optional(),
  })
  .superRefine(cardProblems);
export type BuiltInCard = z.infer<typeof BuiltInCardSchema>;
export type AddedCard = z.infer<typeof AddedCardSchema>;

/**
 * What is wrong with a card's `shownWhen` against its options' JSON Schema: an option it names that
 * the card has not, an option made to depend on itself, or a value its option can never hold (a
 * misspelt choice would hide the option for good, and nobody would be told why).
 */
export function shownWhenProblems(shownWhen: ShownWhen | undefined, options: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  for (const [key, when] of Object.entries(shownWhen ?? {})) {
    if (!isOptionOf(options, key)) problems.push({ path: [key], message: 'names no option of this scheduler' });
    if (Object.hasOwn(when, key)) problems.push({ path: [key, key], message: 'an option cannot be shown by its own value' });
    const others = Object.fromEntries(Object.entries(when).filter(([other]) => other !== key));
    problems.push(...conditionProblems(others, options).map((p) => ({ ...p, path: [key, ...p.path] })));
  }
  return problems;
}

type Problem = { path: string[]; message: string };

const propsOf = (options: Record<string, unknown>) => (options.properties ?? {}) as Record<string, { enum?: unknown[]; type?: string }>;
const isOptionOf = (options: Record<string, unknown>, key: string) => key !== 'kind' && key !== 'label' && Object.hasOwn(propsOf(options), key);

/** What is wrong with settings as data against a card's options: an option it has not, or a value its option can never hold. */
export function conditionProblems(when: Conditions, options: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  for (const [option, values] of Object.entries(when)) {
    if (!isOptionOf(options, option)) {
      problems.push({ path: [option], message: 'names no option of this scheduler' });
      continue;
    }
    for (const value of values) {
      const why = neverHolds(propsOf(options)[option], value);
      if (why) problems.push({ path: [option], message: `${JSON.stringify(value)} ${why}` });
    }
  }
  return problems;
}

/** Why an option described by `prop` can never hold `value`, or undefined when it can. */
function neverHolds(prop: { enum?: unknown[]; type?: string }, value: OptionValue): string | undefined {
  if (Array.isArray(prop.enum))
    return prop.enum.includes(value) ? undefined : `is not one of its choices (${prop.enum.map((v) => JSON.stringify(v)).join(', ')})`;
  const type = prop.type === 'integer' ? 'number' : prop.type;
  return type && type !== typeof value ? `is not a ${type === 'boolean' ? 'yes/no' : type}, as the option is` : undefined;
}

type Spec = Record<string, unknown> & { kind: string };

/** The allowed values of each enumerated option, read from the JSON Schema (the menu's choices). */
function choicesOf(options: Record<string, unknown>): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  const props = (options.properties ?? {}) as Record<string, { enum?: unknown[] }>;
  for (const [key, p] of Object.entries(props)) if (key !== 'kind' && Array.isArray(p.enum)) out[key] = p.enum.map(String);
  return out;
}

/** A card, added or built in, as the description the designer, the parity check and the reports read. */
export function describeCard(card: AddedCard | BuiltInCard): SchedulerDescription<string, z.ZodType<Spec>> {
  const own: Partial<BuiltInCard> = card;
  const rebuilt = z.fromJSONSchema(card.options as z.core.JSONSchema.JSONSchema);
  // Every card's label is read as a built-in's (at most 80 characters, no control characters):
  // JSON Schema carries the length but not the control characters' rule, nor either one's words.
  const schema = (rebuilt instanceof z.ZodObject ? rebuilt.extend({ label: labelText().optional() }) : rebuilt) as z.ZodType<Spec>;
  return {
    kind: card.kind,
    schema,
    title: card.title,
    labels: card.labels,
    auto: card.auto,
    choices: choicesOf(card.options),
    choiceLabels: card.choiceLabels,
    // Main adds the slot or container options to every added scheduler's options (src-main/schedulers/addedScheduler.ts `cardOf`).
    capacity: card.capacity,
    ...(card.notes?.length ? { notes: () => card.notes ?? [] } : {}),
    ...(card.shownWhen ? { shownWhen: card.shownWhen } : {}),
    runName: own.runName ?? card.title,
    ...(card.runNames?.length ? { runNames: card.runNames } : {}),
    ...(own.costOption ? { costOption: own.costOption } : {}),
    ...(own.usesProfiles ? { usesProfiles: own.usesProfiles } : {}),
    ...(own.runRules?.length ? { runRules: own.runRules } : {}),
    ...(card.labelOptions?.length ? { labelOptions: card.labelOptions } : {}),
  };
}

/** The name builds before 2026-12-02 gave a run of an added scheduler: its kind where its title is now (shared/experiment/runNames.ts formerRunNames). */
export const formerAddedRunLabel = (card: AddedCard, spec: Spec): string => nameWithOptions(card, card.kind, spec);
