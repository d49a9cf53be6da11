import { describe, expect, it } from 'vitest';
import {
  addedSchedulerCards,
  descriptionOf,
  findDescription,
  hiddenOptions,
  schedulerDescriptions,
  schedulerLabel,
  SchedulerSpecSchema,
  schedulerConcurrency,
  type SchedulerSpec,
} from '@shared/schedulers';
import { ExperimentDesignSchema } from '@shared/experiment/design';
import { formerRunNames } from '@shared/experiment/runNames';
import { problemsOf } from '@shared/api/validation';
import { createScheduler, registerScheduler } from '../../../src-main/schedulers/registry';
import { cardOf } from '../../../src-main/schedulers/addedScheduler';
import { describeCard } from '@shared/schedulers/addedCard';
import { capacityLine } from '@shared/schedulers/concurrency';
import { kindFromWords } from '@shared/results/decisionCounts';
import { newestFirst } from '../../fixtures/schedulers/newestFirst';
import { cluster, cpuOnly, job, run } from '../../helpers/engineFixtures';

/**
 * A scheduler added beside the built-ins in one file (tests/fixtures/schedulers/newestFirst.ts) and
 * registered with one call, as the registry does with what src-main/schedulers/added/ exports (issue 33): checked, labelled, run and named
 * like a built-in. The test runs in file order: the first case sees the studio before the toy is added.
 */
