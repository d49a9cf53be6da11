import { describe, expect, it } from 'vitest';
import { SchedulerSpecSchema, type SchedulerSpecInput } from '@shared/schedulers';
import { createScheduler } from '../../../src-main/schedulers/registry';
import { descriptionOf, hiddenOptions, runNameOf } from '@shared/schedulers';
import { cluster, cpuOnly, job, run } from '../../helpers/engineFixtures';

const sched = (s: SchedulerSpecInput) => createScheduler(SchedulerSpecSchema.parse(s));

/** When each job's first task and its last task started (job 0 has `firstMaps` maps, listed first). */
function starts(r: ReturnType<typeof run>, firstMaps: number) {
  const first: number[] = [];
  const second: number[] = [];
  for (let i = 0; i < r.records.length; i++) (r.records.task[i] < firstMaps ? first : second).push(r.records.start[i]);
  return { firstLast: Math.max(...first), secondFirst: Math.min(...second) };
}

// One node with room for a few containers beside two application masters; the first job alone could fill it twice over.
const node = cluster(1, 1, { cores: 6, memoryGb: 12 });
const twoJobs = () => [job('early', cpuOnly(10), { maps: 12 }), job('late', cpuOnly(10), { maps: 4, submit: 0.5 })];

/** The job orders the decomposition of PRISM against YARN compares (docs/reproductions.md "Order or placement"). */
describe("Capacity's ordering policy inside a queue (YARN ordering-policy)", () => {
  it('first come, first served: the later job waits until the earlier has no map left to place', () => {
    const r = run(node, twoJobs(), sched({ kind: 'capacity' }), { heartbeatS: 1 });
    const s = starts(r, 12);
    expect(s.secondFirst).toBeGreaterThanOrEqual(s.firstLast);
  });

  it('fair: the job holding the least memory goes first, so the later job starts while the earlier still has maps waiting', () => {
    const r = run(node, twoJobs(), sched({ kind: 'capacity', orderingPolicy: 'fair' }), { heartbeatS: 1 });
    const s = starts(r, 12);
    expect(s.secondFirst).toBeLessThan(s.firstLast);
    expect(r.jobs.every((j) => j.status === 'succeeded')).toBe(true);
  });

  it("keeps MapReduce's reduce ramp-up limit: while maps wait, a job's reduces hold at most half its task memory", () => {
    // Reduces may start at once (slow-start 0). One replica per block on four servers, and a locality
    // wait that never runs out: a node whose local maps are gone can take only reduces while maps wait elsewhere.
    const four = cluster(1, 6, { cores: 4, memoryGb: 8, replication: 1 });
    const jobs = [job('a', cpuOnly(10), { maps: 12, inputMb: 12 * 128, reduces: 30 })];
    const held = (limit: number | undefined) => {
      const spec = { kind: 'capacity' as const, orderingPolicy: 'fair' as const, localityDelay: 1_000_000 };
      const r = run(four, jobs, sched({ ...spec, ...(limit === undefined ? {} : { reduceRampupLimit: limit }) }), {
        heartbeatS: 1,
        slowstart: 0,
      });
      expect(r.jobs[0].status).toBe('succeeded');
      const mapStarts: number[] = [];
      const spans: { start: number; end: number; reduce: boolean }[] = [];
      for (let i = 0; i < r.records.length; i++) {
        const reduce = r.records.task[i] >= 12;
        if (!reduce) mapStarts.push(r.records.start[i]);
        spans.push({ start: r.records.start[i], end: r.records.end[i], reduce });
      }
      const lastMapStart = Math.max(...mapStarts);
      // At each reduce's start while maps still waited: reduces and maps running then (containers are the same size).
      return spans
        .filter((x) => x.reduce && x.start < lastMapStart)
        .map((x) => {
          const at = spans.filter((y) => y.start <= x.start && y.end > x.start);
          return { reduces: at.filter((y) => y.reduce).length, maps: at.filter((y) => !y.reduce).length };
        });
    };
    const limited = held(undefined);
    expect(limited.length).toBeGreaterThan(0);
    for (const at of limited) expect(at.reduces).toBeLessThanOrEqual(at.maps);
    // With no limit the reduces take more than half while maps still wait.
    expect(held(1).some((at) => at.reduces > at.maps)).toBe(true);
  });

  it('is reported under its own name and shows its choice in words', () => {
    const d = descriptionOf('capacity');
    expect(runNameOf(d, SchedulerSpecSchema.parse({ kind: 'capacity', orderingPolicy: 'fair' }))).toBe('Capacity (fair order)');
    expect(d.choiceLabels?.orderingPolicy.fair).toMatch(/least memory/i);
  });
});

describe("PRISM's job order", () => {
  it("by share (the paper's): the later job gets phases while the earlier still has maps waiting", () => {
    const r = run(node, twoJobs(), sched({ kind: 'prism' }), { heartbeatS: 1 });
    const s = starts(r, 12);
    expect(s.secondFirst).toBeLessThan(s.firstLast);
  });

  it('by submission: the earlier job takes every phase that fits until it has none left to place, with the same placement', () => {
    const r = run(node, twoJobs(), sched({ kind: 'prism', jobOrder: 'submission' }), { heartbeatS: 1 });
    const s = starts(r, 12);
    expect(s.secondFirst).toBeGreaterThanOrEqual(s.firstLast);
    expect(r.jobs.every((j) => j.status === 'succeeded')).toBe(true);
    for (let i = 0; i < r.records.length; i++) expect(r.reasons[r.records.reason[i]]).toMatch(/utility/i);
  });

  it('by submission, passes over a job holding its master with nothing to place, so later jobs are not starved', () => {
    // Ten jobs of one map each, k = 2: each job, once its map runs, has nothing more to offer and must not use up the two places.
    const jobs = Array.from({ length: 10 }, (_, i) => job(`j${i}`, cpuOnly(30), { maps: 1, submit: i * 0.01 }));
    const r = run(cluster(1, 1, { cores: 32, memoryGb: 64 }), jobs, sched({ kind: 'prism', jobOrder: 'submission', topK: 2 }), { heartbeatS: 1 });
    // Every map starts within the first few beats, not one pair per 30 s.
    for (let i = 0; i < r.records.length; i++) expect(r.records.start[i]).toBeLessThan(15);
  });

  it('is reported under its own name; the fairness measure, no part of the choice then, is hidden', () => {
    const d = descriptionOf('prism');
    const spec = SchedulerSpecSchema.parse({ kind: 'prism', jobOrder: 'submission' }) as never;
    expect(runNameOf(d, spec)).toBe('PRISM (submission order)');
    expect(hiddenOptions(d.shownWhen, spec)).toEqual(['fairness']);
    expect(hiddenOptions(d.shownWhen, SchedulerSpecSchema.parse({ kind: 'prism' }))).toEqual([]);
  });
});
