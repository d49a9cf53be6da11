import { describe, expect, it } from 'vitest';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { parseSls } from '../../../src-main/workloads/traces/sls';
import { compileJobs } from '../../../src-main/workloads/compile';
import { cluster, fifo, run } from '../../helpers/engineFixtures';

/** One SLS job object per line. */
const trace = (...jobs: object[]) => jobs.map((j) => JSON.stringify(j)).join('\n');

describe('an SLS trace replays its container times (docs/model.md "Trace replay")', () => {
  it("gives a timed kind each container's own time and their mean, each entry counted its count times, duration.ms before start and end", () => {
    const r = parseSls(
      trace(
        {
          'job.start.ms': 0,
          'job.id': 'timed',
          'job.tasks': [
            { count: 3, 'container.type': 'map', 'duration.ms': 10_000, 'container.start.ms': 0, 'container.end.ms': 99_000 },
            { 'container.type': 'map', 'container.start.ms': 500, 'container.end.ms': 30_500 },
            { count: 2, 'container.type': 'reduce', 'container.start.ms': 1000, 'container.end.ms': 8001 },
          ],
        },
        { 'job.start.ms': 0, 'job.id': 'maps-only-timed', 'job.tasks': [{ 'duration.ms': 4000 }, { 'container.type': 'reduce' }] },
        { 'job.start.ms': 0, 'job.id': 'untimed', 'job.tasks': [{ count: 2 }, { 'container.type': 'reduce' }] },
      ),
    );
    expect(r.problems).toEqual([]);
    const [timed, mapsOnly, untimed] = r.jobs;
    // (3 × 10 s + 30 s) / 4 maps = 15 s; 7.001 s for the reduces, to the millisecond.
    expect(timed).toMatchObject({ maps: 4, reduces: 2, mapCpuSPerMb: 0, mapCpuSPerTask: 15, mapSelectivity: 0, reduceCpuSPerMb: 0, reduceCpuSPerTask: 7.001 });
    // Each container's own time, in the trace's order; equal times are kept once (the list repeats).
    expect(timed.mapSeconds).toEqual([10, 10, 10, 30]);
    expect(timed.reduceSeconds).toEqual([7.001]);
    // Untimed reduces keep the template's costs, and the shuffle the maps' output feeds them.
    expect(mapsOnly).toMatchObject({ mapCpuSPerMb: 0, mapCpuSPerTask: 4, mapSeconds: [4] });
    expect(mapsOnly).not.toHaveProperty('reduceCpuSPerTask');
    expect(mapsOnly).not.toHaveProperty('reduceSeconds');
    expect(mapsOnly).not.toHaveProperty('mapSelectivity');
    for (const field of ['mapCpuSPerMb', 'mapCpuSPerTask', 'mapSelectivity', 'reduceCpuSPerMb', 'reduceCpuSPerTask', 'mapSeconds', 'reduceSeconds'])
      expect(untimed).not.toHaveProperty(field);
  });

  it('gives a container without a time its kind’s mean, in its place among the others', () => {
    const [job] = parseSls(
      trace({
        'job.start.ms': 0,
        'job.tasks': [{ 'duration.ms': 2000 }, {}, { count: 2, 'duration.ms': 5000 }],
      }),
    ).jobs;
    expect(job).toMatchObject({ maps: 4, mapCpuSPerTask: 4, mapSeconds: [2, 4, 5, 5] });
  });

  it('names a bad duration at its field, and refuses a container longer than a day', () => {
    const r = parseSls(
      trace(
        { 'job.start.ms': 0, 'job.tasks': [{ 'duration.ms': 'long' }] },
        { 'job.start.ms': 0, 'job.tasks': [{}, { 'duration.ms': 86_400_001 }] },
        { 'job.start.ms': 0, 'job.tasks': [{ 'container.start.ms': 0, 'container.end.ms': 90_000_000 }] },
        { 'job.start.ms': 0, 'job.tasks': [{ 'duration.ms': 86_400_000 }] },
      ),
    );
    expect(r.problems).toEqual([
      { line: 1, field: 'job.tasks.0.duration.ms', message: 'expected milliseconds ≥ 0, found "long"' },
      {
        line: 2,
        field: 'job.tasks.1.duration.ms',
        message: 'a container of 86400001 ms runs longer than a day (86,400,000 ms), the longest the studio replays',
      },
      {
        line: 3,
        field: 'job.tasks.0.container.end.ms',
        message: 'a container of 90000000 ms runs longer than a day (86,400,000 ms), the longest the studio replays',
      },
    ]);
    expect(r.jobs.map((j) => j.mapCpuSPerTask)).toEqual([86_400]);
  });

  it('runs each container for its own time: the maps theirs, the reduces theirs after the last map', () => {
    const [job] = parseSls(
      trace({
        'job.start.ms': 0,
        'job.tasks': [
          { count: 4, 'container.type': 'map', 'duration.ms': 30_000 },
          { count: 4, 'container.type': 'map', 'duration.ms': 10_000 },
          { count: 2, 'container.type': 'reduce', 'duration.ms': 20_000 },
        ],
      }),
    ).jobs;
    const jobs = compileJobs(WorkloadSpecSchema.parse({ jobs: [job] }).jobs, 128);
    // Eight map slots: every map at once, each reading its block while it computes.
    const r = run(cluster(1, 4), jobs, fifo(2, 1), { recordAttempts: true, contention: 'full' });
    const maps: number[] = [];
    const reduceEnds: number[] = [];
    for (let i = 0; i < r.records.length; i++) {
      if (r.records.task[i] < 8) maps.push(r.records.end[i] - r.records.start[i]);
      else reduceEnds.push(r.records.end[i]);
    }
    expect(maps).toHaveLength(8);
    // The trace's times are the variation, with no template factor on top: each map its own time (its block's read overlaps it).
    expect(maps.map((t) => Number(t.toFixed(6)))).toEqual([30, 30, 30, 30, 10, 10, 10, 10]);
    const lastMap = Math.max(...Array.from({ length: r.records.length }, (_, i) => (r.records.task[i] < 8 ? r.records.end[i] : 0)));
    // Nothing to shuffle or sort: each reduce computes its 20 s once the last map has ended.
    for (const end of reduceEnds) {
      expect(end - lastMap).toBeGreaterThan(20 * 0.7);
      expect(end - lastMap).toBeLessThan(20 * 1.3);
    }
  });
});

