import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInDescriptions, descriptionOf, findDescription, optionLabel, schedulerLabel, SchedulerSpecSchema, type SchedulerSpec } from '@shared/schedulers';
import { createScheduler, pinProfiles, takesProfiles } from '../../../src-main/schedulers/registry';

/** The scheduler registry (issue 19): every built-in registered by src-main/schedulers/registry.ts, its description beside its policy. */
describe('scheduler registry', () => {
  const defaults = (kind: string) => SchedulerSpecSchema.parse({ kind }) as Record<string, unknown>;

  it('runs every described scheduler: each kind has a policy that builds from its defaults', () => {
    for (const d of builtInDescriptions()) {
      // ILA would profile the servers offline first; a fitted model skips that.
      const spec =
        d.kind === 'ila'
          ? SchedulerSpecSchema.parse({ kind: 'ila', model: { cpu: [1, 0, 0, 0, 0, 0], io: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0], combine: [1, 0, 0] } })
          : SchedulerSpecSchema.parse({ kind: d.kind });
      const s = createScheduler(spec);
      expect(typeof s.onHeartbeat, d.kind).toBe('function');
    }
    for (const d of builtInDescriptions()) expect(descriptionOf(d.kind)).toBe(d);
  });

  it('labels every option the designer card shows, and lists the choices the schema allows', () => {
    for (const d of builtInDescriptions()) {
      const shown = Object.entries(defaults(d.kind)).filter(
        ([k, v]) => k !== 'kind' && k !== 'label' && (typeof v === 'number' || typeof v === 'boolean' || k in (d.choices ?? {})),
      );
      for (const [key] of shown) expect(optionLabel(d.kind, key), `${d.kind}.${key}`).not.toBe(key);
      for (const [key, values] of Object.entries(d.choices ?? {})) {
        for (const v of values) expect(SchedulerSpecSchema.safeParse({ kind: d.kind, [key]: v }).success, `${d.kind}.${key}=${v}`).toBe(true);
        expect(SchedulerSpecSchema.safeParse({ kind: d.kind, [key]: 'not-a-choice' }).success).toBe(false);
      }
    }
  });

  it("reports runs of a card without a label under its scheduler's name in words, with the settings that tell it apart", () => {
    const label = (input: object) => schedulerLabel(SchedulerSpecSchema.parse(input));
    expect(label({ kind: 'fifo' })).toBe('FIFO');
    expect(label({ kind: 'fair' })).toBe('Fair (delay)');
    expect(label({ kind: 'fair', nodeLocalityWaitS: 0, rackLocalityWaitS: 0 })).toBe('Fair (greedy locality)');
    expect(label({ kind: 'capacity' })).toBe('Capacity');
    expect(label({ kind: 'drf' })).toBe('DRF');
    expect(label({ kind: 'late' })).toBe('LATE');
    expect(label({ kind: 'prism' })).toBe('PRISM');
    expect(label({ kind: 'finegrained' })).toBe('Finer-grained CPU');
    expect(label({ kind: 'ila', variant: 'lao' })).toBe('LAO');
    expect(label({ kind: 'minedf', bound: 'up', spare: 'lend-kill' })).toBe('MinEDF (upper bound), lending, killing');
    expect(label({ kind: 'fawkes', policy: 'du' })).toBe('FAWKES DU');
    expect(label({ kind: 'fawkes', policy: 'none' })).toBe('FAWKES NONE');
    expect(label({ kind: 'late', label: 'mine' })).toBe('mine');
    // A kind this studio has not, read from a saved file, is named by its kind: any word, even one every object answers to.
    for (const kind of ['constructor', 'toString', 'hasOwnProperty']) {
      expect(findDescription(kind)).toBeUndefined();
      expect(schedulerLabel({ kind } as unknown as SchedulerSpec)).toBe(kind);
    }
  });

  const f = { c0: 0, c1: 0.1 };
  const SORT_SCALING = { sh1Avg: f, sh1Max: f, shTypAvg: f, shTypMax: f, rAvg: f, rMax: f };

  it('pins stored profiles only into the schedulers that use them, and never over their own', () => {
    const known = {
      phases: { Sort: { map: { cpuCores: 0.5, memoryMb: 1024, localDiskMBps: 10, hdfsMBps: 20, shuffleMBps: 0 } } },
      cpuRequirements: { Sort: { map: 60 } },
      aria: {
        Sort: {
          mMin: 2,
          mAvg: 5,
          mMax: 16,
          avgInputMB: 64,
          selectivityM: 1,
          selectivityR: 1,
          sh1Avg: 7,
          sh1Max: 13,
          shTypAvg: 30,
          shTypMax: 50,
          rAvg: 53,
          rMax: 75,
        },
      },
      ariaScaling: { Sort: SORT_SCALING },
    };
    const prism = pinProfiles(SchedulerSpecSchema.parse({ kind: 'prism' }), known);
    expect(prism.kind === 'prism' && prism.profiles).toEqual(known.phases);
    const own = SchedulerSpecSchema.parse({ kind: 'prism', profiles: { Grep: { map: { cpuCores: 1 } } } });
    expect(pinProfiles(own, known)).toBe(own);
    const fine = pinProfiles(SchedulerSpecSchema.parse({ kind: 'finegrained' }), known);
    expect(fine.kind === 'finegrained' && fine.requirements).toEqual(known.cpuRequirements);
    const minedf = pinProfiles(SchedulerSpecSchema.parse({ kind: 'minedf' }), known);
    expect(minedf.kind === 'minedf' && minedf.profiles).toEqual(known.aria);
    // MinEDF takes the cluster's scaling factors with its profiles; a card with factors of its own keeps them.
    expect(minedf.kind === 'minedf' && minedf.scaling).toEqual(known.ariaScaling);
    const ownScaling = { Sort: { ...SORT_SCALING, rAvg: { c0: 1, c1: 1 } } };
    const keeps = pinProfiles(SchedulerSpecSchema.parse({ kind: 'minedf', scaling: ownScaling }), known);
    expect(keeps.kind === 'minedf' && keeps.scaling).toEqual(ownScaling);
    const fifo = SchedulerSpecSchema.parse({ kind: 'fifo' });
    expect(pinProfiles(fifo, known)).toBe(fifo);
  });

  it('never profiles from inside a policy: ILA without coefficients asks for the runner, which fits the model first', () => {
    expect(() => createScheduler(SchedulerSpecSchema.parse({ kind: 'ila' }))).toThrow(/fitted interference model/);
    expect(() => createScheduler(SchedulerSpecSchema.parse({ kind: 'ila', variant: 'lao' }))).not.toThrow();
    const src = fs.readFileSync(path.resolve(__dirname, '../../../src-main/schedulers/ila.ts'), 'utf8');
    expect(src).not.toMatch(/interferenceProfiling'|engine\/kernel'/);
  });
});

describe('profile-driven schedulers', () => {
  it('say in their description exactly when their policy pins profiles', () => {
    for (const d of builtInDescriptions()) expect(takesProfiles(SchedulerSpecSchema.parse({ kind: d.kind })), d.kind).toBe(d.usesProfiles !== undefined);
  });
});
