import { describe, expect, it } from 'vitest';
import { ExperimentDesignSchema } from '@shared/experiment/design';
import { problemsOf } from '@shared/api/validation';
import { poolProblems, queueProblems } from '@shared/schedulers/queueRules';
import { QueueSchema } from '@shared/schedulers';

const tree = (x: unknown[]) => x.map((q) => QueueSchema.parse(q));

describe('queue trees YARN refuses, said at the field', () => {
  it('takes a tree whose siblings add up to 100 % at every level', () => {
    const ok = tree([
      {
        name: 'prod',
        capacity: 70,
        children: [
          { name: 'etl', capacity: 40 },
          { name: 'bi', capacity: 60, maxCapacity: 80 },
        ],
      },
      { name: 'dev', capacity: 30, maxCapacity: 50 },
    ]);
    expect(queueProblems(ok)).toEqual([]);
    // Tenths that add up to 100 in binary floating point.
    expect(
      queueProblems(
        tree([
          { name: 'a', capacity: 33.3 },
          { name: 'b', capacity: 33.3 },
          { name: 'c', capacity: 33.4 },
        ]),
      ),
    ).toEqual([]);
  });

  it('names capacities that do not add up to 100, a maximum below the capacity, and a name used twice', () => {
    const bad = tree([
      {
        name: 'prod',
        capacity: 70,
        children: [
          { name: 'etl', capacity: 50 },
          { name: 'dev', capacity: 30 },
        ],
      },
      { name: 'dev', capacity: 70, maxCapacity: 50 },
    ]);
    expect(queueProblems(bad)).toEqual([
      { path: ['queues'], message: 'the capacities of the top-level queues add up to 140 %: YARN needs them to add up to 100 %' },
      { path: ['queues', 0, 'children'], message: 'the capacities of the queues under "prod" add up to 80 %: YARN needs them to add up to 100 %' },
      { path: ['queues', 1, 'maxCapacity'], message: "must be at least the queue's capacity (70 %)" },
      { path: ['queues', 1, 'name'], message: 'another queue is named "dev"' },
    ]);
  });

  it('names a Fair pool named twice', () => {
    expect(poolProblems([{ name: 'a' }, { name: 'b' }, { name: 'a' }])).toEqual([{ path: ['pools', 2, 'name'], message: 'another pool is named "a"' }]);
  });

  it("refuses them in a design, at the card's field", () => {
    const design = {
      name: 'x',
      clusterIds: ['00000000-0000-4000-8000-000000000000'],
      workloadIds: ['00000000-0000-4000-8000-000000000000'],
      seeds: [1],
      schedulers: [
        {
          kind: 'capacity',
          queues: [
            { name: 'q0', capacity: 0.5 },
            { name: 'q1', capacity: 0.5 },
          ],
        },
        { kind: 'fair', pools: [{ name: 'a' }, { name: 'a' }] },
      ],
    };
    const r = ExperimentDesignSchema.safeParse(design);
    expect(r.success ? [] : problemsOf(r.error)).toEqual([
      { field: 'schedulers.0.queues', message: 'the capacities of the top-level queues add up to 1 %: YARN needs them to add up to 100 %' },
      { field: 'schedulers.1.pools.1.name', message: 'another pool is named "a"' },
    ]);
  });
});
