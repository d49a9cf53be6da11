import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema, schedulerLabel, type SchedulerSpecInput } from '@shared/schedulers';
import { cardOf } from '../../../src-main/schedulers/addedScheduler';
import { describeCard } from '@shared/schedulers/addedCard';
import { runNameOf } from '@shared/schedulers/describe';
import { newestFirst } from '../../fixtures/schedulers/newestFirst';

const named = (spec: SchedulerSpecInput) => schedulerLabel(SchedulerSpecSchema.parse(spec));

/**
 * A run's name when the user gave none is data on every card (describe.ts `runName` and `runNames`):
 * the built-ins' as they have always read (saved runs, comparisons and reports go by them), and an
 * added scheduler's or a scheduler file's under the same rules.
 */
describe('run names as data', () => {
  it('name the built-ins by their settings, as they always have', () => {
    expect(named({ kind: 'fifo' })).toBe('FIFO');
    expect(named({ kind: 'fair' })).toBe('Fair (delay)');
    expect(named({ kind: 'fair', nodeLocalityWaitS: 0 })).toBe('Fair (delay)');
    expect(named({ kind: 'fair', nodeLocalityWaitS: 0, rackLocalityWaitS: 0 })).toBe('Fair (greedy locality)');
    expect(named({ kind: 'capacity', orderingPolicy: 'fair' })).toBe('Capacity (fair order)');
    expect(named({ kind: 'prism', jobOrder: 'submission', fairness: 'fair' })).toBe('PRISM (submission order)');
    expect(['ila', 'iao', 'lao'].map((variant) => named({ kind: 'ila', variant } as SchedulerSpecInput))).toEqual(['ILA', 'IAO', 'LAO']);
    expect(named({ kind: 'fawkes', policy: 'td', inner: 'fair' })).toBe('FAWKES TD');
    expect(named({ kind: 'fawkes', policy: 'none' })).toBe('FAWKES NONE');
    const minEdf = (['avg', 'low', 'up'] as const).flatMap((bound) =>
      (['none', 'lend', 'lend-kill'] as const).map((spare) => named({ kind: 'minedf', bound, spare })),
    );
    expect(minEdf).toEqual([
      'MinEDF',
      'MinEDF, lending',
      'MinEDF, lending, killing',
      'MinEDF (lower bound)',
      'MinEDF (lower bound), lending',
      'MinEDF (lower bound), lending, killing',
      'MinEDF (upper bound)',
      'MinEDF (upper bound), lending',
      'MinEDF (upper bound), lending, killing',
    ]);
    // The user's label still wins.
    expect(named({ kind: 'fair', label: 'Ours' })).toBe('Ours');
  });

  it("name an added scheduler's runs by its first rule that holds, else by its title with the options it lists", () => {
    const card = cardOf({
      ...newestFirst,
      kind: 'toy-named',
      title: 'Toy named',
      runNames: [{ when: { order: ['oldest'], mapsPerBeat: [1] }, name: 'Strict FIFO toy' }],
    } as never);
    // The renderer's copy, rebuilt from JSON, names as main does.
    const d = describeCard(JSON.parse(JSON.stringify(card)));
    expect(runNameOf(d, d.schema.parse({ kind: 'toy-named', order: 'oldest', mapsPerBeat: 1 }))).toBe('Strict FIFO toy');
    expect(runNameOf(d, d.schema.parse({ kind: 'toy-named', order: 'oldest' }))).toBe('Toy named (which job first: the oldest)');
    const refused = (runNames: unknown) => () => cardOf({ ...newestFirst, kind: 'toy-bad', runNames } as never);
    expect(refused([{ when: { order: ['eldest'] }, name: 'x' }])).toThrow(/runNames\.0\.when\.order: "eldest" is not one of its choices/);
    expect(refused([{ when: { colour: ['red'] }, name: 'x' }])).toThrow(/runNames\.0\.when\.colour: names no option of this scheduler/);
    expect(refused([{ when: {}, name: '' }])).toThrow(/runNames\.0\.name: must not be empty/);
  });
});
