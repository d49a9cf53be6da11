import { describe, expect, it } from 'vitest';
import { ExperimentDesignSchema } from '@shared/experiment/design';
import { experimentProblems } from '@shared/experiment/experimentFile';
import { problemsOf } from '@shared/api/validation';

const base = {
  name: 'x',
  clusterIds: ['00000000-0000-4000-8000-000000000000'],
  workloadIds: ['00000000-0000-4000-8000-000000000000'],
  schedulers: [{ kind: 'fifo' }, { kind: 'fair' }],
  seeds: [1],
};
const problems = (design: object) => {
  const r = ExperimentDesignSchema.safeParse(design);
  return r.success ? [] : problemsOf(r.error);
};

/** Sweep values are checked as the runs they make, before Run (issue 32 item 6). */
describe('sweeps checked point by point', () => {
  it("names a scheduler value its scheduler refuses, with the option's label, at its place among the values", () => {
    expect(problems({ ...base, sweep: { target: 'scheduler', scheduler: 1, parameter: 'nodeLocalityWaitS', values: [0, -1, 5] } })).toEqual([
      { field: 'sweep.values.1', message: 'Node-locality wait s = -1 for scheduler 2 (Fair Scheduler (delay or greedy)): must be at least 0' },
    ]);
  });

  it("names a simulation value the options refuse, in the Simulation card's words", () => {
    expect(problems({ ...base, sweep: { target: 'simulation', parameter: 'heartbeatS', values: [3, 0] } })).toEqual([
      { field: 'sweep.values.1', message: 'Heartbeat s = 0: must be at least 0.001 s (a heartbeat every millisecond)' },
    ]);
    expect(problems({ ...base, sweep: { target: 'simulation', parameter: 'slowstart', values: [0.5, 1] } })).toEqual([]);
  });

  it('holds for experiment files too', () => {
    const file = {
      name: 'x',
      cluster: { file: 'c.json' },
      workload: { file: 'w.json' },
      schedulers: [{ kind: 'fair' }],
      sweep: { target: 'scheduler', scheduler: 0, parameter: 'rackLocalityWaitS', values: [1, -2] },
    };
    expect(experimentProblems(file)).toEqual([
      { field: 'sweep.values.1', message: 'Rack-locality wait s = -2 for scheduler 1 (Fair Scheduler (delay or greedy)): must be at least 0' },
    ]);
  });

  it('names a swept scheduler that is not there, or an option of it that is not a number, once, in a design and a file alike', () => {
    const file = { name: 'x', cluster: { file: 'c.json' }, workload: { file: 'w.json' }, schedulers: [{ kind: 'fifo' }, { kind: 'fair' }] };
    const past = { target: 'scheduler', scheduler: 5, parameter: 'nodeLocalityWaitS', values: [1, 2] };
    // A file's sweep of scheduler 6 of 2 used to run unswept, with nothing said.
    expect(experimentProblems({ ...file, sweep: past })).toEqual([{ field: 'sweep.scheduler', message: 'there is no scheduler 6' }]);
    expect(problems({ ...base, sweep: past })).toEqual([{ field: 'sweep.scheduler', message: 'there is no scheduler 6' }]);
    const serverLocality = { target: 'scheduler', scheduler: 1, parameter: 'serverLocality', values: [1] };
    const notANumber = [
      { field: 'sweep.parameter', message: 'Server locality (co-hosted VMs) is not a number Fair Scheduler (delay or greedy) can be swept over' },
    ];
    expect(experimentProblems({ ...file, sweep: serverLocality })).toEqual(notANumber);
    expect(problems({ ...base, sweep: serverLocality })).toEqual(notANumber);
  });
});