describe("a job's own task times (JobSpec mapSeconds, reduceSeconds)", () => {
  /** Each task's time when it runs alone on a node of its own, by task number. */
  function taskTimes(spec: object): number[] {
    const jobs = compileJobs(WorkloadSpecSchema.parse({ jobs: [spec] }).jobs, 128);
    const r = run(cluster(1, 8), jobs, fifo(1, 1), { recordAttempts: true, contention: 'full' });
    const out: number[] = [];
    for (let i = 0; i < r.records.length; i++) out[r.records.task[i]] = Number((r.records.end[i] - r.records.start[i]).toFixed(6));
    return out;
  }

  it("shares the kind's CPU per task out in the list's proportions, the list repeating over the tasks", () => {
    // Mean 2 s: the maps take 0.5 and 1.5 times the job's 10 s a map, in turn.
    const maps = taskTimes({ template: 'Generic', submit: 0, maps: 4, reduces: 0, mapCpuSPerMb: 0, mapCpuSPerTask: 10, mapSeconds: [1, 3] });
    expect(maps).toEqual([5, 15, 5, 15]);
  });

  it('keeps the I/O of a timed task at its template’s, without the variation the times replace', () => {
    // The Grep template reads its block (no own costs): timed or not, each map reads 128 MB; timed, none varies.
    const timed = taskTimes({ template: 'Grep', submit: 0, maps: 3, reduces: 0, mapSeconds: [1, 1, 1] });
    expect(new Set(timed).size).toBe(1);
    const untimed = taskTimes({ template: 'Grep', submit: 0, maps: 3, reduces: 0 });
    expect(new Set(untimed).size).toBe(3);
  });

  it('refuses a time that is not one, below 0 or past a day, or an empty list, at its field', () => {
    const problems = (jobs: object[]) => {
      const r = WorkloadSpecSchema.safeParse({ jobs });
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    const base = { template: 'Generic', submit: 0, maps: 2 };
    expect(problems([{ ...base, mapSeconds: [1, -1] }])).toEqual(['jobs.0.mapSeconds.1: must be at least 0 s']);
    expect(problems([{ ...base, reduceSeconds: [90_000] }])).toEqual(['jobs.0.reduceSeconds.0: must be at most 86,400 s (a day)']);
    expect(problems([{ ...base, mapSeconds: [] }])).toEqual(["jobs.0.mapSeconds: must give at least one map's time, or be left out"]);
    expect(problems([{ ...base, mapSeconds: ['ten'] }])).toEqual(['jobs.0.mapSeconds.0: Invalid input: expected number, received string']);
  });
});
