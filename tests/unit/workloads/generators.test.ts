import { describe, expect, it } from 'vitest';
import { RecordedWorkloadSpecSchema, WorkloadSpecSchema, type WorkloadSpecInput } from '@shared/workload/workload';
import { ARRIVAL_WORDS, workloadJobsText } from '@shared/workload/arrivalWords';
import { FACEBOOK_MIX } from '@shared/workload/workloadPresets';
import { problemsOf } from '@shared/api/validation';
import { expandJobs } from '../../../src-main/workloads/compile';
import { TEMPLATE_NAMES } from '../../../src-main/workloads/benchmarkTemplates';

const expand = (w: WorkloadSpecInput, seed = 1) => expandJobs(WorkloadSpecSchema.parse(w), seed);
const gaps = (submits: number[]) => submits.slice(1).map((t, i) => t - submits[i]);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe('generators', () => {
  it('batch: every job at the same moment', () => {
    const jobs = expand({ generate: { count: 10, arrival: { kind: 'batch', at: 30 }, mix: [{ template: 'Sort', weight: 1, maps: 4 }] } });
    expect(new Set(jobs.map((j) => j.submit))).toEqual(new Set([30]));
  });

  it('poisson: exponential gaps with the requested mean', () => {
    const jobs = expand({ generate: { count: 5000, arrival: { kind: 'poisson', meanInterarrivalS: 14 }, mix: [{ template: 'Sort', weight: 1, maps: 1 }] } });
    const g = gaps(jobs.map((j) => j.submit));
    expect(mean(g)).toBeGreaterThan(13.3);
    expect(mean(g)).toBeLessThan(14.7);
    // Exponential: the standard deviation equals the mean.
    const sd = Math.sqrt(mean(g.map((x) => (x - mean(g)) ** 2)));
    expect(sd / mean(g)).toBeGreaterThan(0.9);
    expect(sd / mean(g)).toBeLessThan(1.1);
  });

  it('bursty: bursts of the given size, the given gap inside a burst', () => {
    const jobs = expand({
      generate: { count: 20, arrival: { kind: 'bursty', burstSize: 5, withinBurstS: 2, betweenBurstsS: 100 }, mix: [{ template: 'Sort', weight: 1, maps: 1 }] },
    });
    const g = gaps(jobs.map((j) => j.submit));
    g.forEach((gap, i) => ((i + 1) % 5 === 0 ? expect(gap).not.toBe(2) : expect(gap).toBe(2)));
  });

  it('sequential: a chain, each job waiting for the previous one', () => {
    const jobs = expand({ generate: { count: 4, arrival: { kind: 'sequential' }, mix: [{ template: 'Sort', weight: 1, maps: 1 }] } });
    expect(jobs.map((j) => j.dependsOn)).toEqual([[], ['g1'], ['g2'], ['g3']]);
  });

  it('mix: templates in proportion to their weights, map counts within the range', () => {
    const jobs = expand({
      generate: {
        count: 4000,
        arrival: { kind: 'batch' },
        mix: [
          { template: 'Sort', weight: 3, maps: [5, 9] },
          { template: 'Pi', weight: 1, maps: 2 },
        ],
      },
    });
    const sorts = jobs.filter((j) => j.template === 'Sort');
    expect(sorts.length / jobs.length).toBeGreaterThan(0.72);
    expect(sorts.length / jobs.length).toBeLessThan(0.78);
    expect(new Set(sorts.map((j) => j.maps))).toEqual(new Set([5, 6, 7, 8, 9]));
    expect(jobs.filter((j) => j.template === 'Pi').every((j) => j.maps === 2)).toBe(true);
  });

  it('is seeded: the same seed gives the same jobs, another seed others', () => {
    const w: WorkloadSpecInput = {
      generate: { count: 50, arrival: { kind: 'poisson', meanInterarrivalS: 5 }, mix: [{ template: 'Sort', weight: 1, maps: [1, 100] }] },
    };
    expect(expand(w, 3)).toEqual(expand(w, 3));
    expect(expand(w, 3)).not.toEqual(expand(w, 4));
  });

  it("the Facebook mix of ILA Table 4: 25 jobs, known templates, the table's sizes", () => {
    expect(FACEBOOK_MIX.mix.reduce((s, m) => s + m.weight, 0)).toBe(25);
    for (const m of FACEBOOK_MIX.mix) expect(TEMPLATE_NAMES).toContain(m.template);
    const jobs = expand({ generate: FACEBOOK_MIX }, 1);
    expect(jobs).toHaveLength(25);
    for (const j of jobs) expect([1, 2, 10, 20, 40, 120, 250, 480, 600, 1000]).toContain(j.maps);
  });

  it("a mix row may say how much each map writes: the job's output follows its drawn size", () => {
    const jobs = expand({
      generate: {
        count: 20,
        arrival: { kind: 'batch' },
        mix: [
          { template: 'TeraGen', weight: 1, maps: [1, 50], outputMbPerMap: 128 },
          { template: 'Sort', weight: 1, maps: 3 },
        ],
      },
    });
    for (const j of jobs) expect(j.outputMb).toBe(j.template === 'TeraGen' ? 128 * j.maps! : undefined);
    // The Facebook mix's generators write one 128 MB block per map, as the ILA preset does.
    const fb = expand({ generate: FACEBOOK_MIX }, 2).filter((j) => j.template === 'TeraGen' || j.template === 'RWrite');
    expect(fb.length).toBeGreaterThan(0);
    for (const j of fb) expect(j.outputMb).toBe(128 * j.maps!);
  });
});

