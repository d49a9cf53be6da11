import { describe, expect, it } from 'vitest';
import type { BatchInputs } from '@shared/experiment/design';
import { reducedRun } from '../../../src-main/services/reducedRun';

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

const ids = (r: ReturnType<typeof reducedRun>) => r.inputs.workloads[0].spec.jobs.map((j) => j.id);

/** "Run reduced" in the Reproduce area: a smaller workload, never fewer than three seeds, and it says which. */
describe('reduced preset runs', () => {
  it("keep three seeds: the first three, or the preset's followed by the next ones", () => {
    expect(reducedRun(inputs({}, [1, 2, 3, 4, 5, 6])).inputs.seeds).toEqual([1, 2, 3]);
    expect(reducedRun(inputs({}, [1])).inputs.seeds).toEqual([1, 2, 3]);
    expect(reducedRun(inputs({}, [11, 12])).inputs.seeds).toEqual([11, 12, 13]);
  });

  it("halve a generator's jobs", () => {
    const generated = reducedRun(inputs({ generate: { count: 25, arrival: { kind: 'batch', at: 0 }, mix: [{ template: 'Sort', weight: 1, maps: 16 }] } }, [1]));
    expect(generated.inputs.workloads[0].spec.generate!.count).toBe(13);
    expect(generated.what).toBe('13 of its 25 generated jobs');
  });

  it('keep the first half of a job list by submission, without what depends on the cut', () => {
    const chain = [0, 10, 20, 30].map((submit, i) => ({ id: `c${i}`, template: 'Sort', submit, ...(i ? { dependsOn: [`c${i - 1}`] } : {}) }));
    const others = [5, 100, 101, 102].map((submit, i) => ({ id: `o${i}`, template: 'Sort', submit }));
    const list = reducedRun(inputs({ jobs: [...chain, ...others] }, [1]));
    // The first four of eight by submission: c0 (0), o0 (5), c1 (10), c2 (20).
    expect(ids(list)).toEqual(['c0', 'c1', 'c2', 'o0']);
    expect(list.what).toBe('4 of its 8 jobs');
  });

  it('halve a batch submitted all at once, keeping its first jobs in order; what depends on a dropped job goes', () => {
    const batch = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((id) => ({ id, template: 'Sort', submit: 0 }));
    const reduced = reducedRun(inputs({ jobs: [...batch, { id: 'z', template: 'Sort', submit: 0, dependsOn: ['i'] }] }, [1]));
    expect(ids(reduced)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keep every job of a few job types run together, each with half its maps and the data they carry', () => {
    const reduced = reducedRun(
      inputs(
        {
          jobs: [
            { id: 'pi', template: 'Pi', submit: 0, maps: 70 },
            { id: 'gen', template: 'TeraGen', submit: 0, maps: 31, outputMb: 31 * 2048 },
            { id: 'etl', template: 'ETL', submit: 0, inputMb: 12_800 },
          ],
        },
        [1],
      ),
    );
    expect(reduced.inputs.workloads[0].spec.jobs.map((j) => [j.id, j.maps, j.inputMb, j.outputMb])).toEqual([
      ['pi', 35, undefined, undefined],
      ['gen', 16, undefined, 16 * 2048],
      ['etl', undefined, 6_400, undefined],
    ]);
    expect(reduced.what).toBe('each of its 3 jobs with half its maps, on half the servers');
  });
});
