import { describe, expect, it } from 'vitest';
import type { BatchInputs } from '@shared/experiment/design';
import { reducedInputs } from '../../../src-main/services/reducedRun';

/** Only what the reduction reads: seeds, the job list's submissions and dependencies, a generator's count. */
const inputs = (workload: { jobs?: object[]; generate?: object }, seeds: number[]): BatchInputs =>
  ({
    clusters: [],
    workloads: [
      { name: 'w', spec: { jobs: (workload.jobs ?? []).map((j) => ({ dependsOn: [], ...j })), ...(workload.generate ? { generate: workload.generate } : {}) } },
    ],
    schedulers: [],
    seeds,
    simulation: {},
  }) as unknown as BatchInputs;

/** "Run reduced" in the Reproduce area: a smaller workload, never fewer than three seeds. */
describe('reduced preset runs', () => {
  it("keep three seeds: the first three, or the preset's followed by the next ones", () => {
    expect(reducedInputs(inputs({}, [1, 2, 3, 4, 5, 6])).seeds).toEqual([1, 2, 3]);
    expect(reducedInputs(inputs({}, [1])).seeds).toEqual([1, 2, 3]);
    expect(reducedInputs(inputs({}, [11, 12])).seeds).toEqual([11, 12, 13]);
  });

  it("halve a generator's jobs, and cut a job list at its median submission with what depends on the cut", () => {
    const generated = reducedInputs(
      inputs({ generate: { count: 40, arrival: { kind: 'poisson', meanInterarrivalS: 30 }, mix: [{ template: 'Sort', weight: 1 }] } }, [1]),
    );
    expect(generated.workloads[0].spec.generate!.count).toBe(20);
    const chain = [0, 10, 20, 30].map((submit, i) => ({ id: `c${i}`, template: 'Sort', submit, ...(i ? { dependsOn: [`c${i - 1}`] } : {}) }));
    const list = reducedInputs(inputs({ jobs: [...chain, { id: 'late', template: 'Sort', submit: 5 }, { id: 'z', template: 'Sort', submit: 100 }] }, [1]));
    // Median submission 10: c0, c1 and "late" stay; c2 and c3 (and z) go.
    expect(list.workloads[0].spec.jobs.map((j) => j.id)).toEqual(['c0', 'c1', 'late']);
  });
});