const mixMaps = (maps: unknown) => ({ generate: { count: 5, arrival: { kind: 'batch' }, mix: [{ template: 'Sort', weight: 1, maps }] } });

describe('workload validation names the field and the problem', () => {
  const problems = (w: unknown) => {
    const r = WorkloadSpecSchema.safeParse(w);
    return r.success ? [] : problemsOf(r.error).map((p) => `${p.field}: ${p.message}`);
  };
  it.each([
    [{ jobs: [] }, 'jobs: a workload needs jobs or a generator'],
    [{ jobs: [{ template: 'Sort', submit: -1 }] }, 'jobs.0.submit: must be at least 0'],
    // Worded as the deadline factor's rule is, beside it in the jobs table.
    [{ jobs: [{ template: 'Sort', submit: 0, deadline: 0 }] }, 'jobs.0.deadline: must be greater than 0'],
    [{ jobs: [{ template: 'Sort', submit: 0, deadlineFactor: -1 }] }, 'jobs.0.deadlineFactor: must be greater than 0'],
    [{ jobs: [{ template: 'Sort', submit: 0, maps: 2.5 }] }, 'jobs.0.maps: must be a whole number'],
    [{ jobs: [{ template: 'Sort', submit: 0, maps: 2e6 }] }, 'jobs.0.maps: must be at most 1,000,000'],
    [
      {
        jobs: [
          { id: 'a', template: 'Sort', submit: 0 },
          { id: 'a', template: 'Sort', submit: 1 },
        ],
      },
      'jobs.1.id: duplicate job id "a"',
    ],
    [{ jobs: [{ template: 'Sort', submit: 0, dependsOn: ['ghost'] }] }, 'jobs.0.dependsOn.0: unknown job id "ghost"'],
    [
      { jobs: [{ id: 'a', template: 'Sort', submit: 0, dependsOn: ['a'] }] },
      'jobs.0.dependsOn.0: a cycle of dependencies (a → a): none of these jobs could ever start',
    ],
    [
      {
        jobs: [
          { id: 'extract', template: 'Sort', submit: 0 },
          { id: 'a', template: 'Sort', submit: 0, dependsOn: ['extract', 'b'] },
          { id: 'b', template: 'Sort', submit: 0, dependsOn: ['c'] },
          { id: 'c', template: 'Sort', submit: 0, dependsOn: ['extract', 'a'] },
        ],
      },
      'jobs.3.dependsOn.1: a cycle of dependencies (a → b → c → a): none of these jobs could ever start',
    ],
    [{ generate: { count: 0, arrival: { kind: 'batch' }, mix: [{ template: 'Sort', weight: 1, maps: 1 }] } }, 'generate.count: at least 1 job'],
    [
      { generate: { count: 5, arrival: { kind: 'poisson', meanInterarrivalS: 0 }, mix: [{ template: 'Sort', weight: 1, maps: 1 }] } },
      'generate.arrival.meanInterarrivalS: must be greater than 0',
    ],
    [{ generate: { count: 5, arrival: { kind: 'batch' }, mix: [] } }, 'generate.mix: the mix needs at least one template'],
    [{ jobs: [{ template: 'Sort', submit: 1e17 }] }, 'jobs.0.submit: must be at most 1,000,000,000 s (about 32 years)'],
    [
      { generate: { count: 5, arrival: { kind: 'batch', at: 2e9 }, mix: [{ template: 'Sort', weight: 1, maps: 1 }] } },
      'generate.arrival.at: must be at most 1,000,000,000 s (about 32 years)',
    ],
    [
      { generate: { count: 5, arrival: { kind: 'batch' }, mix: [{ template: 'TeraGen', weight: 1, maps: 1, outputMbPerMap: -1 }] } },
      'generate.mix.0.outputMbPerMap: must be at least 0',
    ],
    // A mix row's maps: the job's own limit, a range low to high, and words for anything else.
    [mixMaps([20, 1]), 'generate.mix.0.maps: the low end of the range must not exceed the high end'],
    [mixMaps(2e9), 'generate.mix.0.maps: must be at most 1,000,000'],
    [mixMaps([1, 2e9]), 'generate.mix.0.maps.1: must be at most 1,000,000'],
    [mixMaps(0), 'generate.mix.0.maps: must be at least 1'],
    [mixMaps('many'), 'generate.mix.0.maps: must be a number of maps, or a range such as 1-20'],
    [
      { generate: { count: 5, arrival: { kind: 'batch' }, mix: [{ template: 'Sort', weight: 1, maps: 1, reduces: 2e5 }] } },
      'generate.mix.0.reduces: must be at most 100,000',
    ],
  ])('%j', (w, message) => {
    expect(problems(w)).toContain(message);
  });

  it('refuses arrivals past 1,000,000,000 s, where a run would never end, and only on the way in', () => {
    // At the limit it runs; a result recorded with a later job still opens (read as it ran), but is not run again.
    expect(problems({ jobs: [{ template: 'Sort', submit: 1e9 }] })).toEqual([]);
    const recorded = RecordedWorkloadSpecSchema.parse({ name: 'old', jobs: [{ template: 'Sort', submit: 1e17 }] });
    expect(() => expandJobs(recorded, 1)).toThrow('job 1 › submit (s): must be at most 1,000,000,000 s (about 32 years)');
    // A generator's arrivals are drawn per seed: the first past the limit is refused with its seed, job and time.
    const far = WorkloadSpecSchema.parse({
      name: 'far',
      generate: { count: 3, arrival: { kind: 'poisson', meanInterarrivalS: 1e12 }, mix: [{ template: 'Sort', weight: 1, maps: 1 }] },
    });
    expect(() => expandJobs(far, 4)).toThrow(
      /^generate › arrival: with seed 4 job g2 would arrive at [\d,]+ s, past the 1,000,000,000 s \(about 32 years\) a run may last/,
    );
  });

  it('takes a long chain and a diamond of dependencies as they are: no cycle in them', () => {
    const chain = Array.from({ length: 100_000 }, (_, i) => ({ id: `j${i}`, template: 'Sort', submit: 0, dependsOn: i ? [`j${i - 1}`] : [] }));
    expect(problems({ jobs: chain })).toEqual([]);
    const diamond = [
      { id: 'top', template: 'Sort', submit: 0 },
      { id: 'left', template: 'Sort', submit: 0, dependsOn: ['top'] },
      { id: 'right', template: 'Sort', submit: 0, dependsOn: ['top'] },
      { id: 'bottom', template: 'Sort', submit: 0, dependsOn: ['left', 'right'] },
    ];
    expect(problems({ jobs: diamond })).toEqual([]);
  });
});

