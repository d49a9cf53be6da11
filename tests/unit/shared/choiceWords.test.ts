import { describe, expect, it } from 'vitest';
import { choiceLabel, schedulerDescriptions } from '@shared/schedulers';
import { schedulerSettingsText } from '@shared/experiment/settingsText';
import { SchedulerSpecSchema } from '@shared/schedulers';

/**
 * Every value a built-in scheduler's menu offers reads in words, in the designer's menu and in a
 * report's "How to reproduce" alike ("ILA: interference- and locality-aware", not "ila").
 */
describe("the built-in schedulers' choices", () => {
  const offered = schedulerDescriptions().flatMap((d) =>
    Object.entries(d.choices ?? {}).flatMap(([key, values]) => values.map((value) => ({ kind: d.kind, key, value }))),
  );

  it('are many (the check below has something to check)', () => {
    expect(offered.length).toBeGreaterThanOrEqual(20);
  });

  it('each have words of their own', () => {
    const unnamed = offered.filter(({ kind, key, value }) => {
      const words = choiceLabel(kind, key, value);
      return words === undefined || words === value;
    });
    expect(unnamed).toEqual([]);
  });

  it('are written in those words where a report lists the settings', () => {
    expect(schedulerSettingsText(SchedulerSpecSchema.parse({ kind: 'ila', variant: 'iao' }))).toContain('Variant IAO: interference-aware only');
    expect(schedulerSettingsText(SchedulerSpecSchema.parse({ kind: 'prism' }))).toContain(
      'Fairness measure (eq. 2) Dominant share of the machine (DRF, eq. 3)',
    );
  });
});
