import { describe, expect, it } from 'vitest';
import { sweepableParameters } from '@shared/experiment/sweepCheck';
import { sweepProblems } from '@shared/experiment/sweepCheck';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import { simulationLabel } from '@shared/experiment/simulationLabels';
import { optionLabel, schedulerDescriptions, SchedulerSpecSchema } from '@shared/schedulers';

/** zod's own wording, a field path or a bare option key: what a message a person reads must not show. */
const CODE = /Too small|Too big|expected|received|>=|<=|Invalid|\w+\.\d+\.\w+/;

/**
 * Issue 55 item 4: the sweep names what it varies as the cards above name it, and says what is wrong
 * with a value in words. Walks every scheduler card's sweepable options and every simulation number.
 */
describe('the sweep speaks in labels, not code', () => {
  const kinds = schedulerDescriptions().map((d) => d.kind);

  it("labels every scheduler option a sweep can vary, and every simulation number, with the card's words", () => {
    for (const kind of kinds) {
      const spec = SchedulerSpecSchema.parse({ kind });
      for (const p of sweepableParameters(spec)) expect(optionLabel(kind, p), `${kind}.${p}`).not.toBe(p);
    }
    const numbers = Object.entries(SimulationOptionsSchema.parse({})).filter(([, v]) => typeof v === 'number');
    expect(numbers.length).toBeGreaterThan(5);
    for (const [key] of numbers) expect(simulationLabel(key), key).not.toBe(key);
  });

  it('says in words why a swept value is refused: the label, the value, the scheduler and the reason', () => {
    let checked = 0;
    for (const kind of kinds) {
      const spec = SchedulerSpecSchema.parse({ kind });
      for (const parameter of sweepableParameters(spec)) {
        const problems = sweepProblems([spec], undefined, { target: 'scheduler', scheduler: 0, parameter, values: [-1, 1e12] });
        for (const p of problems) {
          checked++;
          expect(p.message, `${kind}.${parameter}`).not.toMatch(CODE);
          expect(p.message, `${kind}.${parameter}`).toContain(optionLabel(kind, parameter));
          // The option's key appears nowhere but inside its label.
          expect(new RegExp(`\\b${parameter}\\b`).test(p.message.replace(optionLabel(kind, parameter), '')), `${kind}.${parameter}: ${p.message}`).toBe(false);
        }
      }
    }
    for (const [parameter] of Object.entries(SimulationOptionsSchema.parse({})).filter(([, v]) => typeof v === 'number')) {
      for (const p of sweepProblems([], {}, { target: 'simulation', parameter, values: [-1, 1e12] })) {
        checked++;
        expect(p.message, parameter).not.toMatch(CODE);
        expect(p.message, parameter).toContain(simulationLabel(parameter));
      }
    }
    // Enough refusals were seen for the walk to mean something.
    expect(checked).toBeGreaterThan(20);
  });
});