describe('generators for several MR-clusters (FAWKES)', () => {
  it('give each job the MR-cluster of its mix row, so one row per MR-cluster splits the load by weight', () => {
    const jobs = expand({
      generate: {
        count: 900,
        arrival: { kind: 'poisson', meanInterarrivalS: 5 },
        mix: [
          { template: 'WordCount', weight: 1, maps: [1, 8], mrCluster: 'c-1' },
          { template: 'Sort', weight: 2, maps: [1, 8], mrCluster: 'c-2' },
          { template: 'Sort', weight: 3, maps: 4, mrCluster: 'c-3' },
        ],
      },
    });
    const share = (c: string) => jobs.filter((j) => j.mrCluster === c).length / jobs.length;
    expect(share('c-1')).toBeCloseTo(1 / 6, 1);
    expect(share('c-2')).toBeCloseTo(2 / 6, 1);
    expect(share('c-3')).toBeCloseTo(3 / 6, 1);
    // Without one, a row's jobs name no MR-cluster (and sizes and arrivals are those of the same mix without them).
    const plain = expand({
      generate: {
        count: 900,
        arrival: { kind: 'poisson', meanInterarrivalS: 5 },
        mix: [
          { template: 'WordCount', weight: 1, maps: [1, 8] },
          { template: 'Sort', weight: 2, maps: [1, 8] },
          { template: 'Sort', weight: 3, maps: 4 },
        ],
      },
    });
    expect(plain.every((j) => j.mrCluster === undefined)).toBe(true);
    expect(plain.map((j) => [j.submit, j.maps, j.template])).toEqual(jobs.map((j) => [j.submit, j.maps, j.template]));
  });
});

describe('a workload described in words', () => {
  const gen = (kind: 'batch' | 'poisson' | 'bursty' | 'sequential') => ({ count: 1200, arrival: { kind } });
  it('names only the parts it has, and its arrivals as the editor does', () => {
    expect(workloadJobsText({ jobs: [], generate: gen('poisson') })).toBe('1,200 generated (Poisson arrivals)');
    expect(workloadJobsText({ jobs: [1, 2, 3], generate: gen('batch') })).toBe('3 jobs + 1,200 generated (submitted all at once)');
    expect(workloadJobsText({ jobs: [1] })).toBe('1 job');
    expect(Object.values(ARRIVAL_WORDS).map((w) => w.choice)).toEqual(['Batch (all at once)', 'Poisson', 'Bursty (on/off)', 'Sequential (one after another)']);
  });
});
