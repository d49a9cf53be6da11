import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ExperimentDesignSchema } from '@shared/experiment/design';
import { ExperimentSchema, ResultFileSchema } from '@shared/experiment/experiment';
import { problemsOf } from '@shared/api/validation';
import { DeadlineFactorSchema } from '@shared/workload/workload';

const problems = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : problemsOf(r.error);
};

describe('validation messages a user can read', () => {
  it("words zod's defaults by the problem, never by its internal terms", () => {
    const schema = z.strictObject({
      a: z.number().positive(),
      b: z.string().min(1),
      c: z.number().min(2).max(5),
      d: z.array(z.number()).min(1),
      e: z.enum(['fixed', 'shuffled']),
      f: z.number().int(),
      h: z.boolean(),
      i: z.number(),
    });
    expect(problems(schema, { a: -3, b: '', c: 9, d: [], e: 'z', f: 1.5, h: 'yes', i: 'ten', extra: 1 })).toEqual([
      { field: 'a', message: 'must be positive' },
      { field: 'b', message: 'must not be empty' },
      { field: 'c', message: 'must be at most 5' },
      { field: 'd', message: 'needs at least one entry' },
      { field: 'e', message: 'must be one of fixed, shuffled' },
      { field: 'f', message: 'must be a whole number' },
      { field: 'h', message: 'must be yes or no' },
      { field: 'i', message: 'must be a number' },
      { field: '', message: 'has unknown setting "extra"' },
    ]);
    expect(problems(z.strictObject({ a: z.number() }), {})).toEqual([{ field: 'a', message: 'is required' }]);
  });

  it('keeps the messages the schemas word themselves', () => {
    expect(problems(ExperimentDesignSchema, { name: '', clusterIds: [], workloadIds: [], schedulers: [], seeds: [] })).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'must not be empty' },
        { field: 'clusterIds', message: 'pick at least one cluster' },
        { field: 'schedulers', message: 'add at least one scheduler' },
      ]),
    );
  });

  it('says a negative heartbeat must be at least a millisecond, and a seed typed as a word must be a number', () => {
    const base = {
      name: 'x',
      clusterIds: ['00000000-0000-4000-8000-000000000000'],
      workloadIds: ['00000000-0000-4000-8000-000000000000'],
      schedulers: [{ kind: 'fifo' }],
      seeds: [1],
    };
    expect(problems(ExperimentDesignSchema, { ...base, simulation: { heartbeatS: -3 } })).toEqual([
      { field: 'simulation.heartbeatS', message: 'must be at least 0.001 s (a heartbeat every millisecond)' },
    ]);
    expect(problems(ExperimentDesignSchema, { ...base, seeds: [1, 'one'] })).toEqual([{ field: 'seeds.1', message: 'must be a number' }]);
  });

  it('refuses a seed listed twice in a saved design and in an experiment file alike: one replicate must not count twice', () => {
    const design = {
      name: 'x',
      clusterIds: ['00000000-0000-4000-8000-000000000000'],
      workloadIds: ['00000000-0000-4000-8000-000000000000'],
      schedulers: [{ kind: 'fifo' }],
      seeds: [3, 1, 3],
    };
    const twice = [{ field: 'seeds.2', message: 'seed 3 is listed twice' }];
    expect(problems(ExperimentDesignSchema, design)).toEqual(twice);
    const file = {
      name: 'x',
      cluster: { file: 'lab.cluster.json' },
      workload: { file: 'mix.workload.json' },
      schedulers: [{ kind: 'fifo' }],
      seeds: [3, 1, 3],
    };
    expect(problems(ExperimentSchema, file)).toEqual(twice);
    expect(problems(ExperimentSchema, { ...file, seeds: [3, 1] })).toEqual([]);
    // A result written before the check still opens: what it recorded is read, not refused.
    const { cluster } = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../docs/examples/small.cluster.json'), 'utf8')) as { cluster: unknown };
    const recorded = { ...file, cluster, workload: { name: 'w', jobs: [{ template: 'Sort', submit: 0, inputMb: 64 }] }, seeds: [3, 1, 3] };
    expect(problems(ResultFileSchema, { format: 'workload-studio.result', version: 1, experiment: 'x', inputs: recorded, runs: [] })).toEqual([]);
  });

  it('refuses two schedulers reported under one name in a design and a file, and still opens a result that has them', () => {
    const schedulers = [{ kind: 'fair' }, { kind: 'fair', nodeLocalityWaitS: 10 }];
    const clash = [{ field: 'schedulers.1.label', message: expect.stringMatching(/^its runs and scheduler 1's would both be reported as "Fair \(delay\)"/) }];
    const ids = { clusterIds: ['00000000-0000-4000-8000-000000000000'], workloadIds: ['00000000-0000-4000-8000-000000000000'] };
    expect(problems(ExperimentDesignSchema, { name: 'x', ...ids, schedulers, seeds: [1] })).toEqual(clash);
    const file = { name: 'x', cluster: { file: 'lab.cluster.json' }, workload: { file: 'mix.workload.json' }, schedulers };
    expect(problems(ExperimentSchema, file)).toEqual(clash);
    const { cluster } = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../docs/examples/small.cluster.json'), 'utf8')) as { cluster: unknown };
    const recorded = { ...file, cluster, workload: { name: 'w', jobs: [{ template: 'Sort', submit: 0, inputMb: 64 }] } };
    expect(problems(ResultFileSchema, { format: 'workload-studio.result', version: 1, experiment: 'x', inputs: recorded, runs: [] })).toEqual([]);
  });

  it('reads a result as recorded: a cyclic workload and a queue tree YARN refuses still open, and are refused in a file to run', () => {
    const { cluster } = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../docs/examples/small.cluster.json'), 'utf8')) as { cluster: unknown };
    const workload = {
      name: 'w',
      jobs: [
        { id: 'a', template: 'Sort', submit: 0, inputMb: 64, dependsOn: ['b'] },
        { id: 'b', template: 'Sort', submit: 0, inputMb: 64, dependsOn: ['a'] },
      ],
    };
    const inputs = { name: 'x', cluster, workload, schedulers: [{ kind: 'capacity', queues: [{ name: 'q', capacity: 50 }] }], seeds: [1] };
    expect(problems(ResultFileSchema, { format: 'workload-studio.result', version: 1, experiment: 'x', inputs, runs: [] })).toEqual([]);
    expect(problems(ExperimentSchema, inputs).map((p) => p.field)).toEqual(['workload.jobs.1.dependsOn.0', 'schedulers.0.queues']);
  });

  it("lists the kinds a tagged choice knows when the tag is unknown, and says when a value fits none of a choice's forms", () => {
    const base = { name: 'x', clusterIds: ['00000000-0000-4000-8000-000000000000'], workloadIds: ['00000000-0000-4000-8000-000000000000'], seeds: [1] };
    expect(problems(ExperimentDesignSchema, { ...base, schedulers: [{ kind: 'nope' }] })).toEqual([
      { field: 'schedulers.0.kind', message: expect.stringMatching(/^must be one of fifo, fair, capacity, .*minedf, fawkes(, [a-z-]+)*$/) },
    ]);
    // Of none of the kinds the forms take: the kinds, in words.
    expect(problems(z.union([z.number(), z.string()]), true)).toEqual([{ field: '', message: 'must be a number or text' }]);
    expect(problems(DeadlineFactorSchema, 'soon')).toEqual([{ field: '', message: 'must be a number or a list' }]);
    // Of the kind of one form: that form's own problem, where in the value it is.
    expect(problems(DeadlineFactorSchema, [2])).toEqual([{ field: '', message: 'needs at least 2 entries' }]);
    expect(problems(DeadlineFactorSchema, [2, 'x'])).toEqual([{ field: '', message: 'entry 2: must be a number' }]);
    // Of the kinds of two forms, neither told apart: no form to speak for.
    const twoObjects = z.union([z.strictObject({ a: z.number() }), z.strictObject({ b: z.string() })]);
    expect(problems(twoObjects, { c: 1 })).toEqual([{ field: '', message: 'matches none of the forms it may take' }]);
  });
});
