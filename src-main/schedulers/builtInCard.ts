import { z } from 'zod';
import { BuiltInCardSchema, type AnyDescription, type BuiltInCard } from '@shared/schedulers';

/**
 * A built-in scheduler's description as the card main sends the renderer (channel
 * `schedulers:builtIn`), as an added scheduler's is sent: its options as JSON Schema with their
 * defaults, and its words. The renderer rebuilds the checks from it; main checks every save with the
 * description itself, so what JSON Schema cannot carry (a label's control characters, a queue
 * name's) is still refused at the field. Its notes read the settings, so the renderer asks for them
 * (`schedulers:notes`).
 */
export function builtInCardOf(d: AnyDescription): BuiltInCard {
  const card = {
    kind: d.kind,
    title: d.title,
    options: z.toJSONSchema(d.schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
    labels: d.labels,
    auto: d.auto,
    choiceLabels: d.choiceLabels,
    capacity: d.capacity,
    labelOptions: d.labelOptions ? [...d.labelOptions] : undefined,
    shownWhen: d.shownWhen,
    runName: d.runName,
    runNames: d.runNames ? d.runNames.map((r) => ({ when: r.when, name: r.name })) : undefined,
    costOption: d.costOption,
    usesProfiles: d.usesProfiles,
    runRules: d.runRules ? [...d.runRules] : undefined,
  };
  const checked = BuiltInCardSchema.safeParse(card);
  if (!checked.success)
    throw new Error(
      `the built-in scheduler "${d.kind}" cannot be sent as a card: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return checked.data;
}
