import { describe, expect, it } from 'vitest';
import { readExperimentFile } from '@shared/experiment/experimentFile';
import { ResultFileSchema } from '@shared/experiment/experiment';
import { FORMER_DEFAULTS, SimulationOptionsSchema, withFormerDefaults } from '@shared/experiment/simulation';

const experiment = { name: 'x', cluster: { file: 'c.json' }, workload: { file: 'w.json' }, schedulers: [{ kind: 'fifo' }] };
const resultOf = (inputs: Record<string, unknown>) => JSON.stringify({ format: 'workload-studio.result', version: 1, experiment: 'x', inputs, runs: [] });
const pollOf = (text: string) => {
  const read = readExperimentFile(text, 'file.json');
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return read.experiment.simulation.mapOutputPollS;
};

/** A setting whose default changed: what was recorded before keeps the value it ran with (simulation.ts FORMER_DEFAULTS). */
describe("settings whose default changed: today's default for new experiments, the former value for what was recorded", () => {
  it('asks for finished maps every second by default, as Hadoop does; at once was the default until 2026-12-06', () => {
    expect(SimulationOptionsSchema.parse({}).mapOutputPollS).toBe(1);
    expect(FORMER_DEFAULTS.mapOutputPollS).toBe(0);
  });

  it('fills only what is absent', () => {
    expect(withFormerDefaults(undefined)).toEqual({ mapOutputPollS: 0 });
    expect(withFormerDefaults({ heartbeatS: 2 })).toEqual({ heartbeatS: 2, mapOutputPollS: 0 });
    expect(withFormerDefaults({ mapOutputPollS: 1 })).toEqual({ mapOutputPollS: 1 });
    expect(withFormerDefaults({ mapOutputPollS: 2.5, heartbeatS: 3 })).toEqual({ mapOutputPollS: 2.5, heartbeatS: 3 });
    // Not a group of settings: left for the schema to refuse by name.
    expect(withFormerDefaults('fast')).toBe('fast');
  });

  it('reruns a result file written before the setting existed as it ran, and one written since with what it says', () => {
    expect(pollOf(resultOf({ ...experiment, simulation: { heartbeatS: 3 } }))).toBe(0);
    expect(pollOf(resultOf(experiment))).toBe(0);
    expect(pollOf(resultOf({ ...experiment, simulation: { mapOutputPollS: 1 } }))).toBe(1);
    expect(pollOf(resultOf({ ...experiment, simulation: { mapOutputPollS: 0 } }))).toBe(0);
    // Opened in the app (the result file's schema): the same reading.
    const opened = ResultFileSchema.parse(JSON.parse(resultOf({ ...experiment, simulation: { heartbeatS: 3 } })));
    expect(opened.inputs?.simulation.mapOutputPollS).toBe(0);
    expect(ResultFileSchema.parse(JSON.parse(resultOf(experiment))).inputs?.simulation.mapOutputPollS).toBe(0);
  });

  it('runs an experiment file without the setting at today’s default', () => {
    expect(pollOf(JSON.stringify(experiment))).toBe(1);
    expect(pollOf(JSON.stringify({ ...experiment, simulation: { heartbeatS: 3 } }))).toBe(1);
    expect(pollOf(JSON.stringify({ ...experiment, simulation: { mapOutputPollS: 0 } }))).toBe(0);
  });

  it('names the field when a recorded value is wrong', () => {
    const read = readExperimentFile(resultOf({ ...experiment, simulation: { mapOutputPollS: -1 } }), 'r.json');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problems.map((p) => p.field)).toEqual(['inputs.simulation.mapOutputPollS']);
  });
});
