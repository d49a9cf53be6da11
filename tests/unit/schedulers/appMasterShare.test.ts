import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema } from '@shared/schedulers';
import { whyNotWords } from '@shared/results/whyNot';
import { Simulation } from '../../../src-main/engine/run/kernel';
import { schedulerFor } from '../../../src-main/runner/schedulerFor';
import { cluster, cpuOnly, job, options } from '../../helpers/engineFixtures';

/**
 * YARN's cap on application masters (maxAmShare, schedulers/containers.ts): together they hold at
 * most that share of the memory and vcores the nodes offer, one always allowed. Forty jobs at once
 * on two 4-core nodes: without the cap, DRF (smallest dominant share first) gives every container
 * to a master and no task runs.
 */
const topology = () => cluster(1, 2, { cores: 4, memoryGb: 16 });
const jobs = () => Array.from({ length: 40 }, (_, i) => job(`j${i}`, cpuOnly(5, { minReduces: 1 }), { maps: 2, reduces: 1, inputMb: 256 }));
const YARN = ['capacity', 'drf', 'prism', 'finegrained'] as const;

function run(kind: string, extra: object, horizonS = 20_000) {
  const simulation = options({ heartbeatS: 1, horizonS });
  const scheduler = schedulerFor(SchedulerSpecSchema.parse({ kind, ...extra }), topology(), simulation);
  let most = { memoryMb: 0, vcores: 0 };
  const problems: string[] = [];
  const sim: Simulation = new Simulation({
    topology: topology(),
    jobs: jobs(),
    options: simulation,
    seed: 1,
    scheduler,
    afterEvent: (s) => {
      most = { memoryMb: Math.max(most.memoryMb, sim.view.appMastersMemoryMb()), vcores: Math.max(most.vcores, sim.view.appMastersVcores()) };
      if (problems.length < 3) problems.push(...s.checkInvariants());
    },
  });
  return { result: sim.run(), most, problems };
}

describe('application masters hold at most their share of the cluster', () => {
  for (const kind of YARN) {
    it(`${kind}: masters stay within half of the memory and vcores the nodes offer, and every job finishes`, () => {
      const { result, most, problems } = run(kind, {});
      expect(problems).toEqual([]);
      // Two nodes offer 15 GB and 4 vcores each (memory less 1 GB for the OS): half is 15 GB and 4 vcores.
      expect(most.memoryMb).toBeLessThanOrEqual(15 * 1024);
      expect(most.vcores).toBeLessThanOrEqual(4);
      expect(most.vcores).toBeGreaterThan(0);
      expect(result.jobs.filter((j) => j.status !== 'succeeded').map((j) => j.id)).toEqual([]);
    });
  }

  it('one master may always run, however small the share', () => {
    const { result, most } = run('drf', { maxAmShare: 0.01 });
    expect(most.vcores).toBe(1);
    expect(result.jobs.every((j) => j.status === 'succeeded')).toBe(true);
  });

  it('without the cap DRF gives every container to a master and runs no task', () => {
    expect(run('drf', { maxAmShare: 1 }, 20_000).result.jobs.filter((j) => j.status === 'succeeded')).toEqual([]);
  });

  it('says why a job waits for its master while the masters hold their share', () => {
    const simulation = options({ heartbeatS: 1 });
    const scheduler = schedulerFor(SchedulerSpecSchema.parse({ kind: 'drf' }), topology(), simulation);
    const sim: Simulation = new Simulation({
      topology: topology(),
      jobs: jobs(),
      options: simulation,
      seed: 1,
      scheduler,
      until: () => sim.view.appMastersVcores() >= 4,
    });
    sim.run();
    const waiting = sim.view.activeJobs.find((j) => sim.view.appMasterNode(j) < 0)!;
    const reasons = scheduler.explain!(waiting, 0, sim.view);
    const full = reasons.find((r) => r.kind === 'amShareFull');
    expect(full).toMatchObject({ usedVcores: 4, limitVcores: 4, share: 0.5 });
    expect(whyNotWords(full!)).toBe(
      'its application master waits: application masters hold 6.0 of the 15.0 GB and 4.0 of the 4.0 vcores they may (50.0 % of what the nodes offer)',
    );
  });
});
