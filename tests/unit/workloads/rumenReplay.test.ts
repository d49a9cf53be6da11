import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkloadSpecSchema } from '@shared/workload/workload';
import { RUMEN_TIMES_READING } from '@shared/workload/imports';
import { parseRumen } from '../../../src-main/workloads/traces/rumen';
import { compileJobs } from '../../../src-main/workloads/compile';
import { loadExperiment } from '../../../src-main/runner/loadExperiment';
import { cluster, fifo, run } from '../../helpers/engineFixtures';
import { useTempDirs } from '../../helpers/tempDir';

const tempDir = useTempDirs();

const wordcount = readFileSync(resolve(__dirname, '../../fixtures/traces/rumen/wordcount.json'), 'utf8');

/** A Rumen job with these tasks, one object per line. */
const job = (mapTasks: object[], reduceTasks: object[] = [], name = 'WordCount') =>
  JSON.stringify({ jobID: 'job_1', jobName: name, submitTime: 1000, mapTasks, reduceTasks });
const attempt = (startTime: number, finishTime: number, result = 'SUCCESS', more: object = {}) => ({ startTime, finishTime, result, ...more });

describe('a Rumen trace replays its task times when asked (docs/model.md "Trace replay")', () => {
  it('prices from bytes by default, as it always has: no task times, the named template', () => {
    const [j] = parseRumen(wordcount).jobs;
    expect(j.template).toBe('WordCount');
    expect(j.shuffleMb).toBeGreaterThan(0);
    for (const field of ['mapCpuSPerTask', 'mapSeconds', 'reduceCpuSPerTask', 'reduceSeconds']) expect(j).not.toHaveProperty(field);
    expect(parseRumen(wordcount).reading).toBeUndefined();
  });

  it("gives each map its successful attempt's time and each reduce its time after its shuffle (Hadoop's WordCount trace)", () => {
    const r = parseRumen(wordcount, Infinity, 'times');
    expect(r.problems).toEqual([]);
    const [j] = r.jobs;
    // Maps: 6.896, 6.528 and 4.058 s from start to finish; the reduce: 2.797 s from shuffleFinished to finish (of 9.952 s in all).
    expect(j).toMatchObject({
      template: 'Generic',
      maps: 3,
      reduces: 1,
      mapCpuSPerMb: 0,
      mapCpuSPerTask: 5.827,
      mapSeconds: [6.896, 6.528, 4.058],
      mapSelectivity: 0,
      reduceCpuSPerMb: 0,
      reduceCpuSPerTask: 2.797,
      reduceSeconds: [2.797],
    });
    // The maps still read their input; the timed reduce's shuffle and output are in its time, not moved again.
    expect(j.inputMb).toBeGreaterThan(0);
    expect(j).not.toHaveProperty('shuffleMb');
    expect(j).not.toHaveProperty('outputMb');
    expect(r.reading).toBe(RUMEN_TIMES_READING);
    expect(WorkloadSpecSchema.safeParse({ jobs: r.jobs }).success).toBe(true);
  });

  it('takes the attempt that succeeded, and the mean for a task none of whose attempts did', () => {
    const [j] = parseRumen(
      job([
        { attempts: [attempt(0, 50_000, 'FAILED'), attempt(60_000, 62_000)] },
        { attempts: [attempt(0, 9_000, 'KILLED')] },
        { attempts: [attempt(0, 6_000)] },
      ]),
      Infinity,
      'times',
    ).jobs;
    expect(j).toMatchObject({ maps: 3, reduces: 0, mapCpuSPerTask: 4, mapSeconds: [2, 4, 6] });
  });

  it('keeps the bytes of a kind without times: untimed reduces receive and write what the trace says', () => {
    const [j] = parseRumen(
      job([{ inputBytes: 2 ** 20, outputBytes: 3 * 2 ** 20, attempts: [attempt(0, 5_000)] }], [{ outputBytes: 2 ** 20, attempts: [] }], 'Sort'),
      Infinity,
      'times',
    ).jobs;
    expect(j).toMatchObject({ template: 'Generic', mapCpuSPerTask: 5, mapSeconds: [5], shuffleMb: 3, outputMb: 1 });
    expect(j).not.toHaveProperty('reduceCpuSPerTask');
    expect(j).not.toHaveProperty('mapSelectivity');
  });

  it('names an attempt that ends before it starts, or runs past a day, at its field', () => {
    const r = parseRumen(
      [
        job([{ attempts: [attempt(5_000, 4_000)] }]),
        job([{ attempts: [attempt(0, 1_000)] }], [{ attempts: [attempt(0, 8_000, 'SUCCESS', { shuffleFinished: 9_000 })] }]),
        job([{ attempts: [attempt(0, 1_000)] }, { attempts: [attempt(0, 86_400_001)] }]),
      ].join('\n'),
      Infinity,
      'times',
    );
    expect(r.problems).toEqual([
      { line: 1, field: 'mapTasks.0.attempts.0.finishTime', message: "ends at 4000 ms, before the attempt's start (5000 ms)" },
      { line: 2, field: 'reduceTasks.0.attempts.0.finishTime', message: "ends at 8000 ms, before the attempt's shuffle ends (9000 ms)" },
      {
        line: 3,
        field: 'mapTasks.1.attempts.0.finishTime',
        message: 'an attempt of 86400001 ms runs longer than a day (86,400,000 ms), the longest the studio replays',
      },
    ]);
    expect(r.jobs).toEqual([]);
  });

  it('runs each map for its traced time and the reduce for its own after the last map', () => {
    const [spec] = parseRumen(wordcount, Infinity, 'times').jobs;
    const jobs = compileJobs(WorkloadSpecSchema.parse({ jobs: [spec] }).jobs, 128);
    const r = run(cluster(1, 4), jobs, fifo(2, 1), { recordAttempts: true, contention: 'full' });
    const maps: number[] = [];
    let reduceEnd = 0;
    let lastMap = 0;
    for (let i = 0; i < r.records.length; i++) {
      if (r.records.task[i] < 3) {
        maps.push(Number((r.records.end[i] - r.records.start[i]).toFixed(3)));
        lastMap = Math.max(lastMap, r.records.end[i]);
      } else reduceEnd = r.records.end[i];
    }
    // Each map reads its split (under a MB) while it computes: its time is its attempt's.
    expect(maps).toEqual([6.896, 6.528, 4.058]);
    expect(reduceEnd - lastMap).toBeGreaterThan(2.797 * 0.7);
    expect(reduceEnd - lastMap).toBeLessThan(2.797 * 1.3);
  });

  it('replays the times from an experiment file that asks, and refuses the choice for a trace with one reading', () => {
    const dir = tempDir();
    const fixtures = resolve(__dirname, '../../fixtures/traces');
    copyFileSync(join(fixtures, 'rumen/wordcount.json'), join(dir, 'wc.json'));
    copyFileSync(join(fixtures, 'sls/inputsls.json'), join(dir, 'sls.json'));
    copyFileSync(resolve(__dirname, '../../../docs/examples/small.cluster.json'), join(dir, 'c.json'));
    const experiment = (trace: object) => {
      const file = join(dir, 'e.json');
      writeFileSync(file, JSON.stringify({ name: 'e', cluster: { file: 'c.json' }, workload: { trace }, schedulers: [{ kind: 'fifo' }] }));
      return () => loadExperiment(file);
    };
    const timed = experiment({ file: 'wc.json', replay: 'times' })();
    expect(timed.workload.jobs[0]).toMatchObject({ mapSeconds: [6.896, 6.528, 4.058], reduceSeconds: [2.797] });
    expect(experiment({ file: 'wc.json' })().workload.jobs[0]).not.toHaveProperty('mapSeconds');
    expect(experiment({ file: 'sls.json', replay: 'times' })).toThrow(
      /workload\.trace\.replay: "times" is for Hadoop Rumen traces; .*sls\.json reads as YARN SLS, which has one reading/,
    );
  });
});
