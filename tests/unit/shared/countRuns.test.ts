import { describe, expect, it } from 'vitest';
import { ClusterSpecSchema } from '@shared/cluster/cluster';
import { countRuns, ExperimentDesignSchema, type BatchInputs, type Sweep } from '@shared/experiment/design';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { SimulationOptionsSchema } from '@shared/experiment/simulation';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { planBatch } from '@shared/experiment/batchPlan';

/** One formula for the number of runs (issue 19): the designer, the list and the 2,000-run limit all say what planBatch makes. */
describe('countRuns', () => {
  const cluster = ClusterSpecSchema.parse({
    name: 'c',
    hostTypes: [{ id: 'h', name: 'h', cores: 4, coreSpeed: 1, memoryGb: 8, disks: [{ readMBps: 100, writeMBps: 100 }], nicMBps: 125 }],
    network: { rackUplinkMBps: 1250, oversubscription: 1 },
    racks: [{ name: 'r', hosts: [{ name: 'a', type: 'h' }] }],
  });
  const workload = WorkloadSpecSchema.parse({ jobs: [{ template: 'Pi', submit: 0, maps: 1 }] });
  const inputs = (sweep?: Sweep): BatchInputs => ({
    clusters: [1, 2].map((i) => ({ name: `c${i}`, spec: cluster })),
    workloads: [1, 2, 3].map((i) => ({ name: `w${i}`, spec: workload })),
    schedulers: [SchedulerSpecSchema.parse({ kind: 'fifo' }), SchedulerSpecSchema.parse({ kind: 'prism' }), SchedulerSpecSchema.parse({ kind: 'drf' })],
    seeds: [1, 2],
    simulation: SimulationOptionsSchema.parse({}),
    ...(sweep ? { sweep } : {}),
  });
  const sweeps: (Sweep | undefined)[] = [
    undefined,
    { target: 'scheduler', scheduler: 1, parameter: 'alpha', values: [0.5, 1, 2, 4] },
    { target: 'simulation', parameter: 'heartbeatS', values: [1, 3] },
    { target: 'servers', values: [4, 8, 16] },
  ];

  for (const sweep of sweeps) {
    it(`equals the plan's length, ${sweep?.target ?? 'no'} sweep`, () => {
      const i = inputs(sweep);
      expect(countRuns({ clusters: 2, workloads: 3, schedulers: 3, seeds: 2, sweep })).toBe(planBatch(i).length);
    });
  }

  it('limits a design by the runs it really makes (a scheduler sweep adds variants of one scheduler, not of all)', () => {
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const design = (values: number) => ({
      name: 'd',
      clusterIds: [id(1)],
      workloadIds: [id(2)],
      schedulers: Array.from({ length: 10 }, (_, i) => ({ kind: 'prism', label: `PRISM ${i + 1}` })),
      seeds: Array.from({ length: 50 }, (_, i) => i),
      sweep: { target: 'scheduler', scheduler: 0, parameter: 'alpha', values: Array.from({ length: values }, (_, i) => i) },
    });
    // 50 seeds × (9 + 30) = 1,950 runs: allowed (the old product, 50 × 10 × 30 = 15,000, refused it).
    expect(ExperimentDesignSchema.safeParse(design(30)).success).toBe(true);
    // 50 × (9 + 50) = 2,950: refused.
    const refused = ExperimentDesignSchema.safeParse(design(50));
    expect(refused.error?.issues.map((i) => i.message)).toEqual(['more than 2,000 runs: use fewer seeds, schedulers or sweep values']);
  });
});
