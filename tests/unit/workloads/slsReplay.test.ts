import { describe, expect, it } from 'vitest';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { parseSls } from '../../../src-main/workloads/traces/sls';
import { compileJobs } from '../../../src-main/workloads/compile';
import { cluster, fifo, run } from '../../helpers/engineFixtures';

/** One SLS job object per line. */
const trace = (...jobs: object[]) => jobs.map((j) => JSON.stringify(j)).join('\n');

describe('an SLS trace replays its container times (docs/model.md "Trace replay")', () => {
  it("gives a timed kind its containers' mean time, each entry weighted by its count, duration.ms before start and end", () => {
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
    // Untimed reduces keep the template's costs, and the shuffle the maps' output feeds them.
    expect(mapsOnly).toMatchObject({ mapCpuSPerMb: 0, mapCpuSPerTask: 4 });
    expect(mapsOnly).not.toHaveProperty('reduceCpuSPerTask');
    expect(mapsOnly).not.toHaveProperty('mapSelectivity');
    for (const field of ['mapCpuSPerMb', 'mapCpuSPerTask', 'mapSelectivity', 'reduceCpuSPerMb', 'reduceCpuSPerTask']) expect(untimed).not.toHaveProperty(field);
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

  it('runs a timed job for about its containers’ times: maps their mean, the reduces theirs after the last map', () => {
    const [job] = parseSls(
      trace({
        'job.start.ms': 0,
        'job.tasks': [
          { count: 8, 'container.type': 'map', 'duration.ms': 30_000 },
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
    // The Generic template's per-task variation (a log-normal factor of mean 1, cv 0.1) stays.
    const mean = maps.reduce((a, b) => a + b, 0) / maps.length;
    expect(mean).toBeGreaterThan(30 * 0.85);
    expect(mean).toBeLessThan(30 * 1.15);
    const lastMap = Math.max(...Array.from({ length: r.records.length }, (_, i) => (r.records.task[i] < 8 ? r.records.end[i] : 0)));
    // Nothing to shuffle or sort: each reduce computes its 20 s once the last map has ended.
    for (const end of reduceEnds) {
      expect(end - lastMap).toBeGreaterThan(20 * 0.7);
      expect(end - lastMap).toBeLessThan(20 * 1.3);
    }
  });
});
