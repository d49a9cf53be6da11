import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema, type SchedulerSpecInput } from '@shared/schedulers';
import { W_CPU } from '../../../src-main/engine/state/attempts';
import { PhaseKind } from '../../../src-main/engine/core/model';
import { phaseWork } from '../../../src-main/engine/jobs/phases';
import { cpuFactorOf } from '../../../src-main/engine/state/tasks';
import { Random } from '../../../src-main/engine/core/random';
import { Simulation } from '../../../src-main/engine/run/kernel';
import { schedulerFor } from '../../../src-main/runner/schedulerFor';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { TEMPLATE_NAMES } from '../../../src-main/workloads/benchmarkTemplates';
import { cluster, job, options } from '../../helpers/engineFixtures';

const SCHEDULERS: SchedulerSpecInput[] = [
  { kind: 'fifo', mapSlots: 3, reduceSlots: 2 },
  { kind: 'fair', mapSlots: 3, reduceSlots: 2 },
  { kind: 'fair', mapSlots: 3, reduceSlots: 2, nodeLocalityWaitS: 0, rackLocalityWaitS: 0 },
  { kind: 'capacity' },
  { kind: 'drf' },
  { kind: 'late', mapSlots: 3, reduceSlots: 2, minRunSeconds: 5 },
  { kind: 'finegrained', minAnalysableSeconds: 1 },
  { kind: 'prism' },
  { kind: 'ila', mapSlots: 3, reduceSlots: 2, profilingSamples: 30 },
  { kind: 'ila', variant: 'lao', mapSlots: 3, reduceSlots: 2 },
];

/** A random but reproducible scenario: cluster shape, job mix, arrivals. */
function scenario(seed: number) {
  const rng = new Random(seed, 'sizes');
  const vms = rng.int(0, 2);
  const topo = cluster(rng.int(1, 3), rng.int(2, 4), { cores: rng.int(2, 8), memoryGb: 32, vms, vcpus: 2, vmMemoryGb: 8, uplinkMBps: 200 });
  const usable = TEMPLATE_NAMES.filter((t) => t !== 'TeraGen'); // TeraGen's 2 GB maps make runs long
  const jobs = Array.from({ length: rng.int(3, 8) }, (_, i) =>
    job(`j${i}`, usable[rng.int(0, usable.length - 1)], {
      submit: rng.int(0, 60),
      inputMb: rng.int(1, 6) * 128,
      maps: rng.int(1, 6),
      reduces: rng.int(0, 3),
      queue: 'default',
    }),
  );
  return { topo, jobs };
}

describe('engine invariants on random scenarios', () => {
  for (let seed = 1; seed <= 6; seed++) {
    for (const spec of SCHEDULERS) {
      it(`seed ${seed}, ${spec.kind}${spec.kind === 'fair' && spec.nodeLocalityWaitS === 0 ? ' (greedy)' : ''}`, () => {
        const { topo, jobs } = scenario(seed);
        const problems: string[] = [];
        const sim = new Simulation({
          topology: topo,
          jobs,
          options: options({ heartbeatS: 1 }),
          seed,
          scheduler: schedulerFor(SchedulerSpecSchema.parse(spec), topo),
          afterEvent: (s) => {
            if (problems.length < 5) problems.push(...s.checkInvariants().map((p) => `t=${s.now.toFixed(3)}: ${p}`));
          },
        });
        const r = sim.run();
        // Capacity is never exceeded at any instant.
        expect(problems).toEqual([]);
        // Every job ends; every task of a succeeded job succeeded exactly once.
        expect(r.jobs.map((j) => j.status)).toEqual(jobs.map(() => 'succeeded'));
        const successes = new Map<number, number>();
        for (let i = 0; i < r.records.length; i++)
          if (r.records.outcome[i] === 0) successes.set(r.records.task[i], (successes.get(r.records.task[i]) ?? 0) + 1);
        const totalTasks = jobs.reduce((s, j) => s + j.maps + j.reduces, 0);
        expect(successes.size).toBe(totalTasks);
        expect([...successes.values()].every((c) => c === 1)).toBe(true);
        // Locality counts add up to the map attempts launched (speculative copies aside).
        let mapLaunches = 0;
        for (let i = 0; i < r.records.length; i++) if (!r.records.speculative[i] && r.records.locality[i] !== 4) mapLaunches++;
        const l = r.locality;
        expect(l.node + l.server + l.rack + l.offRack).toBe(mapLaunches);
        // ... and job by job, the jobs' counts add up to the run's, level by level.
        for (const level of ['node', 'server', 'rack', 'offRack'] as const)
          expect(
            r.jobs.reduce((sum, j) => sum + j.locality[level], 0),
            level,
          ).toBe(l[level]);
        // Jobs finish after they start, after they are submitted.
        for (const j of r.jobs) expect(j.submit <= j.start && j.start <= j.finish).toBe(true);
      });
    }
  }
});