describe('a scheduler added in one file', () => {
  it('is unknown until registered, and then known to specs and designs already checked before', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const design = { name: 'd', clusterIds: [id], workloadIds: [id], schedulers: [{ kind: 'newest-first' }], seeds: [1] };
    expect(SchedulerSpecSchema.safeParse({ kind: 'newest-first' }).success).toBe(false);
    expect(ExperimentDesignSchema.safeParse(design).success).toBe(false);
    registerScheduler(newestFirst);
    expect(SchedulerSpecSchema.parse({ kind: 'newest-first' })).toEqual({ kind: 'newest-first', order: 'newest', mapsPerBeat: 4, slotMemoryMb: 200 });
    expect(ExperimentDesignSchema.parse(design).schedulers[0]).toMatchObject({ kind: 'newest-first', mapsPerBeat: 4 });
    // Built-ins are as they were.
    expect(SchedulerSpecSchema.parse({ kind: 'fifo' })).toMatchObject({ kind: 'fifo', slotMemoryMb: 200 });
  });

  it('names every problem of its options by field, in words', () => {
    const r = SchedulerSpecSchema.safeParse({ kind: 'newest-first', mapsPerBeat: 0, order: 'sideways', extra: 1 });
    expect(r.success).toBe(false);
    const problems = problemsOf(r.error!);
    expect(problems.map((p) => p.field).sort()).toEqual(['', 'mapsPerBeat', 'order']);
    for (const p of problems) expect(p.message).not.toMatch(/invalid_|too_small|ZodError/);
  });

  it("refuses a label a built-in's card refuses, in the same words", () => {
    for (const label of ['tab\there', 'x'.repeat(81)]) {
      const added = SchedulerSpecSchema.safeParse({ kind: 'newest-first', label });
      const builtIn = SchedulerSpecSchema.safeParse({ kind: 'fifo', label });
      expect(added.success, label).toBe(false);
      expect(problemsOf(added.error!), label).toEqual(problemsOf(builtIn.error!));
    }
    expect(SchedulerSpecSchema.parse({ kind: 'newest-first', label: 'Mine, newest first' }).label).toBe('Mine, newest first');
  });

  it('is offered by the designer with its labels, choices, capacity options and run name', () => {
    expect(
      schedulerDescriptions()
        .map((d) => d.kind)
        .at(-1),
    ).toBe('newest-first');
    const d = descriptionOf('newest-first');
    expect(d.title).toBe('Newest first (toy)');
    expect(d.labels).toMatchObject({ order: 'Which job first', mapsPerBeat: 'Maps per heartbeat', mapSlots: 'Map slots / node' });
    expect(d.choices).toEqual({ order: ['newest', 'oldest'] });
    expect(d.auto).toMatchObject({ mapSlots: 'auto: 1 per core' });
    const spec = SchedulerSpecSchema.parse({ kind: 'newest-first', order: 'oldest', mapSlots: 3, reduceSlots: 1 });
    // Named by its title, as the designer's menu shows it; a result file written when runs went by
    // the kind finds its runs under the old name (withTodaysNames), and the kind is no name of today's.
    expect(schedulerLabel(spec)).toBe('Newest first (toy) (which job first: the oldest)');
    expect(formerRunNames(spec, undefined, undefined)).toEqual(['newest-first (which job first: the oldest)']);
    expect(
      schedulerConcurrency(spec, [
        { cores: 4, memoryMb: 8192 },
        { cores: 4, memoryMb: 8192 },
      ]).text,
    ).toBe('6 map + 2 reduce slots');
  });

  it('sends the renderer a card that rebuilds the same checks', () => {
    // Found by its kind: schedulers src-main/schedulers/added/ exports come before it.
    const card = addedSchedulerCards().find((c) => c.kind === 'newest-first');
    expect(card).toEqual(cardOf(newestFirst));
    if (!card) return;
    const again = describeCard(JSON.parse(JSON.stringify(card)));
    for (const input of [{ kind: 'newest-first' }, { kind: 'newest-first', mapsPerBeat: 2.5 }, { kind: 'newest-first', mapSlots: -1 }]) {
      expect(again.schema.safeParse(input).success).toBe(SchedulerSpecSchema.safeParse(input).success);
    }
  });

  it('describes one on YARN containers with the container sizes and the capacity line in vcores', () => {
    const onContainers = { ...newestFirst, kind: 'toy-yarn', title: 'Toy on containers', capacity: 'containers' as const };
    const card = cardOf(onContainers as never);
    expect(card.labels).toMatchObject({
      vcoresPerNode: 'vcores / node',
      nodeMemoryMb: 'NodeManager memory MB',
      amMemoryMb: 'AM memory MB',
      order: 'Which job first',
    });
    expect(card.labels).not.toHaveProperty('mapSlots');
    const d = describeCard(card);
    const spec = d.schema.parse({ kind: 'toy-yarn', vcoresPerNode: 4 });
    expect(spec).toMatchObject({ amMemoryMb: 1536, amVcores: 1, order: 'newest' });
    expect(capacityLine(d.capacity, spec, [{ cores: 8, memoryMb: 16384 }]).text).toBe('4 vcores · 4 containers of 1 GB');
  });

  it('shows an option only under the settings its card names, as PRISM and FAWKES do, and refuses names and values that cannot hold', () => {
    const withWhen = { ...newestFirst, kind: 'toy-shown', title: 'Toy shown', shownWhen: { mapsPerBeat: { order: ['oldest'] } } };
    const card = cardOf(withWhen as never);
    expect(card.shownWhen).toEqual({ mapsPerBeat: { order: ['oldest'] } });
    // The renderer's copy, rebuilt from JSON, hides what main's does.
    const d = describeCard(JSON.parse(JSON.stringify(card)));
    expect(hiddenOptions(d.shownWhen, d.schema.parse({ kind: 'toy-shown' }))).toEqual(['mapsPerBeat']);
    expect(hiddenOptions(d.shownWhen, d.schema.parse({ kind: 'toy-shown', order: 'oldest' }))).toEqual([]);
    // The built-ins say it the same way.
    const fawkes = descriptionOf('fawkes');
    const hiddenUnder = (policy: string) => hiddenOptions(fawkes.shownWhen, SchedulerSpecSchema.parse({ kind: 'fawkes', policy }));
    expect(hiddenUnder('ru')).toEqual(['a']);
    expect(hiddenUnder('jt')).toEqual(['psi']);
    expect(hiddenUnder('td')).toEqual(['psi', 'a']);
    // A misspelt choice would hide the option for good: refused, with the field.
    const refused = (shownWhen: unknown) => () => cardOf({ ...withWhen, shownWhen } as never);
    expect(refused({ mapsPerBeat: { order: ['Oldest'] } })).toThrow(/shownWhen\.mapsPerBeat\.order: "Oldest" is not one of its choices \("newest", "oldest"\)/);
    expect(refused({ window: { order: ['oldest'] } })).toThrow(/shownWhen\.window: names no option of this scheduler/);
    expect(refused({ mapsPerBeat: { sideways: [1] } })).toThrow(/shownWhen\.mapsPerBeat\.sideways: names no option of this scheduler/);
    expect(refused({ mapsPerBeat: { mapsPerBeat: [4] } })).toThrow(/shownWhen\.mapsPerBeat\.mapsPerBeat: an option cannot be shown by its own value/);
    expect(refused({ order: { mapsPerBeat: ['four'] } })).toThrow(/shownWhen\.order\.mapsPerBeat: "four" is not a number, as the option is/);
    expect(refused({ order: { mapsPerBeat: [] } })).toThrow(/shownWhen\.order\.mapsPerBeat: must list at least one value/);
  });

  it('names a kind this studio has not by its kind, so saved work listing it still opens', () => {
    expect(findDescription('gone')).toBeUndefined();
    expect(schedulerLabel({ kind: 'gone' } as unknown as SchedulerSpec)).toBe('gone');
    expect(schedulerLabel({ kind: 'gone', label: 'mine' } as unknown as SchedulerSpec)).toBe('mine');
    expect(() => descriptionOf('gone')).toThrow(/no scheduler of kind "gone"/);
  });

  it('refuses a second scheduler of a kind the studio has', () => {
    const before = addedSchedulerCards().length;
    expect(() => registerScheduler({ ...newestFirst, title: 'Another' })).toThrow(/already in the studio/);
    expect(() => registerScheduler({ ...newestFirst, kind: 'fair' })).toThrow(/already in the studio/);
    registerScheduler(newestFirst); // the same one again changes nothing
    expect(addedSchedulerCards()).toHaveLength(before);
  });

  it('runs by its own rule: the newest job first, or the oldest, and says so', () => {
    const topo = cluster(1, 1, { cores: 1 });
    const jobs = [job('old', cpuOnly(10), { submit: 0, maps: 4 }), job('new', cpuOnly(10), { submit: 1, maps: 4 })];
    const finish = (order: string) => {
      const spec = SchedulerSpecSchema.parse({ kind: 'newest-first', order, mapSlots: 1, reduceSlots: 1 }) as SchedulerSpec;
      const r = run(topo, jobs, createScheduler(spec));
      expect(r.reasonKinds.every((k) => k === 'ownRule')).toBe(true);
      for (const words of r.reasons) expect(kindFromWords(words)).toBe('ownRule');
      return Object.fromEntries(r.jobs.map((j) => [j.id, j.finish]));
    };
    // One slot: the old job takes it at 0 s; at each free slot after, the rule picks.
    const newest = finish('newest');
    expect(newest.new).toBeLessThan(newest.old);
    const oldest = finish('oldest');
    expect(oldest.old).toBeLessThan(oldest.new);
  });
});
