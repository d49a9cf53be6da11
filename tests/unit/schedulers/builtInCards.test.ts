import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInDescriptions, BuiltInCardSchema, runNameOf, SchedulerSpecSchema } from '@shared/schedulers';
import { describeCard } from '@shared/schedulers/addedCard';
import { builtInCatalogue, schedulerNotes } from '../../../src-main/schedulers/registry';

/** Every built-in card the shipped presets hold, by kind: real settings, not only defaults. */
function presetCards(): Map<string, Record<string, unknown>[]> {
  const dir = path.resolve(__dirname, '../../../resources/presets');
  const byKind = new Map<string, Record<string, unknown>[]>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.experiment.json'))) {
    const experiment = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { schedulers?: Record<string, unknown>[] };
    for (const card of experiment.schedulers ?? []) byKind.set(card.kind as string, [...(byKind.get(card.kind as string) ?? []), card]);
  }
  return byKind;
}

/**
 * The renderer knows the built-ins only from the cards main sends (channel `schedulers:builtIn`),
 * as it knows added schedulers: each card, once through JSON, must describe its scheduler as the
 * description main checks with does, read every shipped card the same, and name its runs the same.
 */
describe("the built-in schedulers' cards", () => {
  const cards = builtInCatalogue();
  const presets = presetCards();

  it('are every built-in, in the menu order, each a valid card', () => {
    expect(cards.map((c) => c.kind)).toEqual(builtInDescriptions().map((d) => d.kind));
    expect(cards.length).toBeGreaterThanOrEqual(10);
    for (const card of cards) expect(BuiltInCardSchema.safeParse(JSON.parse(JSON.stringify(card))).success, card.kind).toBe(true);
  });

  it('rebuild the same words: title, labels, choices, what unset means, when an option shows, the run names, capacity, profiles, pricing, rules', () => {
    for (const d of builtInDescriptions()) {
      const card = cards.find((c) => c.kind === d.kind)!;
      const again = describeCard(JSON.parse(JSON.stringify(card)));
      const words = (x: typeof d) => ({
        title: x.title,
        labels: x.labels,
        auto: x.auto ?? {},
        choices: Object.fromEntries(Object.entries(x.choices ?? {}).map(([k, v]) => [k, [...v]])),
        choiceLabels: x.choiceLabels ?? {},
        shownWhen: x.shownWhen ?? {},
        runName: x.runName,
        runNames: x.runNames ?? [],
        labelOptions: x.labelOptions ?? [],
        capacity: x.capacity,
        usesProfiles: x.usesProfiles,
        costOption: x.costOption,
        runRules: x.runRules ?? [],
      });
      expect(words(again), d.kind).toEqual(words(d));
    }
  });

  it("read every shipped preset's cards, and the defaults, as the descriptions do, and name their runs alike", () => {
    let read = 0;
    for (const d of builtInDescriptions()) {
      const again = describeCard(JSON.parse(JSON.stringify(cards.find((c) => c.kind === d.kind)!)));
      for (const input of [{ kind: d.kind }, ...(presets.get(d.kind) ?? [])]) {
        const mine = d.schema.safeParse(input);
        const theirs = again.schema.safeParse(input);
        expect(theirs.success, `${d.kind} ${JSON.stringify(input).slice(0, 80)}`).toBe(mine.success);
        if (!mine.success || !theirs.success) continue;
        expect(theirs.data, d.kind).toEqual(mine.data);
        expect(runNameOf(again, theirs.data)).toBe(runNameOf(d, mine.data));
        read++;
      }
    }
    // Every kind's defaults, and the presets' cards besides (the papers' set-ups).
    expect(read).toBeGreaterThan(50);
  });

  it('refuse what the descriptions refuse: values out of range, wrong types, options a scheduler has not', () => {
    for (const d of builtInDescriptions()) {
      const again = describeCard(JSON.parse(JSON.stringify(cards.find((c) => c.kind === d.kind)!)));
      const defaults = d.schema.parse({ kind: d.kind }) as Record<string, unknown>;
      const tries: Record<string, unknown>[] = [{ kind: d.kind, noSuchOption: 1 }];
      for (const [key, value] of Object.entries(defaults)) {
        if (typeof value === 'number') tries.push({ kind: d.kind, [key]: -1 }, { kind: d.kind, [key]: 'many' }, { kind: d.kind, [key]: 1e12 });
        if (typeof value === 'boolean') tries.push({ kind: d.kind, [key]: 'yes' });
        if (key in (d.choices ?? {})) tries.push({ kind: d.kind, [key]: 'not-a-choice' });
      }
      for (const input of tries) expect(again.schema.safeParse(input).success, `${d.kind} ${JSON.stringify(input)}`).toBe(d.schema.safeParse(input).success);
    }
  });

  it("leave the notes that read the settings to main: FAWKES' re-balancing gap, √τ / T", () => {
    const fawkes = SchedulerSpecSchema.parse({ kind: 'fawkes', policy: 'ru', tau: 4, intervalS: 50 });
    expect(schedulerNotes(fawkes)).toEqual([expect.stringContaining('by more than about 0.040 (root mean square')]);
    expect(schedulerNotes(SchedulerSpecSchema.parse({ kind: 'fawkes', policy: 'none' }))).toEqual([expect.stringMatching(/^None never re-balances/)]);
    expect(schedulerNotes(SchedulerSpecSchema.parse({ kind: 'fifo' }))).toEqual([]);
    expect(schedulerNotes({ kind: 'not-in-this-studio' })).toEqual([]);
  });
});