describe('conservation of work', () => {
  it('CPU time used over the run equals the CPU work of every phase completed', () => {
    const topo = cluster(2, 3, { cores: 4 });
    const jobs = [
      job('a', 'Sort', { inputMb: 1024, maps: 8, reduces: 2 }),
      job('b', 'WordCount', { submit: 10, inputMb: 512, maps: 4, reduces: 1 }),
      job('c', 'Pi', { submit: 5, maps: 6, reduces: 1 }),
    ];
    const sim = new Simulation({
      topology: topo,
      jobs,
      options: options({ heartbeatS: 1 }),
      seed: 7,
      scheduler: createScheduler(SchedulerSpecSchema.parse({ kind: 'fair', mapSlots: 2, reduceSlots: 1 })),
    });
    const r = sim.run();
    expect(r.failedAttempts + r.killedAttempts).toBe(0);
    // The CPU work each succeeded attempt was given, phase by phase, at its node and locality.
    const tasks = sim.tasks;
    const w = new Float64Array(6);
    let expected = 0;
    for (let i = 0; i < r.records.length; i++) {
      const t = r.records.task[i];
      const phases = tasks.isReduce[t]
        ? [PhaseKind.Shuffle, PhaseKind.Sort, PhaseKind.Reduce]
        : jobs[tasks.job[t]].reduces > 0
          ? [PhaseKind.Map, PhaseKind.Merge]
          : [PhaseKind.Map];
      for (const p of phases) {
        phaseWork(
          { topo, dom0CpuPerMb: 0, taskDiskMBps: Infinity },
          jobs[tasks.job[t]],
          p,
          tasks.size[t],
          tasks.factor[t],
          cpuFactorOf(tasks, t),
          r.records.locality[i],
          r.records.node[i],
          w,
          0,
        );
        expected += w[W_CPU];
      }
    }
    const used = r.utilization.cpu * topo.totalCores * r.simulatedSeconds;
    expect(used).toBeCloseTo(expected, 3);
  });
});

describe('memory', () => {
  it('a slot configuration that over-commits memory makes attempts fail and retry', () => {
    // 4 GB nodes, 6 map slots of 1 GB maps: the fifth and sixth concurrent maps cannot fit.
    const topo = cluster(1, 2, { cores: 8, memoryGb: 4 });
    const sim = new Simulation({
      topology: topo,
      jobs: [job('j', 'WordCount', { inputMb: 2048, maps: 16, reduces: 0 })],
      options: options({ heartbeatS: 1, maxAttempts: 20 }),
      seed: 3,
      scheduler: createScheduler(SchedulerSpecSchema.parse({ kind: 'fifo', mapSlots: 6, reduceSlots: 0, slotMemoryMb: 1024 })),
    });
    const r = sim.run();
    expect(r.failedAttempts).toBeGreaterThan(0);
    // A task whose attempt failed for memory ran again, and some such retry succeeded.
    const failedTasks = new Set<number>();
    let retriedOk = 0;
    for (let i = 0; i < r.records.length; i++) {
      if (r.records.outcome[i] === 1) failedTasks.add(r.records.task[i]);
      else if (r.records.outcome[i] === 0 && failedTasks.has(r.records.task[i])) retriedOk++;
    }
    expect(retriedOk).toBeGreaterThan(0);
    // The nodes were full (six 1 GB maps on 4 GB), but memory in use is what they have, never more.
    expect(Math.max(...r.series.values.memory)).toBe(1);
    expect(r.utilization.memory).toBeLessThanOrEqual(1);
  });

  it('YARN-style schedulers never over-commit, so no attempt fails', () => {
    const topo = cluster(1, 2, { cores: 8, memoryGb: 4 });
    for (const kind of ['capacity', 'drf'] as const) {
      const r = new Simulation({
        topology: topo,
        jobs: [job('j', 'WordCount', { inputMb: 2048, maps: 16, reduces: 2 })],
        options: options({ heartbeatS: 1 }),
        seed: 3,
        scheduler: createScheduler(SchedulerSpecSchema.parse({ kind })),
      }).run();
      expect(r.failedAttempts, kind).toBe(0);
    }
  });
});
