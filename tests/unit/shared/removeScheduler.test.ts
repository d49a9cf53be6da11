import { describe, expect, it } from 'vitest';
import { ExperimentDesignSchema, type ExperimentDesignInput } from '@shared/experiment/design';
import { removeScheduler, removeSchedulerLabel } from '@shared/experiment/removeScheduler';

const design = (sweep?: ExperimentDesignInput['sweep']): ExperimentDesignInput => ({
  name: 'x',
  clusterIds: ['00000000-0000-4000-8000-000000000000'],
  workloadIds: ['00000000-0000-4000-8000-000000000000'],
  schedulers: [{ kind: 'fifo' }, { kind: 'fair', label: 'A' }, { kind: 'fair', label: 'B' }],
  seeds: [1],
  ...(sweep ? { sweep } : {}),
});
const waits = (scheduler: number): ExperimentDesignInput['sweep'] => ({ target: 'scheduler', scheduler, parameter: 'nodeLocalityWaitS', values: [0, 5] });

/** Removing a scheduler card keeps the sweep on the card it varies (the designer's Remove). */
describe('removing a scheduler card', () => {
  it("moves a later card's sweep down with its card: the same Fair card stays swept, not its neighbour", () => {
    const d = design(waits(2));
    expect(removeSchedulerLabel(d, 0)).toBe('Remove scheduler 1');
    expect(removeScheduler(d, 0)).toBe(false);
    expect(d.schedulers.map((s) => s.label ?? s.kind)).toEqual(['A', 'B']);
    expect(d.sweep).toMatchObject({ scheduler: 1 });
    expect(d.schedulers[(d.sweep as { scheduler: number }).scheduler].label).toBe('B');
    expect(ExperimentDesignSchema.safeParse(d).success).toBe(true);
  });

  it('takes the sweep away with the card it varies, and says so in the step', () => {
    const d = design(waits(1));
    expect(removeSchedulerLabel(d, 1)).toBe('Remove scheduler 2 and its sweep');
    expect(removeScheduler(d, 1)).toBe(true);
    expect(d.sweep).toBeUndefined();
    expect(ExperimentDesignSchema.safeParse(d).success).toBe(true);
  });

  it('leaves an earlier card’s sweep, and a simulation or servers sweep, as they were', () => {
    const earlier = design(waits(1));
    removeScheduler(earlier, 2);
    expect(earlier.sweep).toEqual(waits(1));
    const simulation = design({ target: 'simulation', parameter: 'heartbeatS', values: [1, 3] });
    expect(removeSchedulerLabel(simulation, 0)).toBe('Remove scheduler 1');
    expect(removeScheduler(simulation, 0)).toBe(false);
    expect(simulation.sweep).toEqual({ target: 'simulation', parameter: 'heartbeatS', values: [1, 3] });
  });
});
